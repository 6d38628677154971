import { adminSubscribersTexts } from "~/content/admin";
import { adminPaths } from "~/lib/admin";
import { dateColumn, defineList } from "~/models/admin-lists/engine.server";
import { defineListScreen } from "~/models/admin-lists/view.server";

/**
 * Suscriptores (/admin/mails): docs/product.md#spec-2 columns ID and Email, searched by e-mail; plus the
 * date. The e-mail comes first (issue 12): it is what staff look for; the ID is a long code they rarely need.
 */
export const subscribersList = defineList({
  name: "suscriptores",
  table: "subscribers",
  columns: [
    { key: "email", label: "Email", value: (row) => row.email, sortBy: ["email"], searches: ["email"] },
    dateColumn("Fecha de suscripción"),
    { key: "id", label: "ID", value: (row) => row.id, showFrom: "md" },
  ],
  defaultSort: { key: "createdAt", direction: "desc" },
  ftsTable: "subscribers_search",
});

/** The subscribers' screen (routes/admin/subscribers.tsx) and CSV (routes/admin/subscribers-export.ts). */
export const subscribersScreen = defineListScreen({
  definition: subscribersList,
  path: adminPaths.subscribers,
  count: adminSubscribersTexts.count,
  short: ["createdAt"],
  headingCountsAll: true,
});

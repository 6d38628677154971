import { adminContactsTexts } from "~/content/admin";
import { adminPaths } from "~/lib/admin";
import { answeredColumn, answeredFilter, dateColumn, defineList } from "~/models/admin-lists/engine.server";
import { defineListScreen, truncateText } from "~/models/admin-lists/view.server";

/**
 * Contactos (/admin/contacts): docs/product.md#spec-2 columns name, email, subject, message; plus the date.
 */
export const contactsList = defineList({
  name: "contactos",
  table: "contactMessages",
  columns: [
    dateColumn("Fecha"),
    { key: "name", label: "Nombre", value: (row) => row.name, sortBy: ["name"], searches: ["name"] },
    { key: "email", label: "Email", value: (row) => row.email, searches: ["email"], showFrom: "md" },
    { key: "subject", label: "Asunto", value: (row) => row.subject, searches: ["subject"] },
    { key: "message", label: "Mensaje", value: (row) => row.message, showFrom: "lg" },
    answeredColumn("Respondido"),
    { key: "id", label: "ID", value: (row) => row.id, inTable: false },
  ],
  defaultSort: { key: "createdAt", direction: "desc" },
  filters: [answeredFilter("Respondidos")],
  ftsTable: "contact_messages_search",
});

/** The contact messages' screen (routes/admin/contacts.tsx) and CSV (routes/admin/contacts-export.ts). */
export const contactsScreen = defineListScreen({
  definition: contactsList,
  path: adminPaths.contacts,
  count: adminContactsTexts.count,
  display: { message: (row) => truncateText(row.message) },
  short: ["createdAt", "answered"],
  detailColumn: "subject",
});

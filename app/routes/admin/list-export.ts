import type { Route } from "./+types/list-export";
import { csvFileName, listCsvStream } from "~/models/admin-lists/engine.server";
import { requireAdminForData } from "~/services/auth.server";
import { getDb } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { listViewExportedAt } from "./list-view.server";

/**
 * The CSV downloads of the admin lists (/admin/orders/export.csv, /admin/quotes/export.csv,
 * /admin/contacts/export.csv, /admin/mails/export.csv; app/routes.ts registers this module once per
 * address, like the list screens, ./list.tsx): the list of the route's pattern, for the same query
 * as its screen (search, filters, sort; every page), streamed in batches. Data, so an anonymous
 * request gets 401, never a page. The search runs before the answer starts: a query that fails is
 * an error answer, not a file cut short.
 */
export async function loader({ request, pattern }: Route.LoaderArgs) {
  const admin = await requireAdminForData(request);
  const view = listViewExportedAt(pattern);
  if (!view) {
    throw new Error(`app/routes.ts registers routes/admin/list-export.ts at ${pattern}, no list's download`);
  }
  const url = new URL(request.url);
  const body = await listCsvStream(getDb(), view.definition, url.searchParams);
  logger.info({ adminId: admin.user.id, list: view.definition.name }, "Admin list exported");
  const headers = new Headers(admin.headers);
  headers.set("Content-Type", "text/csv; charset=utf-8");
  headers.set("Content-Disposition", `attachment; filename="${csvFileName(view.definition)}"`);
  headers.set("Cache-Control", "no-store");
  headers.set("X-Content-Type-Options", "nosniff");
  return new Response(body, { headers });
}

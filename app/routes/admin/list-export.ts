import type { Route } from "./+types/list-export";
import { csvFileName, listCsvStream } from "~/models/admin-lists/engine.server";
import { requireAdminForData } from "~/services/auth.server";
import { getDb } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { listViewExportedAt } from "./list-view.server";

/**
 * The CSV download of an admin list (/admin/orders/export.csv…; registered once per list, like
 * ./list.tsx): the same query as its screen, every page, streamed in batches. Data, so an anonymous
 * request gets 401. The search runs before the answer starts: a failing query is an error, not a
 * file cut short.
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

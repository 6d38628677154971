import { data } from "react-router";
import { csvFileName, listCsvStream, type ListDefinition } from "~/models/admin-lists/engine.server";
import { buildListView, type AdminListViewConfig } from "~/models/admin-lists/view.server";
import { requireAdmin, requireAdminForData } from "~/services/auth.server";
import { getDb } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";

/** A list screen's loader: the view of the request's URL, for staff only (anyone else signs in first). */
export function listViewLoader<Row extends { id: string }, Data>(screen: AdminListViewConfig<Row, Data>) {
  return async ({ request }: { request: Request }) => {
    const admin = await requireAdmin(request);
    const view = await buildListView(getDb(), screen, new URL(request.url));
    return data({ view }, { headers: admin.headers });
  };
}

/**
 * A list's CSV download (/admin/orders/export.csv…): the same query as its screen, every page,
 * streamed in batches. Data, so an anonymous request gets 401. The search runs before the answer
 * starts: a failing query is an error, not a file cut short.
 */
export function listCsvLoader<Row>(definition: ListDefinition<Row>) {
  return async ({ request }: { request: Request }) => {
    const admin = await requireAdminForData(request);
    const body = await listCsvStream(getDb(), definition, new URL(request.url).searchParams);
    logger.info({ adminId: admin.user.id, list: definition.name }, "Admin list exported");
    const headers = new Headers(admin.headers);
    headers.set("Content-Type", "text/csv; charset=utf-8");
    headers.set("Content-Disposition", `attachment; filename="${csvFileName(definition)}"`);
    headers.set("Cache-Control", "no-store");
    headers.set("X-Content-Type-Options", "nosniff");
    return new Response(body, { headers });
  };
}

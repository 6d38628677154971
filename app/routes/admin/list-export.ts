import type { Route } from "./+types/list-export";
import { listCsvResponse } from "~/services/admin-list-view.server";

/**
 * The CSV downloads of the admin lists (/admin/orders/export.csv, /admin/quotes/export.csv,
 * /admin/contacts/export.csv, /admin/mails/export.csv; app/routes.ts registers this module once per
 * address): the list of the address, for the same query as its screen. 401 when not signed in.
 */
export function loader({ request }: Route.LoaderArgs) {
  return listCsvResponse(request);
}

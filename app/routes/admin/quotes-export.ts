import { quotesList } from "~/models/admin-lists/quotes.server";
import { listCsvLoader } from "./list.server";

/** /admin/quotes/export.csv: the quotations as CSV (./list.server.ts). */
export const loader = listCsvLoader(quotesList);

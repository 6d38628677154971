import { ordersList } from "~/models/admin-lists/orders.server";
import { listCsvLoader } from "./list.server";

/** /admin/orders/export.csv: the orders as CSV (./list.server.ts). */
export const loader = listCsvLoader(ordersList);

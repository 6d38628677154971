import { subscribersList } from "~/models/admin-lists/subscribers.server";
import { listCsvLoader } from "./list.server";

/** /admin/mails/export.csv: the subscribers as CSV (./list.server.ts). */
export const loader = listCsvLoader(subscribersList);

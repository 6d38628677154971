import { contactsList } from "~/models/admin-lists/contacts.server";
import { listCsvLoader } from "./list.server";

/** /admin/contacts/export.csv: the contact messages as CSV (./list.server.ts). */
export const loader = listCsvLoader(contactsList);

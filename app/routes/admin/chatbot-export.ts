import { chatSessionsList } from "~/models/admin-lists/chatbot.server";
import { listCsvLoader } from "./list.server";

/** /admin/chatbot/export.csv: the chatbot's conversations as CSV (./list.server.ts). */
export const loader = listCsvLoader(chatSessionsList);

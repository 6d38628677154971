import { sql } from "kysely";
import { adminChatbotTexts } from "~/content/admin";
import { adminPaths, formatAdminDateTime } from "~/lib/admin";
import { defineList } from "~/models/admin-lists/engine.server";
import { defineListScreen } from "~/models/admin-lists/view.server";
import {
  chatDurationSeconds,
  chatSessionEnd,
  formatChatDuration,
} from "~/models/chatbot-conversations.server";

/** "Fin" in the CSV: when the conversation ended, or that it is still going on. */
function chatEndText(row: { startedAt: string; lastMessageAt: string; endedAt: string | null }) {
  const end = chatSessionEnd(row);
  return end === null ? adminChatbotTexts.active : formatAdminDateTime(end);
}

/**
 * Chatbot (/admin/chatbot): docs/product.md#spec-2 columns ID de sesión, ID de visitante, IP, Fecha,
 * Duración, Mensajes; plus the bot's answers that said it did not know (D17: what to add to the FAQ), and its
 * failed answers — did not know, low confidence or marked "No me sirvió" (issue 26, migration 0020) —, each
 * with a filter. The search looks into the ids and every message: the messages' text is kept on the session, folded
 * (search_text, migration 0010, docs/decisions/039), searched through the "Mensajes" column.
 * Duración and Fin are computed when read: until a session ends, up to now (docs/product.md#spec-2).
 */
export const chatSessionsList = defineList({
  name: "conversaciones",
  table: "chatSessions",
  columns: [
    { key: "id", label: "ID de sesión", value: (row) => row.id, searches: ["id"] },
    {
      key: "visitorId",
      label: "ID de visitante",
      value: (row) => row.visitorId,
      searches: ["visitorId"],
      showFrom: "md",
    },
    { key: "ip", label: "IP", value: (row) => row.visitorIp, showFrom: "lg" },
    {
      key: "startedAt",
      label: "Fecha",
      value: (row) => formatAdminDateTime(row.startedAt),
      sortBy: ["startedAt"],
      firstDirection: "desc",
    },
    { key: "endedAt", label: "Fin", value: chatEndText, inTable: false },
    {
      key: "duration",
      label: "Duración",
      value: (row) => formatChatDuration(chatDurationSeconds(row)),
    },
    {
      key: "messages",
      label: "Mensajes",
      value: (row) => row.messageCount,
      sortBy: ["messageCount"],
      firstDirection: "desc",
      searches: ["searchText"],
    },
    { key: "unanswered", label: "Sin respuesta", value: (row) => row.unansweredCount, showFrom: "lg" },
    { key: "failed", label: adminChatbotTexts.fields.failed, value: (row) => row.failedCount },
  ],
  defaultSort: { key: "startedAt", direction: "desc" },
  filters: [
    {
      key: "preguntas",
      label: "Conversaciones",
      allLabel: adminChatbotTexts.filterAll,
      options: [
        {
          value: "sin-resolver",
          label: adminChatbotTexts.failedFilter,
          where: () => sql`failed_count > 0`,
        },
        {
          value: "sin-responder",
          label: adminChatbotTexts.unansweredFilter,
          where: () => sql`unanswered_count > 0`,
        },
      ],
    },
  ],
  ftsTable: "chat_sessions_search",
  searchFolded: true,
});

/** The conversations' screen (routes/admin/chatbot.tsx) and CSV (routes/admin/chatbot-export.ts). */
export const chatSessionsScreen = defineListScreen({
  definition: chatSessionsList,
  path: adminPaths.chatbot,
  count: adminChatbotTexts.count,
  numeric: ["messages", "unanswered", "failed"],
  short: ["startedAt", "duration"],
  headingCountsAll: true,
  rowAction: {
    label: adminChatbotTexts.view,
    header: adminChatbotTexts.actionsColumn,
    name: (row) => adminChatbotTexts.viewLabel(formatAdminDateTime(row.startedAt)),
  },
});

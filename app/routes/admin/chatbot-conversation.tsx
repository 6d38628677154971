import { data } from "react-router";
import type { Route } from "./+types/chatbot-conversation";
import { ListLoadFailure, PageNotice, Panel } from "~/components/admin/admin-page";
import { BackToList } from "~/components/admin/admin-record";
import {
  ChatConversation,
  type ChatConversationData,
  type ChatConversationView,
} from "~/components/admin/chatbot-conversation";
import { adminChatbotTexts as texts } from "~/content/admin";
import { adminMeta, adminPaths, formatAdminDateTime } from "~/lib/admin";
import { formatChatDuration, getChatConversation } from "~/models/chatbot-conversations.server";
import { requireAdmin } from "~/services/auth.server";
import { getDb } from "~/infra/db.server";

/**
 * /admin/chatbot/:id: one chatbot conversation in full (docs/product.md#spec-2 "Chatbot"). The list's
 * "Ver conversación" reads this loader to fill its dialog; without JavaScript it is this page.
 * An unknown id answers 404 with `conversation: null` (data, not an error, so the dialog can say
 * it in place instead of the list's error boundary taking over).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const found = await getChatConversation(getDb(), params.id);
  if (!found) {
    return data({ conversation: null } satisfies ChatConversationData, {
      status: 404,
      headers: admin.headers,
    });
  }
  const numbers = new Intl.NumberFormat("es-CL");
  const conversation: ChatConversationView = {
    id: found.id,
    visitorId: found.visitorId,
    visitorIp: found.visitorIp,
    startedAt: formatAdminDateTime(found.startedAt),
    endedAt: found.endedAt === null ? null : formatAdminDateTime(found.endedAt),
    duration: formatChatDuration(found.durationSeconds),
    messageCount: numbers.format(found.messageCount),
    messages: found.messages.map((message) => ({
      seq: message.seq,
      role: message.role,
      content: message.content,
      // "22-11-2026 09:41" → "09:41": the day is the conversation's.
      time: formatAdminDateTime(message.createdAt).slice(-5),
      at: message.createdAt,
      failures: message.failures,
    })),
  };
  return data({ conversation } satisfies ChatConversationData, { headers: admin.headers });
}

export const meta: Route.MetaFunction = () => adminMeta(texts.detailMetaTitle, texts.detailMetaDescription);

export default function AdminChatConversation({ loaderData }: Route.ComponentProps) {
  const { conversation } = loaderData;
  if (!conversation) {
    return (
      <PageNotice title={texts.notFoundTitle}>
        <p className="mt-4 text-muted-foreground">{texts.notFound}</p>
        <p className="mt-8">
          <BackToList to={adminPaths.chatbot}>{texts.back}</BackToList>
        </p>
      </PageNotice>
    );
  }
  return (
    <div className="mx-auto max-w-3xl">
      <BackToList to={adminPaths.chatbot}>{texts.back}</BackToList>
      <h1 className="mt-3 text-2xl font-bold text-foreground">{texts.detailTitle}</h1>
      <p className="mt-1 text-sm wrap-anywhere text-muted-foreground">
        {texts.fields.sessionId}: {conversation.id}
      </p>
      <Panel id="conversacion" title={texts.detailTitle} hideTitle>
        <ChatConversation conversation={conversation} />
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <ListLoadFailure title={texts.detailTitle} message={texts.loadFailure} />;
}

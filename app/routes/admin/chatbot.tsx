import type { Route } from "./+types/chatbot";
import { AdminList } from "~/components/admin/admin-list";
import { ListLoadFailure } from "~/components/admin/admin-page";
import { ChatConversationLink } from "~/components/admin/chatbot-conversation";
import { adminChatbotTexts as texts, adminPageTitle } from "~/content/admin";
import { adminMeta } from "~/lib/admin";
import { chatSessionsScreen } from "~/models/admin-lists/chatbot.server";
import { listViewLoader } from "./list.server";

/** /admin/chatbot, "Chatbot" (docs/product.md#spec-2): models/admin-lists/chatbot.server.ts's list. */
export const loader = listViewLoader(chatSessionsScreen);

export const meta: Route.MetaFunction = () => adminMeta(adminPageTitle(texts.title), texts.metaDescription);

/** The heading counts every conversation; each row's "Ver conversación" opens it in a dialog. */
export default function AdminChatbot({ loaderData }: Route.ComponentProps) {
  return (
    <AdminList view={loaderData.view} title={texts.title} list={texts} RowAction={ChatConversationLink} />
  );
}

export const ErrorBoundary = () => <ListLoadFailure title={texts.title} message={texts.loadFailure} />;

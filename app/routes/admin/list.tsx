import { data, useMatches } from "react-router";
import type { Route } from "./+types/list";
import { AdminList, type AdminListRowActionProps, type AdminListTexts } from "~/components/admin/admin-list";
import { ChatConversationLink } from "~/components/admin/chat-conversation";
import { ListLoadFailure } from "~/components/admin/admin-page";
import {
  adminChatbotTexts,
  adminContactsTexts,
  adminOrdersTexts,
  adminPageTitle,
  adminQuotesTexts,
  adminSubscribersTexts,
} from "~/content/admin";
import { adminMeta } from "~/lib/admin-meta";
import { requireAdmin } from "~/services/auth.server";
import { getDb } from "~/infra/db.server";
import { buildListView, listViewAt } from "./list-view.server";

/**
 * The admin list screens (SPEC §2 "Pedidos", "Contactos", "Subscribers"; DECISIONS D18 "Cotizaciones"),
 * one module registered once per list in app/routes.ts, like the CSV downloads (./list-export.ts):
 * the route's pattern picks the list on the server, its id the texts in the browser (so the title
 * and the error boundary need no data).
 */
export async function loader({ request, pattern }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const list = listViewAt(pattern);
  if (!list)
    throw new Error(`app/routes.ts registers routes/admin/list.tsx at ${pattern}, no list's address`);
  const view = await buildListView(getDb(), list, new URL(request.url));
  return data({ view }, { headers: admin.headers });
}

interface ListTexts extends AdminListTexts {
  title: string;
  /** A heading with every row's count ("Total de suscriptores: 1.234"), for the subscribers. */
  countedTitle?: (total: string) => string;
  loadFailure: string;
  metaDescription: string;
  /** Renders each row's action (the chatbot's opens the conversation in a dialog). */
  RowAction?: React.ComponentType<AdminListRowActionProps>;
}

/** Each registration's texts, by the route id app/routes.ts gives it. */
const textsByRouteId: Record<string, ListTexts> = {
  "admin-orders": adminOrdersTexts,
  "admin-quotes": adminQuotesTexts,
  "admin-contacts": adminContactsTexts,
  "admin-subscribers": {
    ...adminSubscribersTexts,
    title: adminSubscribersTexts.heading,
    countedTitle: adminSubscribersTexts.title,
  },
  "admin-chatbot": { ...adminChatbotTexts, RowAction: ChatConversationLink },
};

/** The texts of the list shown: this route is the last match (it has no children). */
function listTexts(matches: ReadonlyArray<{ id: string } | undefined>): ListTexts {
  const texts = textsByRouteId[matches.at(-1)?.id ?? ""];
  if (!texts) throw new Error("routes/admin/list.tsx is registered under a route id it has no texts for");
  return texts;
}

const numbers = new Intl.NumberFormat("es-CL");

export const meta: Route.MetaFunction = ({ matches }) => {
  const texts = listTexts(matches);
  return adminMeta(adminPageTitle(texts.title), texts.metaDescription);
};

export default function AdminListPage({ loaderData }: Route.ComponentProps) {
  const texts = listTexts(useMatches());
  const { view } = loaderData;
  return (
    <AdminList
      view={view}
      title={
        texts.countedTitle && view.allRows !== undefined
          ? texts.countedTitle(numbers.format(view.allRows))
          : texts.title
      }
      list={texts}
      RowAction={texts.RowAction}
    />
  );
}

export function ErrorBoundary() {
  const texts = listTexts(useMatches());
  return <ListLoadFailure title={texts.title} message={texts.loadFailure} />;
}

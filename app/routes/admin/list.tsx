import { data, useMatches } from "react-router";
import type { Route } from "./+types/list";
import {
  AdminList,
  type AdminListCells,
  type AdminListRowActionProps,
  type AdminListTexts,
} from "~/components/admin/admin-list";
import { ChatConversationLink } from "~/components/admin/chatbot-conversation";
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
import { buildListView, listViewAt, type OrderRowData } from "./list-view.server";

/**
 * The admin list screens (docs/product.md#spec-2 "Pedidos", "Contactos", "Subscribers"; docs/product.md#d18
 * "Cotizaciones"), one module registered once per list in app/routes.ts, like the CSV downloads
 * (./list-export.ts): the route's pattern picks the list on the server, its id the texts in the browser (so
 * the title and the error boundary need no data).
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
  /** The list's own cells, by column key. */
  cells?: AdminListCells<unknown>;
}

/**
 * An order's status, with a flag when its shipping outside the continent waits for staff's quote
 * (amber: something to do) or was quoted: seen at a glance in the table and on a phone's cards
 * (docs/decisions/063, 072).
 */
const orderCells: AdminListCells<unknown> = {
  status: (row, text) => {
    const flag = (row.data as OrderRowData | undefined)?.shipping;
    if (!flag) return text;
    return (
      <span className="flex flex-wrap items-center gap-1.5">
        {text}
        <span
          className={
            flag === "toQuote"
              ? "rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-950"
              : "rounded-full border border-border bg-muted px-2 py-0.5 text-xs font-medium text-foreground"
          }
        >
          {adminOrdersTexts.shippingFlags[flag]}
        </span>
      </span>
    );
  },
};

/** Each registration's texts, by the route id app/routes.ts gives it. */
const textsByRouteId: Record<string, ListTexts> = {
  "admin-orders": { ...adminOrdersTexts, cells: orderCells },
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
      cells={texts.cells}
      RowAction={texts.RowAction}
    />
  );
}

export function ErrorBoundary() {
  const texts = listTexts(useMatches());
  return <ListLoadFailure title={texts.title} message={texts.loadFailure} />;
}

import { FileText, Mail, Newspaper, ShoppingCart, type LucideIcon } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { AdminPage, PageNotice, Panel } from "~/components/admin/admin-page";
import {
  adminContactsTexts,
  adminDashboardTexts as texts,
  adminOrdersTexts,
  adminPageTitle,
  adminQuotesTexts,
  adminSubscribersTexts,
} from "~/content/admin";
import { formatAdminDateTime } from "~/lib/admin-format";
import { adminMeta } from "~/lib/admin-meta";
import { adminPaths } from "~/lib/admin-paths";
import { formatPrice } from "~/lib/format";
import { getDashboardSummary } from "~/models/dashboard-admin.server";
import { orderStatuses, orderStatusLabels } from "~/lib/order-status";
import { requireAdmin } from "~/services/auth.server";
import { getDb } from "~/infra/db.server";

/**
 * /admin/dashboard (SPEC §2; DECISIONS D18): totals of orders (and by status), quotations, contact
 * messages and subscribers, and the 3 most recent of each. Pending gallery photos join with the gallery.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const summary = await getDashboardSummary(getDb());
  return data(
    {
      totals: summary.totals,
      ordersByStatus: orderStatuses.map((status) => ({
        status,
        label: orderStatusLabels[status],
        count: summary.ordersByStatus[status],
      })),
      recentOrders: summary.recentOrders.map((order) => ({
        id: order.id,
        primary: `${order.number} · ${order.customerName}`,
        secondary: `${order.kitName} · ${formatPrice(order.total)} · ${orderStatusLabels[order.status]}`,
        date: formatAdminDateTime(order.createdAt),
      })),
      recentQuotes: summary.recentQuotes.map((quote) => ({
        id: quote.id,
        primary: `${quote.fullName} · ${quote.company}`,
        secondary: quote.productName,
        date: formatAdminDateTime(quote.createdAt),
      })),
      recentContacts: summary.recentContactMessages.map((message) => ({
        id: message.id,
        primary: message.name,
        secondary: message.subject,
        date: formatAdminDateTime(message.createdAt),
      })),
      recentSubscribers: summary.recentSubscribers.map((subscriber) => ({
        id: subscriber.id,
        primary: subscriber.email,
        secondary: "",
        date: formatAdminDateTime(subscriber.createdAt),
      })),
    },
    { headers: admin.headers },
  );
}

export const meta: Route.MetaFunction = () => adminMeta(adminPageTitle(texts.title), texts.metaDescription);

const numbers = new Intl.NumberFormat("es-CL");

/** Each list's latest entries: the id of their heading, the list's address and its empty text. */
const recentLists = {
  orders: { id: "ultimos-pedidos", to: adminPaths.orders, empty: adminOrdersTexts.empty },
  quotes: { id: "ultimas-cotizaciones", to: adminPaths.quotes, empty: adminQuotesTexts.empty },
  contacts: { id: "ultimos-mensajes", to: adminPaths.contacts, empty: adminContactsTexts.empty },
  subscribers: {
    id: "ultimas-suscripciones",
    to: adminPaths.subscribers,
    empty: adminSubscribersTexts.empty,
  },
} as const;

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { totals, ordersByStatus } = loaderData;
  const cards: { label: string; value: number; icon: LucideIcon; to: string }[] = [
    { label: texts.ordersTotal, value: totals.orders, icon: ShoppingCart, to: adminPaths.orders },
    { label: texts.quotesTotal, value: totals.quotes, icon: FileText, to: adminPaths.quotes },
    { label: texts.contactsTotal, value: totals.contactMessages, icon: Mail, to: adminPaths.contacts },
    { label: texts.subscribersTotal, value: totals.subscribers, icon: Newspaper, to: adminPaths.subscribers },
  ];
  return (
    <AdminPage title={texts.title} intro={texts.intro} width="max-w-6xl">
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map(({ label, value, icon: Icon, to }) => (
          <li key={label}>
            <Link
              to={to}
              className="flex items-center justify-between rounded-xl border border-border bg-white p-5 hover:border-input"
            >
              <span>
                <span className="block text-sm font-medium text-muted-foreground">{label}</span>
                <span className="mt-1 block text-3xl font-bold text-foreground" data-testid={`total-${to}`}>
                  {numbers.format(value)}
                </span>
              </span>
              <Icon aria-hidden="true" className="size-8 text-primary" />
            </Link>
          </li>
        ))}
      </ul>

      <Panel id="pedidos-por-estado" title={texts.byStatus}>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {ordersByStatus.map(({ status, label, count }) => (
            <div key={status} className="rounded-lg bg-stone-50 px-3 py-2">
              <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
              <dd className="text-xl font-bold text-foreground">{numbers.format(count)}</dd>
            </div>
          ))}
        </dl>
      </Panel>

      {/* The panels' top margins space the rows. */}
      <div className="grid gap-x-6 lg:grid-cols-2">
        <RecentList list="orders" title={texts.recentOrders} items={loaderData.recentOrders} />
        <RecentList list="quotes" title={texts.recentQuotes} items={loaderData.recentQuotes} />
        <RecentList list="contacts" title={texts.recentContacts} items={loaderData.recentContacts} />
        <RecentList list="subscribers" title={texts.recentSubscribers} items={loaderData.recentSubscribers} />
      </div>
    </AdminPage>
  );
}

function RecentList({
  list,
  title,
  items,
}: {
  list: keyof typeof recentLists;
  title: string;
  items: { id: string; primary: string; secondary: string; date: string }[];
}) {
  const { id, to, empty } = recentLists[list];
  const seeAll = (
    <Link to={to} className="text-sm font-semibold text-primary underline">
      {texts.seeAll}
      <span className="sr-only">: {title}</span>
    </Link>
  );
  return (
    <Panel id={id} title={title} aside={seeAll}>
      {items.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-border">
          {items.map((item) => (
            <li key={item.id} className="py-3">
              <p className="font-medium text-foreground">{item.primary}</p>
              <p className="text-sm text-muted-foreground">
                {item.secondary ? `${item.secondary} · ` : ""}
                <span className="whitespace-nowrap">{item.date}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function ErrorBoundary() {
  return (
    <PageNotice title={texts.title}>
      <p role="alert" className="mt-4 text-muted-foreground">
        {texts.loadFailure}
      </p>
    </PageNotice>
  );
}

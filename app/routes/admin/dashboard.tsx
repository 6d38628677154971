import { Bot, FileText, Images, Mail, Newspaper, ShoppingCart, type LucideIcon } from "lucide-react";
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
import { adminMeta, adminPaths, formatAdminDateTime } from "~/lib/admin";
import { formatPrice } from "~/lib/format";
import {
  countAwaitingShippingQuote,
  countPaidWithoutDocument,
  getChatSummary,
  getDashboardSummary,
  getSalesSummary,
  type DaySales,
} from "~/models/dashboard.server";
import { galleryTabHref } from "~/models/admin-lists/gallery.server";
import { gallerySummary } from "~/models/gallery.server";
import { orderStatuses, orderStatusLabels } from "~/lib/order-status";
import { requireAdmin } from "~/services/auth.server";
import { getDb } from "~/infra/db.server";

/**
 * /admin/dashboard (docs/product.md#spec-2; docs/product.md#d18; issue 12): sales today, in 7 and 30 days
 * with a daily chart, the orders unpaid for more than 48 hours, totals of orders (and by status), quotations,
 * contact messages and subscribers, and the 3 most recent of each; the chatbot's week, and the gallery
 * photos waiting for moderation (with a link to that tab).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  const [summary, sales, chat, gallery, awaitingQuote, awaitingDocument] = await Promise.all([
    getDashboardSummary(db),
    getSalesSummary(db),
    getChatSummary(db),
    gallerySummary(db),
    countAwaitingShippingQuote(db),
    countPaidWithoutDocument(db),
  ]);
  const period = (label: string, { count, total }: { count: number; total: number }) => ({
    label,
    count: texts.salesCount(numbers.format(count)),
    total: formatPrice(total),
  });
  return data(
    {
      sales: {
        periods: [
          period(texts.salesToday, sales.today),
          period(texts.salesWeek, sales.week),
          period(texts.salesMonth, sales.month),
        ],
        daily: sales.daily.map((day) => ({
          ...day,
          label: dayLabel(day),
          totalText: formatPrice(day.total),
        })),
      },
      chat: {
        sessions: numbers.format(chat.sessions),
        unanswered: numbers.format(chat.unanswered),
        lowConfidence: numbers.format(chat.lowConfidence),
        notHelpful: numbers.format(chat.notHelpful),
      },
      gallery: { pending: numbers.format(gallery.pending), href: galleryTabHref("pending") },
      // Orders outside the continent waiting for their shipping cost (D25).
      awaitingQuote: awaitingQuote > 0 ? texts.awaitingQuote(numbers.format(awaitingQuote)) : null,
      // Paid orders whose boleta or factura is not recorded yet (D24).
      awaitingDocument:
        awaitingDocument > 0 ? texts.awaitingDocument(numbers.format(awaitingDocument)) : null,
      unpaid: {
        more: sales.unpaid.count - sales.unpaid.orders.length,
        orders: sales.unpaid.orders.map((order) => ({
          id: order.id,
          primary: `${order.number} · ${order.customerName}`,
          secondary: `${order.linesSummary} · ${formatPrice(order.total)}`,
          date: formatAdminDateTime(order.createdAt),
        })),
      },
      totals: summary.totals,
      ordersByStatus: orderStatuses.map((status) => ({
        status,
        label: orderStatusLabels[status],
        count: summary.ordersByStatus[status],
      })),
      recentOrders: summary.recentOrders.map((order) => ({
        id: order.id,
        primary: `${order.number} · ${order.customerName}`,
        secondary: `${order.linesSummary} · ${formatPrice(order.total)} · ${orderStatusLabels[order.status]}`,
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

/** "2026-11-24" → "24-11", as the chart's days read. */
function dayLabel({ day }: DaySales): string {
  const [, month, date] = day.split("-");
  return `${date}-${month}`;
}

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
      <Panel id="ventas" title={texts.sales}>
        <p className="mt-1 text-sm text-muted-foreground">{texts.salesNote}</p>
        <dl className="mt-3 grid gap-3 sm:grid-cols-3">
          {loaderData.sales.periods.map((period) => (
            <div key={period.label} className="rounded-lg bg-stone-50 px-4 py-3">
              <dt className="text-sm font-medium text-muted-foreground">{period.label}</dt>
              <dd className="mt-1 text-2xl font-bold text-foreground">{period.total}</dd>
              <dd className="text-sm text-muted-foreground">{period.count}</dd>
            </div>
          ))}
        </dl>
        <SalesChart daily={loaderData.sales.daily} />
      </Panel>

      <OrdersToAttend
        to={`${adminPaths.orders}?envio=por-cotizar`}
        text={loaderData.awaitingQuote}
        testId="awaiting-shipping-quote"
      />
      <OrdersToAttend
        to={`${adminPaths.orders}?emision=sin-emitir`}
        text={loaderData.awaitingDocument}
        testId="awaiting-document"
      />

      <Panel id="pendientes-de-pago" title={texts.unpaidTitle}>
        {loaderData.unpaid.orders.length === 0 ? (
          <p className="mt-3 text-sm text-muted-foreground">{texts.unpaidEmpty}</p>
        ) : (
          <>
            <p className="mt-1 text-sm text-muted-foreground">{texts.unpaidIntro}</p>
            <ul className="mt-3 divide-y divide-border">
              {loaderData.unpaid.orders.map((order) => (
                <li key={order.id} className="py-3">
                  <Link
                    to={`${adminPaths.orders}/${order.id}`}
                    className="font-medium text-foreground underline-offset-2 hover:underline"
                  >
                    {order.primary}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    {order.secondary} · <span className="whitespace-nowrap">{order.date}</span>
                  </p>
                </li>
              ))}
            </ul>
            {loaderData.unpaid.more > 0 ? (
              <p className="mt-2 text-sm text-muted-foreground">
                {texts.unpaidMore(numbers.format(loaderData.unpaid.more))}
              </p>
            ) : null}
          </>
        )}
      </Panel>

      <Panel id="chatbot" title={texts.chatTitle}>
        <p className="mt-1 text-sm text-muted-foreground">{texts.chatNote}</p>
        <dl className="mt-3 grid gap-3 sm:grid-cols-2">
          {(
            [
              [texts.chatSessions, loaderData.chat.sessions],
              [texts.chatUnanswered, loaderData.chat.unanswered],
              [texts.chatLowConfidence, loaderData.chat.lowConfidence],
              [texts.chatNotHelpful, loaderData.chat.notHelpful],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="rounded-lg bg-stone-50 px-4 py-3">
              <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
              <dd className="mt-1 text-2xl font-bold text-foreground">{value}</dd>
            </div>
          ))}
        </dl>
        <Link
          to={`${adminPaths.chatbot}?preguntas=sin-resolver`}
          className="mt-3 inline-flex items-center gap-2 text-sm font-semibold text-primary underline"
        >
          <Bot aria-hidden="true" className="size-4" />
          {texts.chatReview}
        </Link>
      </Panel>

      <Panel id="galeria" title={texts.galleryTitle}>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <dl className="rounded-lg bg-stone-50 px-4 py-3">
            <dt className="text-sm font-medium text-muted-foreground">{texts.galleryPending}</dt>
            <dd className="mt-1 text-2xl font-bold text-foreground" data-testid="gallery-pending">
              {loaderData.gallery.pending}
            </dd>
          </dl>
          <Link
            to={loaderData.gallery.href}
            className="inline-flex items-center gap-2 text-sm font-semibold text-primary underline"
          >
            <Images aria-hidden="true" className="size-4" />
            {texts.galleryReview}
          </Link>
        </div>
      </Panel>

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

/** A line about orders waiting for staff (a shipping quote, a document), linking to them in the list. */
function OrdersToAttend({ to, text, testId }: { to: string; text: string | null; testId: string }) {
  return text ? (
    <p className="mt-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-foreground">
      <Link to={to} className="font-semibold underline underline-offset-2" data-testid={testId}>
        {text}
      </Link>
    </p>
  ) : null;
}

/**
 * Daily sales as bars, drawn on the server at a fixed size (no layout shift). The figure is an image
 * with a one-line summary for screen readers, and the same figures as a table they can read.
 */
function SalesChart({ daily }: { daily: (DaySales & { label: string; totalText: string })[] }) {
  const height = 80;
  const barWidth = 8;
  const step = 10;
  const highest = Math.max(0, ...daily.map((day) => day.total));
  const best = daily.find((day) => day.total === highest);
  const summary =
    highest > 0 && best
      ? texts.chartSummary(
          formatPrice(daily.reduce((sum, day) => sum + day.total, 0)),
          `${best.label} (${best.totalText})`,
        )
      : texts.chartNoSales;
  return (
    <figure className="mt-5">
      <figcaption className="text-sm font-semibold text-foreground">{texts.chartTitle}</figcaption>
      <svg
        role="img"
        aria-label={`${texts.chartTitle}. ${summary}`}
        viewBox={`0 0 ${daily.length * step} ${height + 14}`}
        className="mt-2 h-32 w-full"
        preserveAspectRatio="none"
      >
        <line
          x1="0"
          y1={height}
          x2={daily.length * step}
          y2={height}
          className="stroke-border"
          strokeWidth="0.5"
        />
        {daily.map((day, index) => {
          const barHeight =
            highest > 0 ? Math.max(day.total > 0 ? 2 : 0, (day.total / highest) * (height - 4)) : 0;
          return (
            <rect
              key={day.day}
              x={index * step + 1}
              y={height - barHeight}
              width={barWidth}
              height={barHeight}
              rx="1"
              className="fill-primary"
            >
              <title>{`${day.label}: ${day.totalText} (${texts.salesCount(numbers.format(day.count))})`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
        <span>{daily[0]?.label}</span>
        <span>{daily.at(-1)?.label}</span>
      </div>
      <table className="sr-only">
        <caption>{texts.chartTitle}</caption>
        <thead>
          <tr>
            <th scope="col">{texts.chartDay}</th>
            <th scope="col">{texts.chartOrders}</th>
            <th scope="col">{texts.chartTotal}</th>
          </tr>
        </thead>
        <tbody>
          {daily.map((day) => (
            <tr key={day.day}>
              <th scope="row">{day.label}</th>
              <td>{day.count}</td>
              <td>{day.totalText}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
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

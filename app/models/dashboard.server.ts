import { sql } from "kysely";
import { initialOrderStatus, isOrderStatus, orderStatuses, type OrderStatus } from "~/lib/order-status";
import { paidWithoutDocument } from "~/models/orders.server";
import type { Db } from "~/infra/db.server";

/**
 * The admin dashboard's figures (docs/product.md#spec-2 "/admin/dashboard", §9 "3 most recent items per
 * list"; docs/product.md#d18), read in parallel through the created_at and status indexes: no table is read
 * whole.
 */

const recentCount = 3;
const count = sql<number | string>`count(*)`.as("n");

/** An order that was paid is a sale: pending and cancelled orders are not (docs/product.md#d9). */
const saleStatuses = ["pagado", "en_preparacion", "enviado", "entregado"] as const;
/** Days of the daily sales chart, ending today. */
export const salesChartDays = 30;
/** An unpaid order older than this is listed to follow up. */
const unpaidFollowUpHours = 48;
const unpaidListed = 10;

/** The Chilean calendar day of a time, "2026-11-24" (the shop's days are Chile's). */
const chileDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Santiago",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The `count` calendar days ending with `today` ("2026-11-24"), oldest first. */
function daysEnding(today: string, count: number): string[] {
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, index) =>
    new Date(Date.UTC(year, month - 1, day - (count - 1 - index))).toISOString().slice(0, 10),
  );
}

export interface DaySales {
  day: string;
  count: number;
  total: number;
}

/**
 * Sales by Chilean day of the order over the last `salesChartDays` days (today last), and the
 * orders still unpaid after `unpaidFollowUpHours`, oldest first.
 */
export async function getSalesSummary(db: Db, now: Date = new Date()) {
  const days = daysEnding(chileDay.format(now), salesChartDays).map((day): DaySales => ({
    day,
    count: 0,
    total: 0,
  }));
  const byDay = new Map(days.map((entry) => [entry.day, entry]));
  // A day more than the chart, so that the first Chilean day is whole whatever the time zone.
  const since = new Date(now.getTime() - (salesChartDays + 1) * 86_400_000).toISOString();
  const cutoff = new Date(now.getTime() - unpaidFollowUpHours * 3_600_000).toISOString();
  const unpaid = db
    .selectFrom("orders")
    .where("status", "=", initialOrderStatus)
    .where("createdAt", "<", cutoff);
  const [sales, unpaidCount, unpaidOrders] = await Promise.all([
    db
      .selectFrom("orders")
      .select(["total", "createdAt"])
      .where("createdAt", ">=", since)
      .where("status", "in", saleStatuses)
      .execute(),
    unpaid.select(count).executeTakeFirstOrThrow(),
    unpaid
      .select(["id", "number", "customerName", "linesSummary", "total", "createdAt"])
      .orderBy("createdAt", "asc")
      .limit(unpaidListed)
      .execute(),
  ]);
  for (const sale of sales) {
    const entry = byDay.get(chileDay.format(new Date(sale.createdAt)));
    if (!entry) continue;
    entry.count += 1;
    entry.total += sale.total;
  }
  const last = (n: number) =>
    days
      .slice(-n)
      .reduce((sum, entry) => ({ count: sum.count + entry.count, total: sum.total + entry.total }), {
        count: 0,
        total: 0,
      });
  return {
    today: last(1),
    week: last(7),
    month: last(salesChartDays),
    daily: days,
    unpaid: { count: Number(unpaidCount.n), orders: unpaidOrders },
  };
}

/** Days the chatbot's figures look back (issue 13: "this week"). */
export const chatSummaryDays = 7;

/**
 * The chatbot in the last `chatSummaryDays` days: conversations started, and its failed answers
 * (issue 26), each kind apart — said it did not know (a bot message without a topic: what staff
 * read to improve the FAQ), answered with low confidence, marked "No me sirvió" by the visitor —
 * and `failed`, the answers failed in any way, each once (an answer both unanswered and marked
 * "No" counts once there).
 */
export async function getChatSummary(db: Db, now: Date = new Date()) {
  const since = new Date(now.getTime() - chatSummaryDays * 24 * 3_600_000).toISOString();
  const [sessions, answers] = await Promise.all([
    db.selectFrom("chatSessions").select(count).where("startedAt", ">=", since).executeTakeFirstOrThrow(),
    db
      .selectFrom("chatMessages")
      .select((eb) => [
        eb.fn
          .sum<number | string | null>(eb.case().when("topic", "is", null).then(1).else(0).end())
          .as("unanswered"),
        eb.fn
          .sum<number | string | null>(
            eb
              .case()
              .when(eb.and([eb("topic", "is not", null), eb("lowConfidence", "=", 1)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as("lowConfidence"),
        eb.fn
          .sum<number | string | null>(eb.case().when("feedback", "=", "no").then(1).else(0).end())
          .as("notHelpful"),
        eb.fn
          .sum<number | string | null>(
            eb
              .case()
              .when(eb.or([eb("topic", "is", null), eb("lowConfidence", "=", 1), eb("feedback", "=", "no")]))
              .then(1)
              .else(0)
              .end(),
          )
          .as("failed"),
      ])
      .where("createdAt", ">=", since)
      .where("role", "=", "bot")
      .executeTakeFirstOrThrow(),
  ]);
  return {
    sessions: Number(sessions.n),
    unanswered: Number(answers.unanswered ?? 0),
    lowConfidence: Number(answers.lowConfidence ?? 0),
    notHelpful: Number(answers.notHelpful ?? 0),
    failed: Number(answers.failed ?? 0),
  };
}

export async function getDashboardSummary(db: Db) {
  const countRows = async (table: "quotes" | "contactMessages" | "subscribers") =>
    Number((await db.selectFrom(table).select(count).executeTakeFirstOrThrow()).n);
  const [statusCounts, quotes, contactMessages, subscribers, ...recent] = await Promise.all([
    db.selectFrom("orders").select(["status", count]).groupBy("status").execute(),
    countRows("quotes"),
    countRows("contactMessages"),
    countRows("subscribers"),
    db
      .selectFrom("orders")
      .select(["id", "number", "linesSummary", "customerName", "total", "status", "createdAt"])
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(recentCount)
      .execute(),
    db
      .selectFrom("quotes")
      .select(["id", "fullName", "company", "productName", "createdAt"])
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(recentCount)
      .execute(),
    db
      .selectFrom("contactMessages")
      .select(["id", "name", "subject", "createdAt"])
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(recentCount)
      .execute(),
    db
      .selectFrom("subscribers")
      .select(["id", "email", "createdAt"])
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(recentCount)
      .execute(),
  ]);
  // Every status of the lifecycle, 0 when no order has it.
  const ordersByStatus = Object.fromEntries(orderStatuses.map((status) => [status, 0])) as Record<
    OrderStatus,
    number
  >;
  for (const row of statusCounts) if (isOrderStatus(row.status)) ordersByStatus[row.status] = Number(row.n);
  const [recentOrders, recentQuotes, recentContactMessages, recentSubscribers] = recent;
  return {
    totals: {
      orders: Object.values(ordersByStatus).reduce((sum, n) => sum + n, 0),
      quotes,
      contactMessages,
      subscribers,
    },
    ordersByStatus,
    recentOrders,
    recentQuotes,
    recentContactMessages,
    recentSubscribers,
  };
}

/** Orders outside the continent waiting for staff to set their shipping cost (D25). */
export async function countAwaitingShippingQuote(db: Db): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", initialOrderStatus)
    .where("shippingKind", "=", "arranged")
    .where("shippingCost", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Paid orders still without their boleta or factura recorded (D24), through migration 0018's index. */
export async function countPaidWithoutDocument(db: Db): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select(count)
    .where(paidWithoutDocument())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

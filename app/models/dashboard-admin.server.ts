import { sql, type Selectable } from "kysely";
import { isOrderStatus, orderStatuses, type OrderStatus } from "~/lib/order-status";
import type { Db } from "~/infra/db.server";
import type { ContactMessagesTable, OrdersTable, QuotesTable, SubscribersTable } from "~/infra/db-schema";

/**
 * The admin dashboard's figures (SPEC §2 "/admin/dashboard", §9 "3 most recent items per list";
 * DECISIONS D18): totals of orders (and per status), quotations, contact messages and subscribers,
 * and the most recent of each, read in parallel. Counts and the newest rows use the created_at and
 * status indexes of migration 0002; no table is read whole.
 */

export const dashboardRecentCount = 3;

export type RecentOrder = Pick<
  Selectable<OrdersTable>,
  "id" | "number" | "kitName" | "customerName" | "total" | "status" | "createdAt"
>;
export type RecentQuote = Pick<
  Selectable<QuotesTable>,
  "id" | "fullName" | "company" | "productName" | "createdAt"
>;
export type RecentContactMessage = Pick<
  Selectable<ContactMessagesTable>,
  "id" | "name" | "subject" | "createdAt"
>;
export type RecentSubscriber = Pick<Selectable<SubscribersTable>, "id" | "email" | "createdAt">;

export interface DashboardSummary {
  totals: { orders: number; quotes: number; contactMessages: number; subscribers: number };
  /** Every status of the lifecycle, 0 when none has it. */
  ordersByStatus: Record<OrderStatus, number>;
  recentOrders: RecentOrder[];
  recentQuotes: RecentQuote[];
  recentContactMessages: RecentContactMessage[];
  recentSubscribers: RecentSubscriber[];
}

type CountedTable = "quotes" | "contactMessages" | "subscribers";

async function countRows(db: Db, table: CountedTable): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select(sql<number | string>`count(*)`.as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function ordersByStatus(db: Db): Promise<Record<OrderStatus, number>> {
  const rows = await db
    .selectFrom("orders")
    .select(["status", sql<number | string>`count(*)`.as("n")])
    .groupBy("status")
    .execute();
  const counts = Object.fromEntries(orderStatuses.map((status) => [status, 0])) as Record<
    OrderStatus,
    number
  >;
  for (const row of rows) if (isOrderStatus(row.status)) counts[row.status] = Number(row.n);
  return counts;
}

export async function getDashboardSummary(db: Db): Promise<DashboardSummary> {
  const limit = dashboardRecentCount;
  const [byStatus, quotes, contactMessages, subscribers, orders, recentQuotes, recentContacts, recentSubs] =
    await Promise.all([
      ordersByStatus(db),
      countRows(db, "quotes"),
      countRows(db, "contactMessages"),
      countRows(db, "subscribers"),
      db
        .selectFrom("orders")
        .select(["id", "number", "kitName", "customerName", "total", "status", "createdAt"])
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("quotes")
        .select(["id", "fullName", "company", "productName", "createdAt"])
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("contactMessages")
        .select(["id", "name", "subject", "createdAt"])
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("subscribers")
        .select(["id", "email", "createdAt"])
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute(),
    ]);
  return {
    totals: {
      orders: Object.values(byStatus).reduce((sum, n) => sum + n, 0),
      quotes,
      contactMessages,
      subscribers,
    },
    ordersByStatus: byStatus,
    recentOrders: orders,
    recentQuotes,
    recentContactMessages: recentContacts,
    recentSubscribers: recentSubs,
  };
}

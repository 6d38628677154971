import { sql } from "kysely";
import { isOrderStatus, orderStatuses, type OrderStatus } from "~/lib/order-status";
import type { Db } from "~/infra/db.server";

/**
 * The admin dashboard's figures (SPEC §2 "/admin/dashboard", §9 "3 most recent items per list";
 * DECISIONS D18): totals of orders (and per status), quotations, contact messages and subscribers,
 * and the most recent of each, read in parallel. Counts and the newest rows use the created_at and
 * status indexes of migration 0002; no table is read whole.
 */

export const dashboardRecentCount = 3;

export interface RecentOrder {
  id: string;
  number: string;
  kitName: string;
  customerName: string;
  total: number;
  status: OrderStatus;
  createdAt: string;
}

export interface RecentQuote {
  id: string;
  fullName: string;
  company: string;
  productName: string;
  createdAt: string;
}

export interface RecentContactMessage {
  id: string;
  name: string;
  subject: string;
  createdAt: string;
}

export interface RecentSubscriber {
  id: string;
  email: string;
  createdAt: string;
}

export interface DashboardSummary {
  totals: { orders: number; quotes: number; contactMessages: number; subscribers: number };
  /** Every status of the lifecycle, 0 when none has it. */
  ordersByStatus: Record<OrderStatus, number>;
  recentOrders: RecentOrder[];
  recentQuotes: RecentQuote[];
  recentContactMessages: RecentContactMessage[];
  recentSubscribers: RecentSubscriber[];
}

type CountedTable = "quotes" | "contact_messages" | "subscribers";

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
      countRows(db, "contact_messages"),
      countRows(db, "subscribers"),
      db
        .selectFrom("orders")
        .select(["id", "number", "kit_name", "customer_name", "total", "status", "created_at"])
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("quotes")
        .select(["id", "full_name", "company", "product_name", "created_at"])
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("contact_messages")
        .select(["id", "name", "subject", "created_at"])
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("subscribers")
        .select(["id", "email", "created_at"])
        .orderBy("created_at", "desc")
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
    recentOrders: orders.map((row) => ({
      id: row.id,
      number: row.number,
      kitName: row.kit_name,
      customerName: row.customer_name,
      total: row.total,
      status: row.status,
      createdAt: row.created_at,
    })),
    recentQuotes: recentQuotes.map((row) => ({
      id: row.id,
      fullName: row.full_name,
      company: row.company,
      productName: row.product_name,
      createdAt: row.created_at,
    })),
    recentContactMessages: recentContacts.map((row) => ({
      id: row.id,
      name: row.name,
      subject: row.subject,
      createdAt: row.created_at,
    })),
    recentSubscribers: recentSubs.map((row) => ({
      id: row.id,
      email: row.email,
      createdAt: row.created_at,
    })),
  };
}

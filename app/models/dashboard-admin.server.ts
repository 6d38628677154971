import { sql } from "kysely";
import { isOrderStatus, orderStatuses, type OrderStatus } from "~/lib/order-status";
import type { Db } from "~/infra/db.server";

/**
 * The admin dashboard's figures (SPEC §2 "/admin/dashboard", §9 "3 most recent items per list";
 * DECISIONS D18), read in parallel through the created_at and status indexes: no table is read whole.
 */

const recentCount = 3;
const count = sql<number | string>`count(*)`.as("n");

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
      .select(["id", "number", "kitName", "customerName", "total", "status", "createdAt"])
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

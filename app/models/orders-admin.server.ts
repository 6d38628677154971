import type { Selectable } from "kysely";
import {
  changeOrderStatus,
  isUuid,
  OrderStatusConflictError,
  type OrderStatusChange,
} from "~/models/orders.server";
import type { OrderStatus } from "~/lib/order-status";
import { withAdminTables } from "~/infra/admin-db-schema";
import type { Db } from "~/infra/db.server";
import type { OrdersTable } from "~/infra/db-schema";

/**
 * Orders as the back office reads and moves them (issue 4 "Pedidos"; DECISIONS D9): one order with
 * everything the customer sent, its status history with the staff member behind each change, and
 * a status change that refuses to act on a status the staff member did not see.
 */

/** Everything the customer sent with an order, and what the shop added. */
export type AdminOrderDetail = Selectable<OrdersTable>;

export interface AdminOrderHistoryEntry {
  id: string;
  /** Null for the order's creation. */
  from: OrderStatus | null;
  to: OrderStatus;
  changedAt: string;
  /** The staff member's id; null when the system or the customer made the change. */
  changedBy: string | null;
  /** Their name now; null for no staff member, or an id no account has. */
  changedByName: string | null;
}

/** The order with this id, or undefined for an unknown or malformed id. */
export async function getOrderForAdmin(db: Db, id: string): Promise<AdminOrderDetail | undefined> {
  if (!isUuid(id)) return undefined;
  return db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The names of these staff accounts, by id (disabled ones too; unknown ids are left out). */
export async function staffNamesById(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await withAdminTables(db)
    .selectFrom("adminUsers")
    .select(["id", "name"])
    .where("id", "in", unique)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Every status change of the order, oldest first, with the staff member's name. */
export async function getOrderHistory(db: Db, orderId: string): Promise<AdminOrderHistoryEntry[]> {
  if (!isUuid(orderId)) return [];
  const rows = await db
    .selectFrom("orderStatusChanges")
    .select(["id", "fromStatus", "toStatus", "changedBy", "changedAt"])
    .where("orderId", "=", orderId)
    .orderBy("changedAt", "asc")
    // Creation (from null) before a change made in the same millisecond.
    .orderBy((eb) => eb.case().when("fromStatus", "is", null).then(0).else(1).end())
    .execute();
  const names = await staffNamesById(
    db,
    rows.flatMap((row) => (row.changedBy ? [row.changedBy] : [])),
  );
  return rows.map((row) => ({
    id: row.id,
    from: row.fromStatus,
    to: row.toStatus,
    changedAt: row.changedAt,
    changedBy: row.changedBy,
    changedByName: row.changedBy ? (names.get(row.changedBy) ?? null) : null,
  }));
}

/**
 * Moves the order from `expectedFrom` — the status the staff member saw when choosing — to `to`,
 * through changeOrderStatus (the lifecycle of D9, the history row with `staffUserId`). If the order
 * meanwhile is in another status, nothing changes and OrderStatusConflictError is thrown, even when
 * `to` would be allowed from the new status: the choice was made about another situation. Also
 * throws OrderNotFoundError and OrderStatusTransitionError (from changeOrderStatus).
 */
export async function changeOrderStatusAsStaff(
  db: Db,
  id: string,
  expectedFrom: string,
  to: OrderStatus,
  staffUserId: string,
  now: Date = new Date(),
): Promise<OrderStatusChange> {
  return db.transaction().execute(async (trx) => {
    const current = isUuid(id)
      ? await trx.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirst()
      : undefined;
    if (current && current.status !== expectedFrom) {
      throw new OrderStatusConflictError(`Order ${id} is ${current.status}, not ${expectedFrom}`);
    }
    return changeOrderStatus(trx, id, to, staffUserId, now);
  });
}

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

/** Orders as the back office reads and moves them (issue 4 "Pedidos"; DECISIONS D9). */

export type AdminOrderDetail = Selectable<OrdersTable>;

/** The order with this id, or undefined for an unknown or malformed id. */
export async function getOrderForAdmin(db: Db, id: string): Promise<AdminOrderDetail | undefined> {
  if (!isUuid(id)) return undefined;
  return db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Every status change of the order, oldest first: `from` is null for its creation, `changedBy` for
 * a change not made by staff, `changedByName` also for an id no account has.
 */
export async function getOrderHistory(db: Db, orderId: string) {
  if (!isUuid(orderId)) return [];
  return (
    withAdminTables(db)
      .selectFrom("orderStatusChanges")
      .leftJoin("adminUsers", "adminUsers.id", "orderStatusChanges.changedBy")
      .select([
        "orderStatusChanges.id",
        "orderStatusChanges.fromStatus as from",
        "orderStatusChanges.toStatus as to",
        "orderStatusChanges.changedAt",
        "orderStatusChanges.changedBy",
        "adminUsers.name as changedByName",
      ])
      .where("orderStatusChanges.orderId", "=", orderId)
      .orderBy("orderStatusChanges.changedAt", "asc")
      // Creation (from null) before a change made in the same millisecond.
      .orderBy((eb) => eb.case().when("orderStatusChanges.fromStatus", "is", null).then(0).else(1).end())
      .execute()
  );
}

/**
 * Moves the order from `expectedFrom`, the status the staff member saw when choosing, to `to`
 * (changeOrderStatus: D9's lifecycle, the history row). If the order meanwhile moved, nothing
 * changes and OrderStatusConflictError is thrown, even when `to` would be allowed from the new
 * status: the choice was made about another situation.
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

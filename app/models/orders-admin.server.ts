import {
  changeOrderStatus,
  isUuid,
  OrderStatusConflictError,
  type OrderStatusChange,
} from "~/models/orders.server";
import type { OrderStatus } from "~/lib/order-status";
import { withAdminTables } from "~/infra/admin-db-schema";
import type { Db } from "~/infra/db.server";
import type { ShippingKind } from "~/infra/db-schema";

/**
 * Orders as the back office reads and moves them (issue 4 "Pedidos"; DECISIONS D9): one order with
 * everything the customer sent, its status history with the staff member behind each change, and
 * a status change that refuses to act on a status the staff member did not see.
 */

export interface AdminOrderDetail {
  id: string;
  number: string;
  kitId: string;
  kitName: string;
  unitPrice: number;
  shippingKind: ShippingKind;
  total: number;
  status: OrderStatus;
  customerName: string;
  email: string;
  phone: string;
  rut: string | null;
  regionCut: string;
  comunaCut: string;
  address: string;
  notes: string | null;
  termsAcceptedAt: string;
  createdAt: string;
  updatedAt: string;
}

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
  const row = await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    number: row.number,
    kitId: row.kit_id,
    kitName: row.kit_name,
    unitPrice: row.unit_price,
    shippingKind: row.shipping_kind,
    total: row.total,
    status: row.status,
    customerName: row.customer_name,
    email: row.email,
    phone: row.phone,
    rut: row.rut,
    regionCut: row.region_cut,
    comunaCut: row.comuna_cut,
    address: row.address,
    notes: row.notes,
    termsAcceptedAt: row.terms_accepted_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The names of these staff accounts, by id (disabled ones too; unknown ids are left out). */
export async function staffNamesById(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await withAdminTables(db)
    .selectFrom("admin_users")
    .select(["id", "name"])
    .where("id", "in", unique)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Every status change of the order, oldest first, with the staff member's name. */
export async function getOrderHistory(db: Db, orderId: string): Promise<AdminOrderHistoryEntry[]> {
  if (!isUuid(orderId)) return [];
  const rows = await db
    .selectFrom("order_status_changes")
    .select(["id", "from_status", "to_status", "changed_by", "changed_at"])
    .where("order_id", "=", orderId)
    .orderBy("changed_at", "asc")
    // Creation (from null) before a change made in the same millisecond.
    .orderBy((eb) => eb.case().when("from_status", "is", null).then(0).else(1).end())
    .execute();
  const names = await staffNamesById(
    db,
    rows.flatMap((row) => (row.changed_by ? [row.changed_by] : [])),
  );
  return rows.map((row) => ({
    id: row.id,
    from: row.from_status,
    to: row.to_status,
    changedAt: row.changed_at,
    changedBy: row.changed_by,
    changedByName: row.changed_by ? (names.get(row.changed_by) ?? null) : null,
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

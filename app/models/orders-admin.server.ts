import { sql, type Selectable } from "kysely";
import { withdrawUnsentMail } from "~/models/mail-queue.server";
import {
  changeOrderStatus,
  getOrderLines,
  isUuid,
  OrderNotFoundError,
  OrderStatusConflictError,
  statusMailDueAt,
  type OrderStatusChange,
} from "~/models/orders.server";
import { readFolio, type ManualPayment, type OrderStatusDetails } from "~/schemas/admin-records";
import { isPaidStatus, orderStatuses, type OrderStatus } from "~/lib/order-status";
import type { OrderLine } from "~/lib/order-lines";
import { withAdminTables } from "~/infra/admin-db-schema";
import { inTransaction, type Db } from "~/infra/db.server";
import type { OrdersTable, SiiDocumentType } from "~/infra/db-schema";

/** Orders as the back office reads and moves them (issue 4 "Pedidos"; docs/product.md#d9). */

export type AdminOrderDetail = Selectable<OrdersTable> & { lines: OrderLine[] };

/** The order with this id and its lines, or undefined for an unknown or malformed id. */
export async function getOrderForAdmin(db: Db, id: string): Promise<AdminOrderDetail | undefined> {
  if (!isUuid(id)) return undefined;
  const order = await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
  return order && { ...order, lines: await getOrderLines(db, id) };
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
        "orderStatusChanges.undoes",
        "orderStatusChanges.mailId",
        "orderStatusChanges.paymentMeans",
        "orderStatusChanges.paymentReference",
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
 * status: the choice was made about another situation. A change to "pagado" is staff's word
 * (orders.paid_by 'manual'), with how the customer paid and the operation number when given
 * (`payment`: the admin's form requires both; docs/decisions/060).
 */
export async function changeOrderStatusAsStaff(
  db: Db,
  id: string,
  expectedFrom: string,
  to: OrderStatus,
  staffUserId: string,
  {
    now = new Date(),
    details = {},
    payment,
  }: { now?: Date; details?: OrderStatusDetails; payment?: ManualPayment } = {},
): Promise<OrderStatusChange> {
  return db.transaction().execute(async (trx) => {
    const current = isUuid(id)
      ? await trx.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirst()
      : undefined;
    if (current && current.status !== expectedFrom) {
      throw new OrderStatusConflictError(`Order ${id} is ${current.status}, not ${expectedFrom}`);
    }
    return changeOrderStatus(trx, id, to, staffUserId, now, {
      details,
      ...(to === "pagado" ? { payment: { paidBy: "manual" as const, ...(payment ? payment : {}) } } : {}),
    });
  });
}

/**
 * How long staff can undo a status change they just made (docs/decisions/033-order-status-emails.md).
 * Shorter than statusMailDelayMs, so the customer's e-mail about it has not gone out.
 */
export const statusUndoWindowMs = 60_000;

/** The change can no longer be undone: too late, not the last one, or its e-mail already left. */
export class OrderStatusUndoError extends Error {
  override name = "OrderStatusUndoError";
}

/** Whether a payment of the order was given back through its provider (services/payments/refunds). */
async function hasProviderRefund(db: Db, orderId: string): Promise<boolean> {
  const refunded = await db
    .selectFrom("paymentAttempts")
    .select("id")
    .where("orderId", "=", orderId)
    .where("refundedAt", "is not", null)
    .limit(1)
    .executeTakeFirst();
  return refunded !== undefined;
}

/** The order's last change as stored, with the end of its undo minute, if it can still be undone. */
async function lastUndoableChange(db: Db, orderId: string, now: Date) {
  if (!isUuid(orderId)) return undefined;
  const last = await db
    .selectFrom("orderStatusChanges")
    .select(["id", "fromStatus", "toStatus", "changedAt", "changedBy", "undoes", "mailId"])
    .where("orderId", "=", orderId)
    .orderBy("changedAt", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!last || last.fromStatus === null || last.undoes !== null || last.changedBy === null) return undefined;
  // A cancellation that gave the payment back through the provider stands: the money left.
  if (last.toStatus === "cancelado" && (await hasProviderRefund(db, orderId))) return undefined;
  const until = new Date(new Date(last.changedAt).getTime() + statusUndoWindowMs);
  if (now >= until) return undefined;
  return { ...last, fromStatus: last.fromStatus, changedBy: last.changedBy, until: until.toISOString() };
}

/**
 * The order's last change, if it was made by staff and can still be undone at `now` (by the staff
 * member who made it): with the time the chance ends.
 */
export async function getUndoableChange(db: Db, orderId: string, now: Date = new Date()) {
  const last = await lastUndoableChange(db, orderId, now);
  if (!last) return undefined;
  return {
    id: last.id,
    from: last.fromStatus,
    to: last.toStatus,
    changedBy: last.changedBy,
    until: last.until,
  };
}

/**
 * Undoes the order's last status change, `changeId`, made by this staff member less than
 * statusUndoWindowMs ago:
 * the order goes back to the status before it (without the shipment's or cancellation's details it
 * added; an undone "pagado" leaves the order unpaid again, paid_by null), the customer's e-mail it
 * queued is withdrawn unsent, and a history row records the undo. A cancellation that refunded the
 * payment through the provider cannot be undone.
 * One transaction; OrderStatusUndoError when the change is not the last one, is older than the
 * window, or its e-mail was already taken by the mail worker.
 */
export async function undoOrderStatusChange(
  db: Db,
  orderId: string,
  changeId: string,
  staffUserId: string,
  now: Date = new Date(),
): Promise<OrderStatusChange> {
  return db.transaction().execute(async (trx) => {
    const order = isUuid(orderId)
      ? await trx.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirst()
      : undefined;
    if (!order) throw new OrderNotFoundError(orderId);
    const undoable = await lastUndoableChange(trx, orderId, now);
    if (
      !undoable ||
      undoable.id !== changeId ||
      undoable.toStatus !== order.status ||
      undoable.changedBy !== staffUserId
    ) {
      throw new OrderStatusUndoError(`Change ${changeId} of order ${orderId} can no longer be undone`);
    }
    if (undoable.mailId !== null) {
      const withdrawn = await withdrawUnsentMail(trx, undoable.mailId, statusMailDueAt(undoable.changedAt));
      const stillThere = await trx
        .selectFrom("mailQueue")
        .select("id")
        .where("id", "=", undoable.mailId)
        .executeTakeFirst();
      // Taken by a worker (or sent): the customer gets it, so the change stands. A message that is
      // gone altogether (erased with the customer's data) does not hold the undo back.
      if (!withdrawn && stillThere) {
        throw new OrderStatusUndoError(`The e-mail of change ${changeId} was already taken for sending`);
      }
    }
    const at = now.toISOString();
    const cleared =
      undoable.toStatus === "enviado"
        ? { courier: null, courierName: null, trackingNumber: null }
        : undoable.toStatus === "cancelado"
          ? { cancellationReason: null }
          : // Unpaid again: nobody has said it was paid.
            undoable.toStatus === "pagado"
            ? { paidBy: null }
            : {};
    const updated = await trx
      .updateTable("orders")
      .set({ status: undoable.fromStatus, updatedAt: at, ...cleared })
      .where("id", "=", orderId)
      .where("status", "=", undoable.toStatus)
      .executeTakeFirst();
    if (updated.numUpdatedRows !== 1n)
      throw new OrderStatusConflictError(`Order ${orderId} changed meanwhile`);
    const id = crypto.randomUUID();
    await trx
      .insertInto("orderStatusChanges")
      .values({
        id,
        orderId,
        fromStatus: undoable.toStatus,
        toStatus: undoable.fromStatus,
        changedBy: staffUserId,
        changedAt: at,
        undoes: changeId,
      })
      .execute();
    return { id, from: undoable.toStatus, to: undoable.fromStatus, changedAt: at, mailId: null };
  });
}

// --- The tax document issued for an order (D24; docs/decisions/065) ---

/** The SII types a record may carry (migration 0018): boletas 39 and 41, facturas 33 and 34. */
export const siiDocumentTypes: readonly SiiDocumentType[] = [39, 41, 33, 34];

/**
 * Paid orders without their document, as the orders list's filter and the dashboard write it:
 * textually the WHERE of migration 0018's partial index, which SQLite uses only then. It names
 * the statuses that are not paid: an IN over the paid ones would let SQLite, without statistics,
 * prefer the status index and sort. `indexed` false keeps SQLite off every index for it (unary +,
 * as equalsFilterOptions; never on PostgreSQL).
 */
export function paidWithoutDocument(indexed = true) {
  const plus = indexed ? sql`` : sql`+`;
  const unpaid = orderStatuses.filter((status) => !isPaidStatus(status));
  return sql<boolean>`(${plus}document_folio is null and ${plus}status not in (${sql.join(
    unpaid.map((status) => sql.lit(status)),
  )}))`;
}

/** Why a document is not recorded: the order is not paid (or was cancelled), or the record is not one. */
export class DocumentRecordRefusedError extends Error {
  override name = "DocumentRecordRefusedError";
  constructor(
    readonly reason: "not-paid" | "invalid",
    message: string,
  ) {
    super(message);
  }
}

/** That type and folio are another order's document already (a folio is unique per type at the SII). */
export class DocumentFolioTakenError extends Error {
  override name = "DocumentFolioTakenError";
  constructor(readonly orderNumber: string) {
    super(`The folio is order ${orderNumber}'s document`);
  }
}

export interface DocumentRecord {
  siiType: SiiDocumentType;
  /** The folio as typed or sent (readFolio reads it: "001234", "1.234" → "1234"). */
  folio: string;
  /** Staff (their user id), or the tax provider that issued it (its name, e.g. "openfactura"). */
  by: { staffUserId: string } | { provider: string };
  /** When it was issued: the provider says; staff record a document as they issue it (now). */
  issuedAt?: Date;
}

/** A unique index refused the write (SQLite's or PostgreSQL's word for it). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}

/**
 * Records the document issued for a paid order (pagado, en preparación, enviado, entregado): its SII
 * type and folio, when it was issued and who recorded it, on the order and as a row of its
 * records, in one transaction. Recording another type or folio corrects the last one (the earlier
 * records stay); the same type and folio again changes nothing (a provider may say it twice). The
 * customer is not written to: the tax provider sends the document itself.
 * DocumentRecordRefusedError for an order not paid or a record that is not one (an unknown type, a
 * folio that is not a whole number from 1 with up to 10 digits, a provider's name that is not
 * lower-case letters, digits and dashes); DocumentFolioTakenError when another order has that type
 * and folio; OrderNotFoundError; OrderStatusConflictError if the order stops being paid meanwhile.
 */
export async function recordOrderDocument(
  db: Db,
  orderId: string,
  record: DocumentRecord,
  now: Date = new Date(),
): Promise<{ folio: string; corrected: boolean; changed: boolean }> {
  const read = readFolio(record.folio);
  if (!("folio" in read)) throw new DocumentRecordRefusedError("invalid", `Not a folio: ${record.folio}`);
  if (!siiDocumentTypes.includes(record.siiType)) {
    throw new DocumentRecordRefusedError("invalid", `Not an SII document type: ${record.siiType}`);
  }
  if ("provider" in record.by && !/^[a-z0-9-]{1,30}$/.test(record.by.provider)) {
    throw new DocumentRecordRefusedError("invalid", `Not a provider's name: ${record.by.provider}`);
  }
  const { folio } = read;
  const at = now.toISOString();
  const issuedAt = (record.issuedAt ?? now).toISOString();
  const who =
    "provider" in record.by
      ? { recordedBy: null, provider: record.by.provider }
      : { recordedBy: record.by.staffUserId, provider: null };
  const otherOrderWithFolio = (trx: Db) =>
    trx
      .selectFrom("orders")
      .select("number")
      .where("documentSiiType", "=", record.siiType)
      .where("documentFolio", "=", folio)
      .where("id", "!=", orderId)
      .executeTakeFirst();
  try {
    return await inTransaction(db, async (trx) => {
      const order = isUuid(orderId)
        ? await trx
            .selectFrom("orders")
            .select(["status", "documentSiiType", "documentFolio"])
            .where("id", "=", orderId)
            .executeTakeFirst()
        : undefined;
      if (!order) throw new OrderNotFoundError(orderId);
      if (!isPaidStatus(order.status)) {
        throw new DocumentRecordRefusedError("not-paid", `Order ${orderId} is ${order.status}, not paid`);
      }
      const corrected = order.documentFolio !== null;
      if (order.documentSiiType === record.siiType && order.documentFolio === folio) {
        return { folio, corrected, changed: false };
      }
      const other = await otherOrderWithFolio(trx);
      if (other) throw new DocumentFolioTakenError(other.number);
      const updated = await trx
        .updateTable("orders")
        .set({
          documentSiiType: record.siiType,
          documentFolio: folio,
          documentIssuedAt: issuedAt,
          documentRecordedBy: who.recordedBy,
          documentProvider: who.provider,
          updatedAt: at,
        })
        .where("id", "=", orderId)
        .where("status", "=", order.status)
        .executeTakeFirst();
      if (updated.numUpdatedRows !== 1n)
        throw new OrderStatusConflictError(`Order ${orderId} changed meanwhile`);
      await trx
        .insertInto("orderDocumentRecords")
        .values({
          id: crypto.randomUUID(),
          orderId,
          siiType: record.siiType,
          folio,
          issuedAt,
          ...who,
          recordedAt: at,
        })
        .execute();
      return { folio, corrected, changed: true };
    });
  } catch (error) {
    // Another order took this folio between the check and the write (PostgreSQL, two at once).
    if (!isUniqueViolation(error)) throw error;
    const other = await otherOrderWithFolio(db);
    throw other ? new DocumentFolioTakenError(other.number) : error;
  }
}

/**
 * Every record of the order's document, newest first: type, folio, dates, and who (a staff
 * member's name, also null for an id no account has; or the provider).
 */
export async function getOrderDocumentRecords(db: Db, orderId: string) {
  if (!isUuid(orderId)) return [];
  return withAdminTables(db)
    .selectFrom("orderDocumentRecords")
    .leftJoin("adminUsers", "adminUsers.id", "orderDocumentRecords.recordedBy")
    .select([
      "orderDocumentRecords.id",
      "orderDocumentRecords.siiType",
      "orderDocumentRecords.folio",
      "orderDocumentRecords.issuedAt",
      "orderDocumentRecords.recordedAt",
      "orderDocumentRecords.recordedBy",
      "orderDocumentRecords.provider",
      "adminUsers.name as recordedByName",
    ])
    .where("orderDocumentRecords.orderId", "=", orderId)
    .orderBy("orderDocumentRecords.recordedAt", "desc")
    .orderBy("orderDocumentRecords.id", "desc")
    .execute();
}

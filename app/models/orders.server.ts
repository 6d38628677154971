import { sql, type Selectable } from "kysely";
import { getKit } from "~/content/kits";
import type { KitId } from "~/content/types";
import {
  isLineQuantity,
  kitCount,
  linesSummary,
  subtotalOf,
  type LineRequest,
  type OrderLine,
} from "~/lib/order-lines";
import { shippingFor } from "~/lib/places";
import { enqueueMails, withdrawUnsentMail } from "~/models/mail-queue.server";
import { generateOrderNumber, normalizeOrderNumber, type RandomSource } from "~/lib/order-number";
import {
  canTransition,
  initialOrderStatus,
  isOrderStatus,
  isPaidStatus,
  orderStatuses,
  type OrderStatus,
} from "~/lib/order-status";
import type { NewOrder, OrderPlacement } from "~/schemas/order";
import { withAdminTables } from "~/infra/admin-db-schema";
import { inTransaction, type Db } from "~/infra/db.server";
import type { ManualPaymentMeans, OrdersTable, PaidBy, SiiDocumentType } from "~/infra/db-schema";
import { getEnv, type Env, type ShopSettings } from "~/infra/env.server";
import {
  orderNotifications,
  orderStatusNotification,
  shippingQuoteNotification,
  type NotifiedOrderStatus,
} from "~/emails/templates.server";
import { readFolio, type ManualPayment, type OrderStatusDetails } from "~/schemas/admin-records";

/**
 * Orders (docs/decisions/014, 059, 067): recorded before the customer goes to pay, with a UUID for
 * the confirmation link and a short number for people. An order holds lines — a kit and a quantity
 * each — whose names and prices are taken from the catalogue at the time of the order, never from
 * the browser; its lines and totals never change after it is stored (the shipping cost of an order
 * outside the continent is set once staff quote it).
 */

/** What the order confirmation page shows (D8); nothing more leaves the database for the public. */
type CustomerOrderView = Pick<
  Selectable<OrdersTable>,
  | "id"
  | "number"
  | "linesSummary"
  | "shippingKind"
  | "subtotal"
  | "shippingCost"
  | "comunaCut"
  | "total"
  | "status"
  | "customerName"
  | "createdAt"
  | "courier"
  | "courierName"
  | "trackingNumber"
  | "cancellationReason"
> & {
  lines: OrderLine[];
  /** When the order entered each status it went through (a change undone by staff does not count). */
  entered: Partial<Record<OrderStatus, string>>;
};

export interface OrderStatusChange {
  /** The history row's id. */
  id: string;
  from: OrderStatus;
  to: OrderStatus;
  changedAt: string;
  /** The customer e-mail the change queued (pagado, enviado, entregado, cancelado), or null. */
  mailId: string | null;
}

/** The statuses whose change sends the customer an e-mail (issue 12). */
const notifiedStatuses: readonly OrderStatus[] = ["pagado", "enviado", "entregado", "cancelado"];

/**
 * How long a customer's status e-mail waits before it is sent: longer than the minute in which staff
 * can undo a mistaken change (`undoOrderStatusChange` below), so an undone change sends nothing. The extra
 * minute covers servers whose clocks disagree a little (docs/decisions/033-order-status-emails.md).
 */
export const statusMailDelayMs = 2 * 60_000;

/** When the e-mail of a change made at `changedAt` is due. */
export function statusMailDueAt(changedAt: string | Date): Date {
  return new Date(new Date(changedAt).getTime() + statusMailDelayMs);
}

export class UnknownKitError extends Error {
  override name = "UnknownKitError";
  constructor(readonly kitId: string) {
    super(`Unknown kit: ${JSON.stringify(kitId)}`);
  }
}

/** The lines asked for are not an order: none, a quantity out of range, or a kit twice. */
export class OrderLinesRefusedError extends Error {
  override name = "OrderLinesRefusedError";
}

/**
 * Each line priced from the catalogue as it is now: the kit's name and price, the quantity, the
 * line's total. Throws UnknownKitError for a kit not sold, OrderLinesRefusedError for no line, a
 * quantity that is not 1 to maxQuantityPerKit, or a kit asked for twice.
 */
export function priceLines(requests: readonly LineRequest[]): OrderLine[] {
  if (requests.length === 0) throw new OrderLinesRefusedError("An order needs a line");
  const seen = new Set<string>();
  return requests.map(({ kitId, quantity }) => {
    const kit = getKit(kitId);
    if (!kit) throw new UnknownKitError(kitId);
    if (seen.has(kit.id)) throw new OrderLinesRefusedError(`Kit ${kit.id} twice`);
    seen.add(kit.id);
    if (!isLineQuantity(quantity)) throw new OrderLinesRefusedError(`Not a quantity: ${quantity}`);
    return {
      kitId: kit.id,
      kitName: kit.name,
      unitPrice: kit.price,
      quantity,
      lineTotal: kit.price * quantity,
    };
  });
}

/** Every generated order number was taken (practically impossible, but bounded). */
export class OrderNumberUnavailableError extends Error {
  override name = "OrderNumberUnavailableError";
}

export class OrderNotFoundError extends Error {
  override name = "OrderNotFoundError";
  constructor(readonly orderId: string) {
    super(`No order ${JSON.stringify(orderId)}`);
  }
}

/** The lifecycle (D9) does not allow this change. */
export class OrderStatusTransitionError extends Error {
  override name = "OrderStatusTransitionError";
  constructor(
    readonly from: string,
    readonly to: string,
  ) {
    super(`An order cannot go from ${from} to ${to}`);
  }
}

/** Someone else changed the order's status between reading and writing it. */
export class OrderStatusConflictError extends Error {
  override name = "OrderStatusConflictError";
}

const orderNumberAttempts = 5;

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);
}

export function blankToNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value.trim() === "" ? null : value;
}

/**
 * Records an order, its lines and its first status change in one transaction. Each line is priced
 * from the catalogue (priceLines). Shipping is free to continental Chile; outside it, the order
 * waits for staff to quote it (quoteShipping), so the total is the kits' amount until then.
 * `random` is for tests.
 */
export async function createOrder(
  db: Db,
  input: NewOrder,
  { now = new Date(), random }: { now?: Date; random?: RandomSource } = {},
): Promise<{ id: string; number: string; lines: OrderLine[]; subtotal: number; total: number }> {
  const lines = priceLines(input.lines);
  const subtotal = subtotalOf(lines);
  const id = crypto.randomUUID();
  const at = now.toISOString();

  return inTransaction(db, async (trx) => {
    for (let attempt = 0; attempt < orderNumberAttempts; attempt++) {
      const number = generateOrderNumber(random);
      // A taken number inserts nothing instead of failing, which would abort a PostgreSQL
      // transaction; a fresh number is then tried in the same transaction.
      const inserted = await trx
        .insertInto("orders")
        .values({
          id,
          number,
          linesSummary: linesSummary(lines),
          kitCount: kitCount(lines),
          shippingKind: input.shippingKind,
          subtotal,
          // Free to continental Chile; outside it, unknown until staff quote it (quoteShipping).
          shippingCost: input.shippingKind === "free" ? 0 : null,
          total: subtotal,
          status: initialOrderStatus,
          customerName: input.name,
          email: input.email,
          phone: input.phone,
          regionCut: input.region,
          comunaCut: input.comuna,
          address: input.address,
          rut: blankToNull(input.rut),
          notes: blankToNull(input.notes),
          // A factura's company (D24); a boleta stores none of it, whatever was sent.
          ...invoiceColumns(input),
          termsAcceptedAt: at,
          createdAt: at,
          updatedAt: at,
        })
        .onConflict((conflict) => conflict.column("number").doNothing())
        .executeTakeFirst();
      if (inserted.numInsertedOrUpdatedRows !== 1n) continue;

      await trx
        .insertInto("orderLines")
        .values(lines.map((line, index) => ({ orderId: id, position: index + 1, ...line })))
        .execute();
      await trx
        .insertInto("orderStatusChanges")
        .values({
          id: crypto.randomUUID(),
          orderId: id,
          fromStatus: null,
          toStatus: initialOrderStatus,
          changedBy: null,
          changedAt: at,
        })
        .execute();
      return { id, number, lines, subtotal, total: subtotal };
    }
    throw new OrderNumberUnavailableError(`No free order number after ${orderNumberAttempts} attempts`);
  });
}

/** An order's lines, in their order. */
export async function getOrderLines(db: Db, orderId: string): Promise<OrderLine[]> {
  return db
    .selectFrom("orderLines")
    .select(["kitId", "kitName", "unitPrice", "quantity", "lineTotal"])
    .where("orderId", "=", orderId)
    .orderBy("position")
    .execute();
}

/** The document columns of a new order: a boleta, or a factura with every field of its company. */
function invoiceColumns(input: NewOrder) {
  if (input.documentType !== "factura") return { documentType: "boleta" as const };
  return {
    documentType: "factura" as const,
    invoiceRut: input.invoiceRut ?? null,
    invoiceName: input.invoiceName ?? null,
    invoiceGiro: input.invoiceGiro ?? null,
    invoiceAddress: input.invoiceAddress ?? null,
    invoiceRegionCut: input.invoiceRegion ?? null,
    invoiceComunaCut: input.invoiceComuna ?? null,
    invoiceEmail: input.invoiceEmail ?? null,
  };
}

/**
 * The payment page of an order when the shop has only fixed links (decision 014): the kit's
 * configured link with {pedido} replaced. A link charges one kit's price, so only an order of one
 * kit has one (the purchase forms refuse more in that mode); null otherwise.
 */
export function paymentUrlFor(
  settings: Pick<Env, "paymentLinks">,
  lines: ReadonlyArray<Pick<OrderLine, "kitId" | "quantity">>,
  orderNumber: string,
): string | null {
  const [line, ...others] = lines;
  if (!line || others.length > 0 || line.quantity !== 1 || !getKit(line.kitId)) return null;
  return settings.paymentLinks[line.kitId as KitId].replaceAll("{pedido}", encodeURIComponent(orderNumber));
}

/**
 * A customer's order from the purchase form or the checkout (D6–D9, D19, D23), all or nothing in
 * one transaction (the public submission's, which also spends the captcha: docs/decisions/069): the
 * order with its lines priced from the catalogue and its shipping by comuna, and the e-mails to the
 * shop and the customer queued.
 */
export async function placeOrder(
  db: Db,
  input: OrderPlacement & { lines: readonly LineRequest[] },
  { settings = getEnv(), now = new Date() }: { settings?: ShopSettings; now?: Date } = {},
): Promise<{ id: string; number: string; paymentUrl: string | null }> {
  const { lines: requested, ...order } = input;
  const shippingKind = shippingFor(order.comuna).kind;
  return inTransaction(db, async (trx) => {
    const stored = await createOrder(trx, { ...order, lines: requested, shippingKind }, { now });
    const { id, number, lines, subtotal, total } = stored;
    // Paid through a provider, the customer pays (again) from the order's page; with links only,
    // at the kit's link.
    const paymentUrl =
      settings.payments && settings.payments.provider !== "link"
        ? `${settings.SITE_URL.replace(/\/+$/, "")}/pedido/${id}`
        : paymentUrlFor(settings, lines, number);
    const mailData = {
      ...order,
      shippingKind,
      id,
      number,
      lines,
      subtotal,
      total,
      createdAt: now,
      paymentUrl,
      siteUrl: settings.SITE_URL,
      seller: settings.company,
    };
    await enqueueMails(trx, orderNotifications(mailData, settings.SHOP_NOTIFY_EMAIL), now);
    return { id, number, paymentUrl };
  });
}

/** The order behind a confirmation link, or undefined for anything that is not one. */
export async function getOrderForCustomer(db: Db, id: string): Promise<CustomerOrderView | undefined> {
  const key = id.trim().toLowerCase();
  if (!isUuid(key)) return undefined;
  const order = await db
    .selectFrom("orders")
    .select([
      "id",
      "number",
      "linesSummary",
      "shippingKind",
      "subtotal",
      "shippingCost",
      "comunaCut",
      "total",
      "status",
      "customerName",
      "createdAt",
      "courier",
      "courierName",
      "trackingNumber",
      "cancellationReason",
    ])
    .where("id", "=", key)
    .executeTakeFirst();
  if (!order) return undefined;
  const changes = await db
    .selectFrom("orderStatusChanges")
    .select(["id", "toStatus", "changedAt", "undoes"])
    .where("orderId", "=", key)
    .orderBy("changedAt")
    .execute();
  // A mistaken change and its undo are left out: the customer was never told about either.
  const undone = new Set(changes.map((change) => change.undoes));
  const entered: Partial<Record<OrderStatus, string>> = {};
  for (const change of changes) {
    if (change.undoes === null && !undone.has(change.id)) entered[change.toStatus] = change.changedAt;
  }
  return { ...order, lines: await getOrderLines(db, key), entered };
}

/**
 * The order a customer names by its number and the e-mail it was placed with (the gallery upload,
 * the chatbot's order status), or undefined when either does not match; the caller never learns
 * which. The number may be typed loosely ("lb 7k3f9q"); the e-mail's case does not matter.
 */
export async function findOrderByNumberAndEmail(
  db: Db,
  number: string,
  email: string,
): Promise<CustomerOrderView | undefined> {
  const key = normalizeOrderNumber(number);
  const address = email.trim().toLowerCase();
  if (!key || !address) return undefined;
  const order = await db
    .selectFrom("orders")
    .select("id")
    .where("number", "=", key)
    .where(sql<string>`lower(email)`, "=", address)
    .executeTakeFirst();
  return order ? getOrderForCustomer(db, order.id) : undefined;
}

/** The columns a change to `to` writes besides the status: the shipment's or the cancellation's. */
function detailColumns(to: OrderStatus, details: OrderStatusDetails) {
  if (to === "enviado") {
    return {
      courier: details.courier ?? null,
      courierName: details.courier === "otro" ? blankToNull(details.courierName?.trim()) : null,
      trackingNumber: blankToNull(details.trackingNumber?.trim()),
    };
  }
  if (to === "cancelado") return { cancellationReason: blankToNull(details.cancellationReason?.trim()) };
  return {};
}

/**
 * Moves an order to `to` if the lifecycle allows it, keeping the change with its time and the staff
 * user (null: the system or the customer), the shipment's courier and tracking number or the
 * cancellation's reason (`details`), and queuing the customer's e-mail about it (pagado, enviado,
 * entregado, cancelado), due after statusMailDelayMs; all in one transaction. Throws
 * OrderNotFoundError, OrderStatusTransitionError or OrderStatusConflictError.
 */
export async function changeOrderStatus(
  db: Db,
  id: string,
  to: OrderStatus,
  staffUserId: string | null,
  now: Date = new Date(),
  {
    details = {},
    settings = getEnv(),
    mailDueAt,
    payment,
    refund,
  }: {
    details?: OrderStatusDetails;
    settings?: Pick<ShopSettings, "SITE_URL" | "company">;
    /** When the customer's e-mail goes: after the undo window by default (staff's changes). */
    mailDueAt?: Date;
    /**
     * On a change to "pagado": who said so (a provider's word, or staff by hand: "manual", the
     * default) and, by hand, the means and operation number kept on the history row.
     */
    payment?: { paidBy: PaidBy; means?: ManualPaymentMeans; reference?: string };
    /** On a cancellation: the payment given back through its provider, told in the e-mail. */
    refund?: { provider: "webpay" | "flow"; amount: number };
  } = {},
): Promise<OrderStatusChange> {
  const at = now.toISOString();
  return inTransaction(db, async (trx) => {
    const order = isUuid(id)
      ? await trx.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst()
      : undefined;
    if (!order) throw new OrderNotFoundError(id);
    const from = order.status;
    if (!isOrderStatus(to) || !canTransition(from, to)) throw new OrderStatusTransitionError(from, to);

    // Only if the status is still the one read: two staff members cannot both move the same order.
    const written = detailColumns(to, details);
    const paid = to === "pagado" ? { paidBy: payment?.paidBy ?? "manual" } : {};
    const updated = await trx
      .updateTable("orders")
      .set({ status: to, updatedAt: at, ...written, ...paid })
      .where("id", "=", id)
      .where("status", "=", from)
      .executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) {
      throw new OrderStatusConflictError(`Order ${id} changed status meanwhile`);
    }

    let mailId: string | null = null;
    if (notifiedStatuses.includes(to) && order.email !== "") {
      const shown = { ...order, ...written };
      const notification = orderStatusNotification(
        {
          id: order.id,
          number: order.number,
          lines: await getOrderLines(trx, id),
          total: order.total,
          name: order.customerName,
          shippingKind: order.shippingKind,
          shippingCost: order.shippingCost,
          createdAt: order.createdAt,
          status: to as NotifiedOrderStatus,
          changedAt: at,
          courier: shown.courier,
          courierName: shown.courierName,
          trackingNumber: shown.trackingNumber,
          cancellationReason: shown.cancellationReason,
          paid: from !== initialOrderStatus,
          ...(to === "cancelado" && refund ? { refund } : {}),
          siteUrl: settings.SITE_URL,
          seller: settings.company,
        },
        order.email,
      );
      [mailId] = (await enqueueMails(trx, [notification], now, mailDueAt ?? statusMailDueAt(at))) as [string];
    }

    const changeId = crypto.randomUUID();
    await trx
      .insertInto("orderStatusChanges")
      .values({
        id: changeId,
        orderId: id,
        fromStatus: from,
        toStatus: to,
        changedBy: staffUserId,
        changedAt: at,
        mailId,
        ...(to === "pagado" && payment?.means
          ? { paymentMeans: payment.means, paymentReference: blankToNull(payment.reference?.trim()) }
          : {}),
      })
      .execute();
    return { id: changeId, from, to, changedAt: at, mailId };
  });
}

/** Whether an order still waits for its shipping to be quoted (outside the continent, unpaid). */
export function awaitsShippingQuote(order: {
  shippingKind: string;
  shippingCost: number | null;
  status: string;
}): boolean {
  return (
    order.shippingKind === "arranged" && order.shippingCost === null && order.status === initialOrderStatus
  );
}

/** Where an order's shipping outside the continent stands: to quote, quoted, or neither (continental). */
export function shippingQuoteState(order: {
  shippingKind: string;
  shippingCost: number | null;
  status: string;
}): "toQuote" | "quoted" | null {
  if (awaitsShippingQuote(order)) return "toQuote";
  return order.shippingKind === "arranged" && order.shippingCost !== null ? "quoted" : null;
}

/** Staff can set an order's shipping cost only outside the continent, before it is paid. */
export class ShippingQuoteRefusedError extends Error {
  override name = "ShippingQuoteRefusedError";
}

/**
 * Sets the shipping cost of an unpaid order outside the continent (issue 23; D25): its total
 * becomes the kits plus that cost, and the customer is told the cost, the new total and where to
 * pay, at once; all in one transaction. A cost set before may be corrected while the order is
 * unpaid (the customer is told again); a payment started for the old total would be a mismatch
 * (decision 057), never taken as the order's. ShippingQuoteRefusedError when the order is not one
 * that waits for (or has) a quote, or is paid; OrderNotFoundError for no order.
 */
export async function quoteShipping(
  db: Db,
  id: string,
  cost: number,
  staffUserId: string,
  now: Date = new Date(),
  { settings = getEnv() }: { settings?: Pick<ShopSettings, "SITE_URL" | "company"> } = {},
): Promise<{ total: number; mailId: string | null }> {
  if (!Number.isSafeInteger(cost) || cost < 0) throw new ShippingQuoteRefusedError(`Not a cost: ${cost}`);
  const at = now.toISOString();
  return inTransaction(db, async (trx) => {
    const order = isUuid(id)
      ? await trx.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst()
      : undefined;
    if (!order) throw new OrderNotFoundError(id);
    if (order.shippingKind !== "arranged" || order.status !== initialOrderStatus) {
      throw new ShippingQuoteRefusedError(
        `Order ${id} takes no shipping quote (${order.shippingKind}, ${order.status})`,
      );
    }
    const total = order.subtotal + cost;
    const updated = await trx
      .updateTable("orders")
      .set({ shippingCost: cost, shippingQuotedAt: at, shippingQuotedBy: staffUserId, total, updatedAt: at })
      .where("id", "=", id)
      .where("status", "=", initialOrderStatus)
      .executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) throw new OrderStatusConflictError(`Order ${id} changed meanwhile`);
    let mailId: string | null = null;
    if (order.email !== "") {
      [mailId] = (await enqueueMails(
        trx,
        [
          shippingQuoteNotification(
            {
              id: order.id,
              number: order.number,
              name: order.customerName,
              lines: await getOrderLines(trx, id),
              subtotal: order.subtotal,
              shippingCost: cost,
              total,
              comunaCut: order.comunaCut,
              siteUrl: settings.SITE_URL,
              seller: settings.company,
            },
            order.email,
          ),
        ],
        now,
      )) as [string];
    }
    return { total, mailId };
  });
}

/* Orders as the back office reads and moves them (issue 4 "Pedidos"; docs/product.md#d9). */

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
  return inTransaction(db, async (trx) => {
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
  return inTransaction(db, async (trx) => {
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

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
import { shippingFor } from "~/lib/chile";
import { enqueueMails } from "~/models/mail-queue.server";
import { generateOrderNumber, normalizeOrderNumber, type RandomSource } from "~/lib/order-number";
import { canTransition, initialOrderStatus, isOrderStatus, type OrderStatus } from "~/lib/order-status";
import type { NewOrder, OrderPlacement } from "~/schemas/order";
import { inTransaction, type Db } from "~/infra/db.server";
import type { ManualPaymentMeans, OrdersTable, PaidBy } from "~/infra/db-schema";
import { getEnv, type Env, type ShopSettings } from "~/infra/env.server";
import {
  orderNotifications,
  orderStatusNotification,
  shippingQuoteNotification,
  type NotifiedOrderStatus,
} from "~/emails/templates.server";
import type { OrderStatusDetails } from "~/schemas/admin-records";

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
 * can undo a mistaken change (orders-admin.server.ts), so an undone change sends nothing. The extra
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

import type { Selectable } from "kysely";
import { canTransition } from "~/lib/order-status";
import {
  changeOrderStatus,
  isUuid,
  OrderNotFoundError,
  OrderStatusConflictError,
  OrderStatusTransitionError,
  type OrderStatusChange,
} from "~/models/orders.server";
import { providerNames } from "~/content/payments";
import { formatPrice } from "~/lib/format";
import { enqueueMails } from "~/models/mail-queue.server";
import { inTransaction, type Db } from "~/infra/db.server";
import type { PaymentAttemptsTable } from "~/infra/db-schema";
import type { PaymentSettings } from "~/infra/env.server";
import { flowProvider } from "./flow.server";
import {
  PaymentRefusedError,
  PaymentUnavailableError,
  type PaymentProvider,
  type PaymentProviderName,
  type RefundResult,
} from "./provider.server";
import { webpayProvider } from "./webpay.server";

/**
 * A paid order cancelled by staff gives the payment back through the provider that took it (issue
 * 22; docs/decisions/060): the whole amount of the order's approved attempt. The provider is asked
 * outside any transaction (it may take seconds); its answer is recorded on the attempt and the order
 * is cancelled in one transaction afterwards, the customer's e-mail saying the money was given back
 * (due at once: the money left, so there is nothing to undo). A refund the provider refuses or
 * cannot take is kept on the attempt (refund_error, for staff), and the order is not cancelled.
 */

type PaymentAttempt = Selectable<PaymentAttemptsTable>;

/** Where Flow tells the refund's outcome (the route is the checkout's). */
export const flowRefundCallbackPath = "/pago/flow/reembolso";

/** The most of a reason migration 0014's refund_error keeps. */
const maxRefundErrorLength = 200;

/** The most of the provider's refund reference migration 0014's refund_reference keeps. */
const maxRefundReferenceLength = 60;

/** The provider refused the refund, could not be reached, or is not configured: `message` is for staff. */
export class RefundFailedError extends Error {
  override name = "RefundFailedError";
}

/**
 * The provider gave the payment back, but the order changed status meanwhile and could not be
 * cancelled: the refund is recorded; staff must look at the order.
 */
export class RefundedButNotCancelledError extends Error {
  override name = "RefundedButNotCancelledError";
}

/** Staff's messages about refunds (Spanish, shown next to the status form). */
export const refundMessages = {
  refused: (provider: string, reason: string) =>
    `${provider} no aceptó la devolución${reason ? ` (${reason})` : ""}. El pedido no se canceló: revisa el pago en el portal de ${provider} o cancela sin devolver y devuelve el dinero por otro medio.`,
  unavailable: (provider: string) =>
    `No pudimos comunicarnos con ${provider} para devolver el pago. El pedido no se canceló: inténtalo de nuevo en unos minutos.`,
  notConfigured: (provider: string) =>
    `La tienda no tiene configurado ${provider}, así que no se pudo pedir la devolución. El pedido no se canceló.`,
  nothingToRefund: "Este pedido no tiene un pago de Webpay o Flow que devolver. El pedido no se canceló.",
  refusedPayment: (provider: string, reason: string) =>
    `${provider} no aceptó la devolución${reason ? ` (${reason})` : ""}. Revisa el pago en el portal de ${provider}.`,
  unavailablePayment: (provider: string) =>
    `No pudimos comunicarnos con ${provider} para devolver el pago. Inténtalo de nuevo en unos minutos.`,
  notConfiguredPayment: (provider: string) =>
    `La tienda no tiene configurado ${provider}, así que no se pudo pedir la devolución: hazla en el portal de ${provider}.`,
  nothingToRefundHere:
    "Este pago no se puede devolver desde aquí: ya se devolvió o no es un pago que no coincide.",
  notCancelled: (provider: string) =>
    `Devolvimos el pago por ${provider}, pero el pedido cambió de estado mientras tanto y no se canceló. Revisa el pedido.`,
} as const;

/**
 * The attempt whose payment a cancellation of the order gives back: the approved one not refunded
 * yet (an order is paid by one attempt; a second approval is a mismatch, decision 057).
 */
export async function refundableAttemptOf(db: Db, orderId: string): Promise<PaymentAttempt | undefined> {
  if (!isUuid(orderId)) return undefined;
  return db
    .selectFrom("paymentAttempts")
    .selectAll()
    .where("orderId", "=", orderId)
    .where("status", "=", "approved")
    .where("refundedAt", "is", null)
    .where("reference", "is not", null)
    .orderBy("settledAt", "desc")
    .limit(1)
    .executeTakeFirst();
}

/**
 * The client of the provider that took the attempt, whatever PAYMENT_PROVIDER says now (a shop that
 * moved from Webpay to Flow still refunds its Webpay payments); undefined for Flow without its keys.
 */
export function providerForRefund(
  settings: PaymentSettings,
  provider: PaymentProviderName,
): PaymentProvider | undefined {
  if (provider === "webpay") return webpayProvider(settings.webpay);
  return settings.flow ? flowProvider(settings.flow) : undefined;
}

/** Flow answers a refund it will not make with the status "rejected" (a 200, not an error). */
function refusedResult(result: RefundResult): boolean {
  return ["rejected", "canceled", "cancelled"].includes(result.type);
}

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** The provider's own reason inside an error's message ("webpay refused (422): …" → "…"). */
function providerReason(error: PaymentRefusedError): string {
  const reason = error.message.replace(/^[a-z]+ refused \(\d+\):\s*/, "");
  return reason === "no reason" ? `HTTP ${error.status}` : `${reason}, HTTP ${error.status}`;
}

async function recordRefundError(db: Db, attemptId: string, message: string): Promise<void> {
  await db
    .updateTable("paymentAttempts")
    .set({ refundError: cut(message, maxRefundErrorLength) })
    .where("id", "=", attemptId)
    .execute();
}

export interface RefundSettings {
  SITE_URL: string;
  payments: PaymentSettings;
}

export interface CancelledWithRefund {
  change: OrderStatusChange;
  refund: { provider: PaymentProviderName; amount: number; type: string };
}

/**
 * Cancels the order `orderId`, which staff saw in `expectedFrom`, giving its payment back through
 * the provider of its approved attempt, for the whole amount the provider charged:
 *
 * 1. the order must still be in `expectedFrom` and may be cancelled (OrderStatusConflictError,
 *    OrderStatusTransitionError, OrderNotFoundError otherwise), with an approved attempt
 *    (RefundFailedError otherwise);
 * 2. the provider is asked, outside any transaction; a refusal or no answer is kept on the attempt
 *    (refund_error) and thrown as RefundFailedError, with its message for staff, the order untouched;
 * 3. in one transaction: the attempt becomes `refunded` with the refund's type, amount, reference
 *    and time, the order is cancelled (changeOrderStatus: history row, the customer's e-mail, due at
 *    once) and its e-mail says the money was given back. If the order changed status
 *    between 1 and 3, the refund is still recorded and RefundedButNotCancelledError is thrown.
 *
 * Two staff members cancelling at once both ask the provider; the second refund is refused by it
 * (nothing left to refund), or, if both came through, the second finds the attempt refunded.
 */
export async function cancelOrderWithRefund(
  db: Db,
  {
    orderId,
    expectedFrom,
    staffUserId,
    cancellationReason,
    settings,
    now = new Date(),
  }: {
    orderId: string;
    expectedFrom: string;
    staffUserId: string;
    cancellationReason: string;
    settings: RefundSettings;
    now?: Date;
  },
): Promise<CancelledWithRefund> {
  const order = isUuid(orderId)
    ? await db
        .selectFrom("orders")
        .select(["id", "status", "email"])
        .where("id", "=", orderId)
        .executeTakeFirst()
    : undefined;
  if (!order) throw new OrderNotFoundError(orderId);
  if (order.status !== expectedFrom) {
    throw new OrderStatusConflictError(`Order ${orderId} is ${order.status}, not ${expectedFrom}`);
  }
  if (!canTransition(order.status, "cancelado")) {
    throw new OrderStatusTransitionError(order.status, "cancelado");
  }
  const attempt = await refundableAttemptOf(db, orderId);
  if (!attempt || attempt.reference === null) {
    throw new RefundFailedError(refundMessages.nothingToRefund);
  }
  const name = providerNames[attempt.provider];
  const { result, amount } = await askRefund(db, attempt, {
    email: order.email,
    settings,
    words: {
      refused: refundMessages.refused,
      unavailable: refundMessages.unavailable,
      notConfigured: refundMessages.notConfigured,
    },
  });

  const at = now.toISOString();
  const refund = { provider: attempt.provider, amount: result.amount || amount, type: result.type };
  const change = await inTransaction(db, async (trx) => {
    await trx
      .updateTable("paymentAttempts")
      .set({
        status: "refunded",
        refundType: cut(result.type, 20),
        refundAmount: refund.amount,
        refundReference: result.reference ? cut(result.reference, maxRefundReferenceLength) : null,
        refundedAt: at,
        refundError: null,
      })
      .where("id", "=", attempt.id)
      .where("status", "=", "approved")
      .execute();
    try {
      return await changeOrderStatus(trx, orderId, "cancelado", staffUserId, now, {
        details: { cancellationReason },
        // The money left: nothing to undo, the customer hears at once, told of the refund.
        mailDueAt: now,
        refund: { provider: refund.provider, amount: refund.amount },
      });
    } catch (error) {
      // Checked before any write in changeOrderStatus: the refund above is kept.
      if (error instanceof OrderStatusConflictError || error instanceof OrderStatusTransitionError) {
        return undefined;
      }
      throw error;
    }
  });
  if (!change) throw new RefundedButNotCancelledError(refundMessages.notCancelled(name));
  return { change, refund };
}

/** The customer's e-mail about a payment given back that was not the order's (a second payment…). */
function mismatchRefundMail(
  order: { number: string; customerName: string; email: string },
  refund: { provider: PaymentProviderName; amount: number },
  shopEmail: string,
) {
  const amount = formatPrice(refund.amount);
  const provider = providerNames[refund.provider];
  return {
    kind: "payment-refunded",
    to: order.email,
    subject: `Devolvimos un pago de tu pedido ${order.number}`,
    text: [
      `Hola, ${order.customerName}:`,
      "",
      `Recibimos un pago de ${amount} por ${provider} que no correspondía a tu pedido ${order.number} (por ejemplo, un pago repetido o de otro monto), y te lo devolvimos a tu medio de pago. Según tu banco, puede tardar unos días en verse.`,
      "",
      `Si tienes dudas, escríbenos a ${shopEmail} indicando tu número de pedido.`,
      "",
      "Equipo LifeBox",
    ].join("\n"),
  };
}

/**
 * Gives back a payment the provider approved but the shop did not take as the order's (a mismatch,
 * decision 057: another amount, another buy order, or a second payment of an order already paid),
 * for the whole amount the provider charged. The order's status does not change. As for a
 * cancellation: the provider asked outside any transaction, its refusal kept on the attempt
 * (RefundFailedError); then, in one transaction, the attempt `refunded` and the customer told.
 */
export async function refundMismatchedPayment(
  db: Db,
  {
    orderId,
    attemptId,
    settings,
    now = new Date(),
  }: {
    orderId: string;
    attemptId: string;
    settings: RefundSettings & { shopEmail: string };
    now?: Date;
  },
): Promise<{ provider: PaymentProviderName; amount: number; type: string }> {
  const attempt = isUuid(attemptId)
    ? await db.selectFrom("paymentAttempts").selectAll().where("id", "=", attemptId).executeTakeFirst()
    : undefined;
  if (
    !attempt ||
    attempt.orderId !== orderId ||
    attempt.status !== "mismatch" ||
    attempt.refundedAt !== null ||
    attempt.reference === null
  ) {
    throw new RefundFailedError(refundMessages.nothingToRefundHere);
  }
  const order = await db
    .selectFrom("orders")
    .select(["number", "customerName", "email"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const { result, amount } = await askRefund(db, attempt, {
    email: order.email,
    settings,
    words: {
      refused: refundMessages.refusedPayment,
      unavailable: refundMessages.unavailablePayment,
      notConfigured: refundMessages.notConfiguredPayment,
    },
  });
  const refund = { provider: attempt.provider, amount: result.amount || amount, type: result.type };
  await inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable("paymentAttempts")
      .set({
        status: "refunded",
        refundType: cut(result.type, 20),
        refundAmount: refund.amount,
        refundReference: result.reference ? cut(result.reference, maxRefundReferenceLength) : null,
        refundedAt: now.toISOString(),
        refundError: null,
      })
      .where("id", "=", attempt.id)
      .where("status", "=", "mismatch")
      .executeTakeFirst();
    // Given back once: a second staff member's click finds it refunded and tells nobody twice.
    if (updated.numUpdatedRows !== 1n || order.email === "") return;
    await enqueueMails(trx, [mismatchRefundMail(order, refund, settings.shopEmail)], now);
  });
  return refund;
}

/** Staff's words for a refund refused, not taken, or not possible (the provider's name first). */
interface RefundWords {
  refused: (provider: string, reason: string) => string;
  unavailable: (provider: string) => string;
  notConfigured: (provider: string) => string;
}

/**
 * Asks the provider that took `attempt` to give back the whole amount it charged: its answer and
 * that amount, or RefundFailedError with the message for staff, the refusal or the failure kept on
 * the attempt (refund_error).
 */
async function askRefund(
  db: Db,
  attempt: PaymentAttempt,
  { email, settings, words }: { email: string; settings: RefundSettings; words: RefundWords },
): Promise<{ result: RefundResult; amount: number }> {
  const name = providerNames[attempt.provider];
  const fail = async (message: string): Promise<never> => {
    await recordRefundError(db, attempt.id, message);
    throw new RefundFailedError(message);
  };
  const provider = providerForRefund(settings.payments, attempt.provider);
  if (!provider) return fail(words.notConfigured(name));
  const amount = attempt.providerAmount ?? attempt.amount;
  let result: RefundResult;
  try {
    result = await provider.refund({
      reference: attempt.reference!,
      amount,
      buyOrder: attempt.buyOrder,
      email,
      callbackUrl: `${settings.SITE_URL.replace(/\/+$/, "")}${flowRefundCallbackPath}`,
    });
  } catch (error) {
    if (error instanceof PaymentRefusedError) return fail(words.refused(name, providerReason(error)));
    if (error instanceof PaymentUnavailableError) return fail(words.unavailable(name));
    throw error;
  }
  if (refusedResult(result)) return fail(words.refused(name, `estado «${result.type}»`));
  return { result, amount };
}

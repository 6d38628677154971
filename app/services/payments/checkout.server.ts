import { initialOrderStatus } from "~/lib/order-status";
import { awaitsShippingQuote } from "~/models/orders.server";
import {
  claimAttemptsToCheck,
  expirePaymentAttempt,
  getPaymentAttempt,
  postponeCheck,
  setPaymentReference,
  settlePaymentAttempt,
  startPaymentAttempt,
  type PaymentAttempt,
  type Settlement,
} from "~/models/payments.server";
import type { Db } from "~/infra/db.server";
import type { Env } from "~/infra/env.server";
import { logger } from "~/infra/logger.server";
import { paymentProviderOf } from "./payments.server";
import {
  PaymentRefusedError,
  PaymentUnavailableError,
  type PaymentProvider,
  type PaymentProviderName,
} from "./provider.server";

/**
 * The checkout's side of payments (issue 22; docs/decisions/059): an order's payment started with
 * the configured provider for the order's own total, the provider's word asked when the customer
 * comes back or the provider's server calls, and, in the background, about every attempt still
 * waiting, until it is final. The order is marked paid only by settlePaymentAttempt, on the word
 * our server got from the provider itself.
 */

type PaymentEnv = Pick<Env, "SITE_URL" | "payments">;

/** Where the provider sends the customer back, and where Flow's server tells ours. */
export const paymentPaths = {
  webpayReturn: "/pago/webpay/retorno",
  flowReturn: "/pago/flow/retorno",
  flowConfirmation: "/pago/flow/confirmacion",
  flowRefund: "/pago/flow/reembolso",
} as const;

/** The page that sends the customer to the provider for an attempt. */
export function paymentPagePath(attemptId: string): string {
  return `/pago/${attemptId}`;
}

/**
 * How long an attempt may wait for the provider's final word before it is given up as expired:
 * Webpay's form lets the customer pay for a few minutes (an hour is well past it); Flow's page
 * offers means that are paid later (a bank transfer, cash at a counter), so it is given a day.
 */
export const attemptLifetimeMs: Record<PaymentProviderName, number> = {
  webpay: 60 * 60_000,
  flow: 24 * 60 * 60_000,
};

/** The provider the configuration names for `name`, if it is the one configured. */
function providerFor(env: PaymentEnv, name: PaymentProviderName): PaymentProvider | undefined {
  const provider = paymentProviderOf(env.payments);
  return provider?.name === name ? provider : undefined;
}

/** A buy order for the provider: the order's number and a short random part, ≤ 26 characters. */
function buyOrderFor(orderNumber: string): string {
  const suffix = crypto.randomUUID().replaceAll("-", "").slice(0, 6).toUpperCase();
  return `${orderNumber}-${suffix}`;
}

/** At most this many attempts per order in ten minutes: "Reintentar el pago" is not a way to flood the provider. */
export const maxAttemptsPerTenMinutes = 10;

export type PaymentStartOutcome =
  | { ok: true; attempt: PaymentAttempt }
  /** The order is paid, cancelled or unknown: nothing to pay. */
  | { ok: false; reason: "not-payable" }
  /** Too many attempts for this order just now. */
  | { ok: false; reason: "too-many" }
  /** The provider could not be reached or said no: the order waits, the customer may try again. */
  | { ok: false; reason: "unavailable" };

/**
 * Starts paying `orderId` with the configured provider, for the order's total as stored (not before
 * the shipping of an order outside the continent is quoted): an
 * attempt row first, then the provider's transaction, then the attempt gets the provider's token and
 * where to send the customer. A provider that is down or says no leaves the attempt expired and
 * the order waiting.
 */
export async function startOrderPayment(
  db: Db,
  env: PaymentEnv,
  orderId: string,
  now: Date = new Date(),
): Promise<PaymentStartOutcome> {
  const provider = paymentProviderOf(env.payments);
  const order = await db
    .selectFrom("orders")
    .select(["id", "number", "total", "status", "email", "shippingKind", "shippingCost"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  // Outside the continent, the total is known (and paid) only once the shipping is quoted.
  if (!provider || !order || order.status !== initialOrderStatus || awaitsShippingQuote(order)) {
    return { ok: false, reason: "not-payable" };
  }
  const recent = await db
    .selectFrom("paymentAttempts")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("orderId", "=", order.id)
    .where("createdAt", ">", new Date(now.getTime() - 10 * 60_000).toISOString())
    .executeTakeFirstOrThrow();
  if (Number(recent.count) >= maxAttemptsPerTenMinutes) return { ok: false, reason: "too-many" };

  const attempt = await startPaymentAttempt(db, {
    orderId: order.id,
    provider: provider.name,
    buyOrder: buyOrderFor(order.number),
    amount: order.total,
    now,
  });
  const site = env.SITE_URL.replace(/\/+$/, "");
  try {
    const started = await provider.start({
      buyOrder: attempt.buyOrder,
      sessionId: attempt.id,
      amount: attempt.amount,
      returnUrl: `${site}${provider.name === "webpay" ? paymentPaths.webpayReturn : paymentPaths.flowReturn}`,
      confirmationUrl: `${site}${paymentPaths.flowConfirmation}`,
      email: order.email,
      subject: `Pedido ${order.number} · LifeBox`,
    });
    await setPaymentReference(db, attempt.id, started.reference, started.redirect.url);
    return {
      ok: true,
      attempt: { ...attempt, reference: started.reference, redirectUrl: started.redirect.url },
    };
  } catch (error) {
    if (!(error instanceof PaymentUnavailableError || error instanceof PaymentRefusedError)) throw error;
    // A provider that is down is the provider's moment; one that says no to a start is ours to
    // fix (credentials, a return address it does not take).
    const log =
      error instanceof PaymentUnavailableError ? logger.warn.bind(logger) : logger.error.bind(logger);
    log({ provider: provider.name, order: order.number, reason: error.message }, "Starting a payment failed");
    await expirePaymentAttempt(db, attempt.id, now);
    return { ok: false, reason: "unavailable" };
  }
}

export type ConfirmationOutcome =
  | { ok: true; settlement: Settlement }
  /** The provider could not be asked now: the background check will. */
  | { ok: false; reason: "unavailable" }
  /** The provider does not know the token, or is not the one configured any more. */
  | { ok: false; reason: "refused" };

/**
 * Asks the provider about `attempt` and settles it with the answer: `commit` when the customer came
 * back from Webpay's form (Webpay's commit; Flow's getStatus), `status` otherwise (an abort, a
 * timeout, Flow's confirmation, the background check), which changes nothing at the provider.
 */
export async function confirmAttempt(
  db: Db,
  env: PaymentEnv,
  attempt: PaymentAttempt,
  how: "commit" | "status",
  now: Date = new Date(),
): Promise<ConfirmationOutcome> {
  const provider = providerFor(env, attempt.provider);
  if (!provider || !attempt.reference) return { ok: false, reason: "refused" };
  try {
    const word =
      how === "commit" ? await provider.confirm(attempt.reference) : await provider.status(attempt.reference);
    return { ok: true, settlement: await settlePaymentAttempt(db, attempt.id, word, now) };
  } catch (error) {
    if (error instanceof PaymentUnavailableError) {
      logger.warn(
        { provider: attempt.provider, attempt: attempt.id, reason: error.message },
        "Payment provider unavailable",
      );
      return { ok: false, reason: "unavailable" };
    }
    if (error instanceof PaymentRefusedError) {
      logger.warn(
        { provider: attempt.provider, attempt: attempt.id, reason: error.message },
        "Payment provider refused a question",
      );
      return { ok: false, reason: "refused" };
    }
    throw error;
  }
}

/** The attempt a provider's token names, for the provider named. */
export async function attemptOfReference(
  db: Db,
  provider: PaymentProviderName,
  reference: string,
): Promise<PaymentAttempt | undefined> {
  if (reference.length === 0 || reference.length > 100) return undefined;
  return db
    .selectFrom("paymentAttempts")
    .selectAll()
    .where("provider", "=", provider)
    .where("reference", "=", reference)
    .executeTakeFirst();
}

/** The attempt Webpay names by session id (our attempt id) and buy order, as its timeout return does. */
export async function attemptOfSession(
  db: Db,
  sessionId: string,
  buyOrder: string,
): Promise<PaymentAttempt | undefined> {
  const attempt = await getPaymentAttempt(db, sessionId);
  return attempt && attempt.provider === "webpay" && attempt.buyOrder === buyOrder ? attempt : undefined;
}

/** When to ask again after `checks` questions without a final word: 1, 2, 4… minutes, at most 30. */
function nextCheckAt(now: Date, checks: number): Date {
  return new Date(now.getTime() + Math.min(30, 2 ** Math.min(checks, 5)) * 60_000);
}

export interface CheckSummary {
  asked: number;
  settled: number;
  expired: number;
  unavailable: number;
}

/**
 * One pass of the background check: the attempts still waiting whose check is due (leased, so one
 * server at a time asks about each), each asked about once. A final word settles it; an attempt
 * past its lifetime without one is expired; otherwise it is asked again later, less often.
 */
export async function checkWaitingPayments(
  db: Db,
  env: PaymentEnv,
  { now = new Date(), limit = 20 }: { now?: Date; limit?: number } = {},
): Promise<CheckSummary> {
  const summary: CheckSummary = { asked: 0, settled: 0, expired: 0, unavailable: 0 };
  for (const attempt of await claimAttemptsToCheck(db, now, limit)) {
    const age = now.getTime() - new Date(attempt.createdAt).getTime();
    const pastLifetime = age > attemptLifetimeMs[attempt.provider];
    if (attempt.reference === null || !providerFor(env, attempt.provider)) {
      // Never started at the provider (it did not answer), or a provider no longer configured.
      if (pastLifetime || attempt.reference === null) {
        if (await expirePaymentAttempt(db, attempt.id, now)) summary.expired++;
      } else await postponeCheck(db, attempt.id, nextCheckAt(now, attempt.checks));
      continue;
    }
    summary.asked++;
    const outcome = await confirmAttempt(db, env, attempt, "status", now);
    if (outcome.ok && outcome.settlement.settled) {
      summary.settled++;
      continue;
    }
    if (!outcome.ok && outcome.reason === "unavailable") summary.unavailable++;
    if (pastLifetime) {
      if (await expirePaymentAttempt(db, attempt.id, now)) summary.expired++;
    } else await postponeCheck(db, attempt.id, nextCheckAt(now, attempt.checks));
  }
  return summary;
}

/**
 * The notice every payment page shows while nothing real is charged: Transbank's test commerce, or
 * a payment server that is not the provider's own (the local stand-in, allowed by
 * PAYMENTS_ALLOW_STAND_IN). Null for a shop that charges for real, and for the link-only shop.
 */
export function paymentNoticeOf(settings: PaymentEnv["payments"]): "test" | "stand-in" | null {
  if (settings.provider === "link") return null;
  if (settings.standIn) return "stand-in";
  return settings.testCredentials ? "test" : null;
}

import type { Selectable } from "kysely";
import { initialOrderStatus } from "~/lib/order-status";
import type { PaymentStatus } from "~/lib/payments";
import { changeOrderStatus } from "~/models/orders.server";
import { dialectOf, inTransaction, type Db } from "~/infra/db.server";
import type { PaymentAttemptsTable, PaymentAttemptStatus } from "~/infra/db-schema";

/**
 * Payment attempts and the order paid exactly once (issue 22; docs/decisions/057). An attempt is
 * stored before the customer goes to the provider; the provider's word (services/payments: Webpay's
 * commit or status, Flow's getStatus), whoever brings it — the customer's return, Flow's
 * confirmation, the background check, on any server — settles it once: the first settlement's
 * UPDATE moves it from `started`, and every later one finds it settled and changes nothing. An
 * approved attempt for its own amount and buy order marks its order paid in the same transaction,
 * with one history row and the "Pago recibido" e-mail due at once.
 */

export type PaymentAttempt = Selectable<PaymentAttemptsTable>;

export class PaymentAttemptNotFoundError extends Error {
  override name = "PaymentAttemptNotFoundError";
}

/** What the provider said of an attempt (lib/payments.ts), as services/payments brings it. */
export type ProviderWord = PaymentStatus;

/** An attempt stored before the customer is sent away; its reference comes with the provider's answer. */
export async function startPaymentAttempt(
  db: Db,
  {
    orderId,
    provider,
    buyOrder,
    amount,
    now = new Date(),
  }: { orderId: string; provider: PaymentAttempt["provider"]; buyOrder: string; amount: number; now?: Date },
): Promise<PaymentAttempt> {
  const attempt = {
    id: crypto.randomUUID(),
    orderId,
    provider,
    reference: null,
    buyOrder,
    amount,
    status: "started" as const,
    providerAmount: null,
    authorizationCode: null,
    cardLastFour: null,
    paymentType: null,
    installments: null,
    responseCode: null,
    flag: null,
    createdAt: now.toISOString(),
    settledAt: null,
  };
  await db.insertInto("paymentAttempts").values(attempt).execute();
  return attempt;
}

/** The provider's token, once it answered the start. */
export async function setPaymentReference(db: Db, attemptId: string, reference: string): Promise<void> {
  await db
    .updateTable("paymentAttempts")
    .set({ reference })
    .where("id", "=", attemptId)
    .where("reference", "is", null)
    .execute();
}

export async function findPaymentAttempt(
  db: Db,
  provider: PaymentAttempt["provider"],
  reference: string,
): Promise<PaymentAttempt | undefined> {
  return db
    .selectFrom("paymentAttempts")
    .selectAll()
    .where("provider", "=", provider)
    .where("reference", "=", reference)
    .executeTakeFirst();
}

export interface Settlement {
  attempt: PaymentAttempt;
  /** This call settled it (false: it was settled before, or the word is not final yet). */
  settled: boolean;
  /** This call marked the order paid. */
  orderPaid: boolean;
}

/** The status an attempt takes for the provider's word, and why a mismatch is one. */
function finalStatus(
  attempt: PaymentAttempt,
  word: ProviderWord,
  orderStatus: string,
): { status: PaymentAttemptStatus; flag: string | null } | undefined {
  switch (word.outcome) {
    case "pending":
      return undefined;
    case "rejected":
    case "cancelled":
    case "refunded":
      return { status: word.outcome, flag: null };
    case "approved":
      if (word.amount !== attempt.amount) return { status: "mismatch", flag: "amount" };
      if (word.buyOrder !== attempt.buyOrder) return { status: "mismatch", flag: "buy-order" };
      if (orderStatus !== initialOrderStatus)
        return { status: "mismatch", flag: "order-not-awaiting-payment" };
      return { status: "approved", flag: null };
  }
}

/**
 * Settles the attempt `attemptId` with the provider's word, once: a word that is not final
 * (pending) changes nothing; the first final word moves the attempt from `started` and, approved
 * for its amount and buy order while its order awaits payment, marks the order paid (one history
 * row, its e-mail due at once); any later word finds the attempt settled and changes nothing. An
 * approved word that does not match is kept as a mismatch, with its reason, for staff.
 */
export async function settlePaymentAttempt(
  db: Db,
  attemptId: string,
  word: ProviderWord,
  now: Date = new Date(),
): Promise<Settlement> {
  const at = now.toISOString();
  return inTransaction(db, async (trx) => {
    const attempt = await trx
      .selectFrom("paymentAttempts")
      .selectAll()
      .where("id", "=", attemptId)
      .executeTakeFirst();
    if (!attempt) throw new PaymentAttemptNotFoundError(`No payment attempt ${attemptId}`);
    // The order's row is held until the end (PostgreSQL; SQLite's transactions hold the whole
    // database): two attempts of one order approved at once are settled one after the other, and
    // the second finds the order paid.
    let orderQuery = trx.selectFrom("orders").select("status").where("id", "=", attempt.orderId);
    if (dialectOf(trx) === "postgres") orderQuery = orderQuery.forUpdate();
    const order = await orderQuery.executeTakeFirstOrThrow();
    const final = attempt.status === "started" ? finalStatus(attempt, word, order.status) : undefined;
    if (!final) return { attempt, settled: false, orderPaid: false };

    // Only from `started`: of two settlements at once, the second finds nothing to change (on
    // PostgreSQL it waits for the first's row lock, then re-reads the condition).
    const settlement = {
      status: final.status,
      flag: final.flag,
      providerAmount: word.amount,
      authorizationCode: word.authorizationCode ?? null,
      cardLastFour: word.cardLastFour ?? null,
      paymentType: word.paymentType ?? null,
      installments: word.installments ?? null,
      responseCode: word.responseCode ?? null,
      settledAt: at,
    };
    const updated = await trx
      .updateTable("paymentAttempts")
      .set(settlement)
      .where("id", "=", attemptId)
      .where("status", "=", "started")
      .executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) {
      // Another settlement came first: the attempt as it left it.
      const current = await trx
        .selectFrom("paymentAttempts")
        .selectAll()
        .where("id", "=", attemptId)
        .executeTakeFirstOrThrow();
      return { attempt: current, settled: false, orderPaid: false };
    }
    const settledAttempt = { ...attempt, ...settlement };
    if (final.status !== "approved") return { attempt: settledAttempt, settled: true, orderPaid: false };
    // The provider's word, not staff's: nothing to undo, the customer hears at once.
    await changeOrderStatus(trx, attempt.orderId, "pagado", null, now, { mailDueAt: now });
    return { attempt: settledAttempt, settled: true, orderPaid: true };
  });
}

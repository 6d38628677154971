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

/** How long after its start the background check first asks about an attempt: time to pay. */
export const firstCheckDelayMs = 5 * 60_000;

/** How long a background check holds the attempts it took before another server may take them. */
export const checkLeaseMs = 2 * 60_000;

/** The flag of an attempt settled as cancelled because its time to pay ran out (no final word came). */
export const expiredFlag = "expired";

/** The most of the provider's answer kept on an attempt (migration 0014's column). */
const maxAnswerLength = 4000;

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
    redirectUrl: null,
    answer: null,
    // The background check asks the provider once the customer has had time to pay.
    checkAfter: new Date(now.getTime() + firstCheckDelayMs).toISOString(),
    checks: 0,
    refundType: null,
    refundAmount: null,
    refundReference: null,
    refundedAt: null,
    refundError: null,
  };
  await db.insertInto("paymentAttempts").values(attempt).execute();
  return attempt;
}

/** The provider's token and where to send the customer, once it answered the start. */
export async function setPaymentReference(
  db: Db,
  attemptId: string,
  reference: string,
  redirectUrl: string | null = null,
): Promise<void> {
  await db
    .updateTable("paymentAttempts")
    .set({ reference, redirectUrl })
    .where("id", "=", attemptId)
    .where("reference", "is", null)
    .execute();
}

export async function getPaymentAttempt(db: Db, attemptId: string): Promise<PaymentAttempt | undefined> {
  if (!/^[0-9a-f-]{36}$/.test(attemptId)) return undefined;
  return db.selectFrom("paymentAttempts").selectAll().where("id", "=", attemptId).executeTakeFirst();
}

/** An order's attempts, the latest first. */
export async function attemptsOfOrder(db: Db, orderId: string): Promise<PaymentAttempt[]> {
  return db
    .selectFrom("paymentAttempts")
    .selectAll()
    .where("orderId", "=", orderId)
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .execute();
}

/** The provider's answer as the attempt keeps it: JSON, cut to what the column holds. */
function answerText(word: ProviderWord): string | null {
  if (!word.answer) return null;
  const text = JSON.stringify(word.answer);
  return text.length <= maxAnswerLength
    ? text
    : JSON.stringify({ truncated: text.slice(0, maxAnswerLength - 40) });
}

/**
 * Takes up to `limit` attempts still waiting for the provider's final word whose check is due, and
 * leases them for checkLeaseMs (check_after moves), so two servers never ask about the same
 * attempt at once (as claimDueMail does for the outbox: one statement; `for update skip locked` on
 * PostgreSQL).
 */
export async function claimAttemptsToCheck(db: Db, now: Date, limit: number): Promise<PaymentAttempt[]> {
  if (!(limit > 0)) return [];
  const at = now.toISOString();
  const due = db
    .selectFrom("paymentAttempts")
    .select("id")
    .where("status", "=", "started")
    .where("checkAfter", "<=", at)
    .orderBy("checkAfter")
    .limit(Math.floor(limit));
  const pick = dialectOf(db) === "postgres" ? due.forUpdate().skipLocked() : due;
  return db
    .with(
      (cte) => cte("due").materialized(),
      () => pick,
    )
    .updateTable("paymentAttempts")
    .set({ checkAfter: new Date(now.getTime() + checkLeaseMs).toISOString() })
    .where("id", "in", (eb) => eb.selectFrom("due").select("due.id"))
    .where("status", "=", "started")
    .where("checkAfter", "<=", at)
    .returningAll()
    .execute();
}

/** The provider's word is not final yet: ask again at `checkAfter`. */
export async function postponeCheck(db: Db, attemptId: string, checkAfter: Date): Promise<void> {
  await db
    .updateTable("paymentAttempts")
    .set((eb) => ({ checkAfter: checkAfter.toISOString(), checks: eb("checks", "+", 1) }))
    .where("id", "=", attemptId)
    .where("status", "=", "started")
    .execute();
}

/**
 * The attempt's time to pay ran out without a final word (the customer left the provider's page,
 * or the provider never answered the start): cancelled, flagged `expired`. A later approval still
 * settles it (settlePaymentAttempt), so a payment the provider approves late is never lost.
 */
export async function expirePaymentAttempt(
  db: Db,
  attemptId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const updated = await db
    .updateTable("paymentAttempts")
    .set({ status: "cancelled", flag: expiredFlag, settledAt: now.toISOString(), checkAfter: null })
    .where("id", "=", attemptId)
    .where("status", "=", "started")
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n;
}

/** Whether an attempt may still take the provider's word: started, or expired and now approved. */
function open(attempt: PaymentAttempt, word: ProviderWord): boolean {
  return (
    attempt.status === "started" ||
    (attempt.status === "cancelled" && attempt.flag === expiredFlag && word.outcome === "approved")
  );
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
 * (pending) changes nothing; the first final word moves the attempt from `started` (or from
 * expired, when the provider approved it late) and, approved
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
    const final = open(attempt, word) ? finalStatus(attempt, word, order.status) : undefined;
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
      answer: answerText(word),
      settledAt: at,
      checkAfter: null,
    };
    const updated = await trx
      .updateTable("paymentAttempts")
      .set(settlement)
      .where("id", "=", attemptId)
      .where("status", "=", attempt.status)
      .where((eb) => (attempt.flag === null ? eb("flag", "is", null) : eb("flag", "=", attempt.flag)))
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
    await changeOrderStatus(trx, attempt.orderId, "pagado", null, now, {
      mailDueAt: now,
      payment: { paidBy: attempt.provider },
    });
    return { attempt: settledAttempt, settled: true, orderPaid: true };
  });
}

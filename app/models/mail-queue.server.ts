import { dialectOf, inTransaction, type Db } from "~/infra/db.server";

// Outgoing e-mail (docs/product.md#d19): queued in the request's transaction, claimed and sent by the
// mail worker (services/mail.server.ts), retried with a backoff; the fifth failure is final.

/** A message written out: subject, plain text and optional HTML. */
export interface WrittenMail {
  subject: string;
  text: string;
  html?: string | null;
}

/** A message to queue: written out, or the data its kind's template writes when it is sent. */
export type OutgoingMail = {
  /** What the message is about, e.g. "order-confirmation" or "shop-new-order". */
  kind: string;
  to: string;
} & (WrittenMail | { templateData: unknown });

/** A claimed message: subject and bodies, or null and templateData (JSON). */
export type QueuedMail = Awaited<ReturnType<typeof claimDueMail>>[number];

type MailFailureOutcome =
  { status: "pending"; attempts: number; nextAttemptAt: string } | { status: "failed"; attempts: number };

const minute = 60_000;

/** Wait after the 1st, 2nd, 3rd and 4th failure. */
const mailRetryDelaysMs = [1 * minute, 5 * minute, 30 * minute, 120 * minute] as const;

/** The fifth failure is final. */
export const maxMailAttempts = mailRetryDelaysMs.length + 1;

/**
 * A claimed message is not offered again for this long, so two workers never send it twice; if its
 * worker dies before marking it, it is offered again afterwards (without counting an attempt).
 */
export const mailClaimLeaseMs = 10 * minute;

/** An error as one line of text, for the log and the queue's last_error. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/**
 * Queues messages in one statement; returns their ids in order. They are due at once, or at
 * `dueAt` (a customer's status e-mail waits out the time its change can be undone).
 */
export async function enqueueMails(
  db: Db,
  messages: readonly OutgoingMail[],
  now: Date = new Date(),
  dueAt: Date = now,
): Promise<string[]> {
  if (messages.length === 0) return [];
  const at = now.toISOString();
  const due = dueAt.toISOString();
  const rows = messages.map((message) => {
    const written = "templateData" in message ? undefined : (message as WrittenMail);
    return {
      id: crypto.randomUUID(),
      kind: message.kind,
      toAddress: message.to,
      subject: written?.subject ?? null,
      textBody: written?.text ?? null,
      htmlBody: written?.html ?? null,
      templateData: "templateData" in message ? JSON.stringify(message.templateData) : null,
      nextAttemptAt: due,
      createdAt: at,
    };
  });
  await db.insertInto("mailQueue").values(rows).execute();
  return rows.map((row) => row.id);
}

/** Queues one message, due at once or at `dueAt`. */
export async function enqueueMail(
  db: Db,
  message: OutgoingMail,
  now?: Date,
  dueAt?: Date,
): Promise<{ id: string }> {
  const [id] = await enqueueMails(db, [message], now, dueAt);
  return { id: id! };
}

/** What a claim returns of each message. */
const claimedColumns = [
  "id",
  "kind",
  "toAddress as to",
  "subject",
  "textBody as text",
  "htmlBody as html",
  "templateData",
  "attempts",
  "createdAt",
] as const;

/**
 * Takes up to `limit` pending messages that are due at `now`, oldest first, and leases them for
 * mailClaimLeaseMs. One statement (with due as materialized (select … limit) update … where id in
 * due returning), so concurrent workers do not claim the same message. On PostgreSQL, where the
 * workers of several servers claim at the same moment (docs/decisions/046), the messages are picked
 * `for update skip locked`: a worker passes over the ones another is claiming and takes the next,
 * instead of waiting for that claim and finding its messages gone. The pick is a materialized CTE,
 * run once: written as `in (subquery)`, PostgreSQL may run a locking subquery again for each row it
 * updates, each run finding other rows (a claim of one message leased three in the tests).
 */
export async function claimDueMail(db: Db, now: Date, limit: number) {
  if (!(limit > 0)) return [];
  const at = now.toISOString();
  const lease = { nextAttemptAt: new Date(now.getTime() + mailClaimLeaseMs).toISOString() };
  const due = db
    .selectFrom("mailQueue")
    .select("id")
    .where("status", "=", "pending")
    .where("nextAttemptAt", "<=", at)
    .orderBy("nextAttemptAt")
    .orderBy("createdAt")
    .limit(Math.floor(limit));
  // SQLite has no row locks (and no `for update`): it runs one statement at a time.
  const pick = dialectOf(db) === "postgres" ? due.forUpdate().skipLocked() : due;
  const rows = await db
    .with(
      (cte) => cte("due").materialized(),
      () => pick,
    )
    .updateTable("mailQueue")
    .set(lease)
    .where("id", "in", (eb) => eb.selectFrom("due").select("due.id"))
    // The same conditions again, as a guard: only a message still pending and due is leased.
    .where("status", "=", "pending")
    .where("nextAttemptAt", "<=", at)
    .returning(claimedColumns)
    .execute();
  return rows.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

/**
 * Withdraws a message that was never offered to a worker: pending, not tried, and still due at
 * `dueAt` (a claim moves that time). True if it was withdrawn (deleted: it was never sent); false if
 * a worker already has it, or it went out, or there is no such message.
 */
export async function withdrawUnsentMail(db: Db, id: string, dueAt: Date): Promise<boolean> {
  const result = await db
    .deleteFrom("mailQueue")
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where("attempts", "=", 0)
    .where("nextAttemptAt", "=", dueAt.toISOString())
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

/** Records that the message went out; false if it is not a pending message. */
export async function markSent(db: Db, id: string, now: Date = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("mailQueue")
    .set({ status: "sent", sentAt: now.toISOString() })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Records a failed attempt: the message is retried after the next delay of mailRetryDelaysMs, or
 * becomes "failed" at the fifth failure. Undefined if it is not a pending message.
 */
export async function markFailed(
  db: Db,
  id: string,
  error: unknown,
  now: Date = new Date(),
): Promise<MailFailureOutcome | undefined> {
  const lastError = errorText(error).slice(0, 2000);
  const update = async (trx: Db) => {
    const row = await trx
      .selectFrom("mailQueue")
      .select("attempts")
      .where("id", "=", id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (!row) return undefined;
    const attempts = row.attempts + 1;
    const delay = mailRetryDelaysMs[attempts - 1];
    const outcome: MailFailureOutcome =
      delay === undefined || attempts >= maxMailAttempts
        ? { status: "failed", attempts }
        : { status: "pending", attempts, nextAttemptAt: new Date(now.getTime() + delay).toISOString() };
    await trx
      .updateTable("mailQueue")
      .set({
        attempts,
        lastError,
        status: outcome.status,
        ...(outcome.status === "pending" ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
      })
      .where("id", "=", id)
      .where("attempts", "=", row.attempts)
      .execute();
    return outcome;
  };
  return inTransaction(db, update);
}

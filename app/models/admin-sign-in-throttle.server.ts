import type { Db } from "~/infra/db.server";
import { withAdminTables } from "~/infra/admin-db-schema";

// The sign-in throttle (docs/decisions/026): per address, attempts counted atomically before the
// password is checked; per account and address, a wait that grows with the account's failures.

export const signInThrottle = {
  /** Attempts one address may make in a window (a right password gives its attempt back). */
  perAddress: 5,
  windowMs: 15 * 60_000,
  /** Failures of an account that cost no wait (typing mistakes). */
  freeFailures: 2,
  /** The wait after the first failure beyond the free ones; it doubles with each further one. */
  firstDelayMs: 5_000,
  /** The longest an address waits for an account. */
  maxDelayMs: 15 * 60_000,
} as const;

/** The client address, and the account as HMAC of the lower-cased e-mail (auth.server.ts accountKeyOf). */
interface ThrottleKeys {
  ip: string;
  accountKey: string;
}

/** How long an address that just failed waits for an account with `failures` consecutive failures. */
export function accountDelayMs(failures: number): number {
  const { freeFailures, firstDelayMs, maxDelayMs } = signInThrottle;
  if (failures <= freeFailures) return 0;
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(failures - freeFailures - 1, 20));
}

/**
 * Before a password is checked: whether this address may try this account now. When it may, the
 * attempt is counted (the caller then reports `recordSignInFailure` or `recordSignInSuccess`).
 */
export async function reserveSignInAttempt(
  db: Db,
  { ip, accountKey }: ThrottleKeys,
  now: Date = new Date(),
): Promise<{ allowed: true } | { allowed: false; retryAfterMs: number }> {
  const adminDb = withAdminTables(db);
  const at = now.toISOString();

  const windowStart = new Date(now.getTime() - signInThrottle.windowMs).toISOString();
  /** How long until the address's window ends, if it has used up its attempts. */
  const addressWaitMs = (attempts: number, windowStartedAt: string) =>
    attempts >= signInThrottle.perAddress && windowStartedAt > windowStart
      ? Date.parse(windowStartedAt) + signInThrottle.windowMs - now.getTime()
      : 0;

  const hold = await adminDb
    .selectFrom("adminSignInHolds")
    .select("until")
    .where("accountKey", "=", accountKey)
    .where("ip", "=", ip)
    .where("until", ">", at)
    .executeTakeFirst();
  if (hold) {
    // The wait said is the whole wait: the address's own limit may end later than the hold.
    const address = await adminDb
      .selectFrom("adminSignInAddresses")
      .select(["attempts", "windowStartedAt"])
      .where("ip", "=", ip)
      .executeTakeFirst();
    const holdMs = Date.parse(hold.until) - now.getTime();
    const windowMs = address ? addressWaitMs(Number(address.attempts), address.windowStartedAt) : 0;
    return { allowed: false, retryAfterMs: Math.max(holdMs, windowMs) };
  }

  // One statement: insert the address's first attempt, or add one to its count (a new window when
  // the old one has passed), and read the number back. Concurrent requests are counted one by one
  // (PostgreSQL locks the row; SQLite runs one statement at a time).
  const counted = await adminDb
    .insertInto("adminSignInAddresses")
    .values({ ip, attempts: 1, windowStartedAt: at })
    .onConflict((conflict) =>
      conflict.column("ip").doUpdateSet((eb) => {
        const windowOver = eb("adminSignInAddresses.windowStartedAt", "<=", windowStart);
        return {
          attempts: eb
            .case()
            .when(windowOver)
            .then(eb.lit(1))
            .else(eb("adminSignInAddresses.attempts", "+", eb.lit(1)))
            .end(),
          windowStartedAt: eb
            .case()
            .when(windowOver)
            .then(at)
            .else(eb.ref("adminSignInAddresses.windowStartedAt"))
            .end(),
        };
      }),
    )
    .returning(["attempts", "windowStartedAt"])
    .executeTakeFirstOrThrow();
  if (Number(counted.attempts) > signInThrottle.perAddress) {
    return {
      allowed: false,
      retryAfterMs: addressWaitMs(Number(counted.attempts), counted.windowStartedAt),
    };
  }
  return { allowed: true };
}

/**
 * After a wrong password (or an unknown e-mail, or a disabled account: all the same): one more
 * consecutive failure for the account, and the address waits for it accordingly. The address's
 * attempt was already counted by `reserveSignInAttempt`.
 */
export async function recordSignInFailure(db: Db, { ip, accountKey }: ThrottleKeys, now: Date = new Date()) {
  const adminDb = withAdminTables(db);
  const at = now.toISOString();
  const forgotten = new Date(now.getTime() - signInThrottle.windowMs).toISOString();
  const account = await adminDb
    .insertInto("adminSignInAccounts")
    .values({ accountKey, failures: 1, lastFailedAt: at })
    .onConflict((conflict) =>
      conflict.column("accountKey").doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when("adminSignInAccounts.lastFailedAt", "<=", forgotten)
          .then(eb.lit(1))
          .else(eb("adminSignInAccounts.failures", "+", eb.lit(1)))
          .end(),
        lastFailedAt: at,
      })),
    )
    .returning("failures")
    .executeTakeFirstOrThrow();

  const delay = accountDelayMs(Number(account.failures));
  if (delay > 0) {
    const until = new Date(now.getTime() + delay).toISOString();
    await adminDb
      .insertInto("adminSignInHolds")
      .values({ accountKey, ip, until })
      .onConflict((conflict) => conflict.columns(["accountKey", "ip"]).doUpdateSet({ until }))
      .execute();
  }

  // What has left the window is forgotten (the tables stay small).
  await adminDb.deleteFrom("adminSignInAddresses").where("windowStartedAt", "<=", forgotten).execute();
  await adminDb.deleteFrom("adminSignInAccounts").where("lastFailedAt", "<=", forgotten).execute();
  await adminDb.deleteFrom("adminSignInHolds").where("until", "<=", at).execute();
}

/** After the right password: the address gets its attempt back, and the account starts afresh. */
export async function recordSignInSuccess(db: Db, { ip, accountKey }: ThrottleKeys) {
  await releaseSignInAttempt(db, ip);
  const adminDb = withAdminTables(db);
  await adminDb.deleteFrom("adminSignInAccounts").where("accountKey", "=", accountKey).execute();
  await adminDb.deleteFrom("adminSignInHolds").where("accountKey", "=", accountKey).execute();
}

/** Gives an address back an attempt that was not a guess (right password, or our own error). */
export async function releaseSignInAttempt(db: Db, ip: string) {
  await withAdminTables(db)
    .updateTable("adminSignInAddresses")
    .set((eb) => ({ attempts: eb("attempts", "-", eb.lit(1)) }))
    .where("ip", "=", ip)
    .where("attempts", ">", 0)
    .execute();
}

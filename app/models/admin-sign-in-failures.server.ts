import type { Db } from "~/services/db.server";
import { withAdminTables } from "~/services/admin-db-schema";

/**
 * The sign-in throttle's memory (issue 4; docs/decisions/018): one row per failed sign-in (wrong
 * password, unknown e-mail, disabled account — all the same to the visitor), with the IP and a keyed
 * hash of the e-mail typed. While either the IP or the account has `maxFailures` failures in the
 * last `windowMs`, sign-in is refused before any password is checked.
 */

export const signInThrottle = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
} as const;

export interface ThrottleKeys {
  ip: string;
  /** HMAC of the lower-cased e-mail (services/auth.server.ts accountKeyOf). */
  accountKey: string;
}

/**
 * How long (ms) the IP or the account must still wait, or 0 if it may try now: the time until the
 * oldest failure that keeps it at the limit leaves the window.
 */
export async function throttleWaitMs(
  db: Db,
  { ip, accountKey }: ThrottleKeys,
  now: Date = new Date(),
): Promise<number> {
  const since = new Date(now.getTime() - signInThrottle.windowMs).toISOString();
  const adminDb = withAdminTables(db);
  const recent = (column: "ip" | "account_key", value: string) =>
    adminDb
      .selectFrom("admin_sign_in_failures")
      .select("failed_at")
      .where(column, "=", value)
      .where("failed_at", ">", since)
      .orderBy("failed_at", "desc")
      .limit(signInThrottle.maxFailures)
      .execute();
  const [byIp, byAccount] = await Promise.all([recent("ip", ip), recent("account_key", accountKey)]);
  let wait = 0;
  for (const rows of [byIp, byAccount]) {
    if (rows.length < signInThrottle.maxFailures) continue;
    // The limit-th most recent failure: once it leaves the window, one more attempt is allowed.
    const oldest = new Date(rows[rows.length - 1]!.failed_at).getTime();
    wait = Math.max(wait, oldest + signInThrottle.windowMs - now.getTime());
  }
  return Math.max(0, wait);
}

/** Records a failed sign-in and forgets the failures that have left the window. */
export async function recordSignInFailure(db: Db, { ip, accountKey }: ThrottleKeys, now: Date = new Date()) {
  const adminDb = withAdminTables(db);
  await adminDb
    .insertInto("admin_sign_in_failures")
    .values({ id: crypto.randomUUID(), ip, account_key: accountKey, failed_at: now.toISOString() })
    .execute();
  const expired = new Date(now.getTime() - signInThrottle.windowMs).toISOString();
  await adminDb.deleteFrom("admin_sign_in_failures").where("failed_at", "<=", expired).execute();
}

/** A successful sign-in clears the account's failures (the IP's stay until they expire). */
export async function clearAccountFailures(db: Db, accountKey: string) {
  await withAdminTables(db)
    .deleteFrom("admin_sign_in_failures")
    .where("account_key", "=", accountKey)
    .execute();
}

import { insertRow, type Db } from "~/services/db.server";

/**
 * A captcha solution is accepted once (DECISIONS D13). After the captcha service has verified a
 * solution, it records the challenge's signature here; the same signature is refused until the
 * challenge has expired, after which the captcha itself refuses it.
 */

const maxSignatureLength = 128;

/**
 * Records the challenge as used: true the first time, false if it was already used (or the signature
 * cannot be one). Safe under concurrency: the signature is the table's key.
 */
export async function markChallengeUsed(db: Db, signature: string, expiresAt: Date): Promise<boolean> {
  if (signature.length === 0 || signature.length > maxSignatureLength) return false;
  const inserted = await insertRow(
    db,
    "used_captcha_challenges",
    { signature, expires_at: expiresAt.toISOString() },
    { ignoreConflictOn: "signature" },
  );
  return inserted === 1n;
}

/** Forgets the challenges that have expired by `now`; returns how many. */
export async function purgeExpiredChallenges(db: Db, now: Date = new Date()): Promise<number> {
  const result = await db
    .deleteFrom("used_captcha_challenges")
    .where("expires_at", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

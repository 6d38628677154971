import type { Db } from "~/infra/db.server";

// A captcha solution is accepted once (D13): the submission's transaction records its challenge
// here; once expired, the captcha check itself refuses it (docs/decisions/015).

/** A challenge whose solution was verified: its id (the signature) and when it expires. */
export interface SolvedChallenge {
  id: string;
  expiresAt: Date;
}

/** The challenge's solution was used before: nothing of the submission may be stored. */
export class ChallengeUsedError extends Error {
  override name = "ChallengeUsedError";
}

const maxSignatureLength = 128;

/**
 * Records the challenge as used: true the first time, false if it was already used (or the id
 * cannot be one). Safe under concurrency: the signature is the table's key.
 */
export async function markChallengeUsed(db: Db, signature: string, expiresAt: Date): Promise<boolean> {
  if (signature.length === 0 || signature.length > maxSignatureLength) return false;
  const result = await db
    .insertInto("usedCaptchaChallenges")
    .values({ signature, expiresAt: expiresAt.toISOString() })
    .onConflict((conflict) => conflict.column("signature").doNothing())
    .executeTakeFirst();
  return result.numInsertedOrUpdatedRows === 1n;
}

/** Inside a submission's transaction: marks `challenge` used, or throws ChallengeUsedError. */
export async function useChallenge(db: Db, challenge: SolvedChallenge): Promise<void> {
  if (!(await markChallengeUsed(db, challenge.id, challenge.expiresAt))) {
    throw new ChallengeUsedError("The captcha challenge was used before");
  }
}

/** Forgets the challenges that have expired by `now`; returns how many. */
export async function purgeExpiredChallenges(db: Db, now: Date = new Date()): Promise<number> {
  const result = await db
    .deleteFrom("usedCaptchaChallenges")
    .where("expiresAt", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

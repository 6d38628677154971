import { randomBytes } from "node:crypto";
import type { Db } from "~/infra/db.server";

/**
 * Newsletter subscribers (docs/product.md#spec-3 "Subscript", docs/product.md#d14, #d15): one row per
 * trimmed, lower-cased e-mail, with the time of consent and a token for the one-click unsubscribe link in
 * every e-mail.
 */

/** The same answer whether the address was new or already subscribed (no "already subscribed" leak). */
interface SubscribeOutcome {
  email: string;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Subscribes `email`, consenting now. Subscribing again is a quiet success that keeps the first
 * subscription (its consent time and unsubscribe token) untouched.
 */
export async function subscribe(
  db: Db,
  email: string,
  { now = new Date() }: { now?: Date } = {},
): Promise<SubscribeOutcome> {
  const address = normalizeEmail(email);
  if (!address) throw new TypeError("subscribe() needs an e-mail address");
  const at = now.toISOString();
  await db
    .insertInto("subscribers")
    .values({
      id: crypto.randomUUID(),
      email: address,
      unsubscribeToken: randomBytes(32).toString("base64url"),
      createdAt: at,
      consentedAt: at,
    })
    .onConflict((conflict) => conflict.column("email").doNothing())
    .execute();
  return { email: address };
}

/** Deletes the subscription the token belongs to; false if there is none (or the token is malformed). */
export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  // A token is 32 random bytes in base64url: 43 characters.
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
  const result = await db.deleteFrom("subscribers").where("unsubscribeToken", "=", token).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

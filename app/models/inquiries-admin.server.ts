import { isUuid } from "~/models/orders.server";
import type { Db } from "~/infra/db.server";

/**
 * Inquiries, what staff answer: quotation requests (docs/product.md#d18) and contact messages
 * (docs/product.md#spec-2 "Contactos"). "Answered" is the time it was marked (answered_at); marking twice
 * keeps the first.
 */

/** The request with this id, or undefined for an unknown or malformed id. */
export async function getQuoteForAdmin(db: Db, id: string) {
  if (!isUuid(id)) return undefined;
  return db.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The message with this id, or undefined for an unknown or malformed id. */
export async function getContactMessageForAdmin(db: Db, id: string) {
  if (!isUuid(id)) return undefined;
  return db.selectFrom("contactMessages").selectAll().where("id", "=", id).executeTakeFirst();
}

export type AnsweredTable = "quotes" | "contactMessages";

/**
 * Marks the inquiry answered (now) or pending again: "changed", "unchanged" (it already was so) or
 * "not-found" (unknown or malformed id).
 */
export async function setAnswered(
  db: Db,
  table: AnsweredTable,
  id: string,
  answered: boolean,
  now: Date = new Date(),
): Promise<"changed" | "unchanged" | "not-found"> {
  if (!isUuid(id)) return "not-found";
  const result = await db
    .updateTable(table)
    .set({ answeredAt: answered ? now.toISOString() : null })
    .where("id", "=", id)
    .where("answeredAt", answered ? "is" : "is not", null)
    .executeTakeFirst();
  if (result.numUpdatedRows > 0n) return "changed";
  const exists = await db.selectFrom(table).select("id").where("id", "=", id).executeTakeFirst();
  return exists ? "unchanged" : "not-found";
}

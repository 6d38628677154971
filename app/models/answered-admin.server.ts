import { isUuid } from "~/models/orders.server";
import type { Db } from "~/services/db.server";

/**
 * "Answered" for the quotation requests and contact messages the staff reply to (issue 4, a plus
 * of "Cotizaciones" and "Contactos"). Stored as the time it was marked (answered_at), cleared by
 * the undo; marking twice keeps the first time.
 */

export type AnsweredTable = "quotes" | "contact_messages";

/** "changed", "unchanged" (it already was so) or "not-found" (unknown or malformed id). */
export type MarkAnsweredOutcome = "changed" | "unchanged" | "not-found";

export async function setAnswered(
  db: Db,
  table: AnsweredTable,
  id: string,
  answered: boolean,
  now: Date = new Date(),
): Promise<MarkAnsweredOutcome> {
  if (!isUuid(id)) return "not-found";
  const result = await db
    .updateTable(table)
    .set({ answered_at: answered ? now.toISOString() : null })
    .where("id", "=", id)
    .where("answered_at", answered ? "is" : "is not", null)
    .executeTakeFirst();
  if (result.numUpdatedRows > 0n) return "changed";
  const exists = await db.selectFrom(table).select("id").where("id", "=", id).executeTakeFirst();
  return exists ? "unchanged" : "not-found";
}

import type { Selectable } from "kysely";
import { isUuid } from "~/models/orders.server";
import type { Db } from "~/infra/db.server";
import type { ContactMessagesTable, QuotesTable } from "~/infra/db-schema";

/**
 * Inquiries as the back office reads and answers them: quotation requests (DECISIONS D18) and
 * contact messages (SPEC §2 "Contactos"), the two things staff reply to (issue 4). One of them in
 * full, and "answered": the time it was marked (answered_at), cleared by the undo; marking twice
 * keeps the first time. Their lists are in ./admin-lists/definitions.server.ts.
 */

export type AdminQuoteDetail = Selectable<QuotesTable>;

/** The request with this id, or undefined for an unknown or malformed id. */
export async function getQuoteForAdmin(db: Db, id: string): Promise<AdminQuoteDetail | undefined> {
  if (!isUuid(id)) return undefined;
  return db.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirst();
}

export type AdminContactMessageDetail = Selectable<ContactMessagesTable>;

/** The message with this id, or undefined for an unknown or malformed id. */
export async function getContactMessageForAdmin(
  db: Db,
  id: string,
): Promise<AdminContactMessageDetail | undefined> {
  if (!isUuid(id)) return undefined;
  return db.selectFrom("contactMessages").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The table of each kind of inquiry. */
export type AnsweredTable = "quotes" | "contactMessages";

/** "changed", "unchanged" (it already was so) or "not-found" (unknown or malformed id). */
export type MarkAnsweredOutcome = "changed" | "unchanged" | "not-found";

/** Marks the quotation request or contact message answered (now) or pending again. */
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
    .set({ answeredAt: answered ? now.toISOString() : null })
    .where("id", "=", id)
    .where("answeredAt", answered ? "is" : "is not", null)
    .executeTakeFirst();
  if (result.numUpdatedRows > 0n) return "changed";
  const exists = await db.selectFrom(table).select("id").where("id", "=", id).executeTakeFirst();
  return exists ? "unchanged" : "not-found";
}

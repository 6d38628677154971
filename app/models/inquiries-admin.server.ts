import { isUuid } from "~/models/orders.server";
import type { Db } from "~/infra/db.server";

/**
 * Inquiries as the back office reads and answers them: quotation requests (DECISIONS D18) and
 * contact messages (SPEC §2 "Contactos"), the two things staff reply to (issue 4). One of them in
 * full, and "answered": the time it was marked (answered_at), cleared by the undo; marking twice
 * keeps the first time. Their lists are in ./admin-lists/definitions.server.ts.
 */

export interface AdminQuoteDetail {
  id: string;
  productId: string;
  productName: string;
  fullName: string;
  email: string;
  phone: string;
  company: string;
  city: string;
  additionalNotes: string | null;
  createdAt: string;
  answeredAt: string | null;
}

/** The request with this id, or undefined for an unknown or malformed id. */
export async function getQuoteForAdmin(db: Db, id: string): Promise<AdminQuoteDetail | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    productId: row.product_id,
    productName: row.product_name,
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    city: row.city,
    additionalNotes: row.additional_notes,
    createdAt: row.created_at,
    answeredAt: row.answered_at,
  };
}

export interface AdminContactMessageDetail {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
  answeredAt: string | null;
}

/** The message with this id, or undefined for an unknown or malformed id. */
export async function getContactMessageForAdmin(
  db: Db,
  id: string,
): Promise<AdminContactMessageDetail | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: row.created_at,
    answeredAt: row.answered_at,
  };
}

/** The table of each kind of inquiry. */
export type AnsweredTable = "quotes" | "contact_messages";

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
    .set({ answered_at: answered ? now.toISOString() : null })
    .where("id", "=", id)
    .where("answered_at", answered ? "is" : "is not", null)
    .executeTakeFirst();
  if (result.numUpdatedRows > 0n) return "changed";
  const exists = await db.selectFrom(table).select("id").where("id", "=", id).executeTakeFirst();
  return exists ? "unchanged" : "not-found";
}

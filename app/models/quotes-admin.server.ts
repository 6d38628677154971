import { setAnswered, type MarkAnsweredOutcome } from "~/models/answered-admin.server";
import { isUuid } from "~/models/orders.server";
import type { Db } from "~/services/db.server";

/** Quotation requests as the back office reads them (DECISIONS D18): one in full, and "answered". */

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

/** Marks the request answered (now) or pending again. */
export function setQuoteAnswered(
  db: Db,
  id: string,
  answered: boolean,
  now?: Date,
): Promise<MarkAnsweredOutcome> {
  return setAnswered(db, "quotes", id, answered, now);
}

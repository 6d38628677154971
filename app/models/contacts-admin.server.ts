import { setAnswered, type MarkAnsweredOutcome } from "~/models/answered-admin.server";
import { isUuid } from "~/models/orders.server";
import type { Db } from "~/services/db.server";

/** Contact messages as the back office reads them (SPEC §2 "Contactos"): one in full, and "answered". */

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

/** Marks the message answered (now) or pending again. */
export function setContactMessageAnswered(
  db: Db,
  id: string,
  answered: boolean,
  now?: Date,
): Promise<MarkAnsweredOutcome> {
  return setAnswered(db, "contact_messages", id, answered, now);
}

import type { Db } from "~/services/db.server";

/**
 * Contact messages (SPEC §3 "Contacto", DECISIONS D18/D19). The captcha token is checked before this
 * is called and never stored (D13).
 */

/** What the contact form sends, already checked by its schema. */
export interface NewContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export async function createContactMessage(
  db: Db,
  input: NewContactMessage,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ id: string }> {
  const id = crypto.randomUUID();
  await db
    .insertInto("contact_messages")
    .values({
      id,
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      created_at: now.toISOString(),
      answered_at: null,
    })
    .execute();
  return { id };
}

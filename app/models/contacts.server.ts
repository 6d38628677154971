import { enqueueMails } from "~/models/mail-queue.server";
import { isUuid } from "~/models/orders.server";
import type { NewContactMessage, ContactFormData } from "~/schemas/contact";
import { inTransaction, type Db } from "~/infra/db.server";
import { getEnv, type ShopSettings } from "~/infra/env.server";
import { contactNotifications } from "~/emails/templates.server";

/** Contact messages (docs/product.md#spec-3 "Contacto", docs/product.md#d18, #d19). */

export async function createContactMessage(
  db: Db,
  input: NewContactMessage,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ id: string }> {
  const id = crypto.randomUUID();
  await db
    .insertInto("contactMessages")
    .values({
      id,
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      createdAt: now.toISOString(),
      answeredAt: null,
    })
    .execute();
  return { id };
}

/** A message from the contact form (docs/product.md#spec-2, #d19) in one transaction, like `placeOrder`. */
export async function sendContactMessage(
  db: Db,
  message: ContactFormData,
  { settings = getEnv(), now = new Date() }: { settings?: ShopSettings; now?: Date } = {},
): Promise<{ id: string }> {
  return inTransaction(db, async (trx) => {
    const { id } = await createContactMessage(trx, message, { now });
    const mailData = { ...message, id, createdAt: now, siteUrl: settings.SITE_URL, seller: settings.company };
    await enqueueMails(trx, contactNotifications(mailData, settings.SHOP_NOTIFY_EMAIL), now);
    return { id };
  });
}

/** The message with this id, or undefined for an unknown or malformed id. */
export async function getContactMessageForAdmin(db: Db, id: string) {
  if (!isUuid(id)) return undefined;
  return db.selectFrom("contactMessages").selectAll().where("id", "=", id).executeTakeFirst();
}

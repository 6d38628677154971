import { getKit } from "~/content/kits";
import { enqueueMails } from "~/models/mail-queue.server";
import { blankToNull, isUuid, UnknownKitError } from "~/models/orders.server";
import { quoteQuantityBounds } from "~/schemas/field-limits";
import type { NewQuote, QuoteFormData } from "~/schemas/quote";
import { inTransaction, type Db } from "~/infra/db.server";
import { getEnv, type ShopSettings } from "~/infra/env.server";
import { quoteNotifications } from "~/emails/templates.server";

/**
 * Quotation requests from companies (docs/product.md#spec-3 "Cotizacion", D18/D19), one plain value per field
 * (the spec's one-item lists were an artifact of its API client). The product's name is taken from the
 * catalogue, as it was called when the request came in; an unknown product throws UnknownKitError.
 * The quantity of kits is a whole number within quoteQuantityBounds (the form's schema says so in
 * Spanish; here anything else is a programming error, a RangeError, and nothing is stored).
 */

export async function createQuote(
  db: Db,
  input: NewQuote,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ id: string; productName: string }> {
  const kit = getKit(input.productId);
  if (!kit) throw new UnknownKitError(input.productId);
  const { quantity } = input;
  if (!Number.isInteger(quantity) || quantity < quoteQuantityBounds.min || quantity > quoteQuantityBounds.max)
    throw new RangeError(`A quotation asks for 1 to 10,000 kits, not ${quantity}`);
  const id = crypto.randomUUID();
  await db
    .insertInto("quotes")
    .values({
      id,
      productId: kit.id,
      productName: kit.name,
      fullName: input.fullName,
      email: input.email,
      phone: input.phone,
      company: input.company,
      city: input.city,
      quantity,
      additionalNotes: blankToNull(input.additionalNotes),
      createdAt: now.toISOString(),
      answeredAt: null,
    })
    .execute();
  return { id, productName: kit.name };
}

/** A quotation request from the form (D18, D19) in one transaction, like `placeOrder`. */
export async function requestQuote(
  db: Db,
  quote: QuoteFormData,
  { settings = getEnv(), now = new Date() }: { settings?: ShopSettings; now?: Date } = {},
): Promise<{ id: string; productName: string }> {
  return inTransaction(db, async (trx) => {
    const { id, productName } = await createQuote(trx, quote, { now });
    const mailData = {
      ...quote,
      id,
      productName,
      createdAt: now,
      siteUrl: settings.SITE_URL,
      seller: settings.company,
    };
    await enqueueMails(trx, quoteNotifications(mailData, settings.SHOP_NOTIFY_EMAIL), now);
    return { id, productName };
  });
}

/** The request with this id, or undefined for an unknown or malformed id. */
export async function getQuoteForAdmin(db: Db, id: string) {
  if (!isUuid(id)) return undefined;
  return db.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirst();
}

export type AnsweredTable = "quotes" | "contactMessages";

/**
 * Marks an inquiry — a quotation request or a contact message — answered (now) or pending again:
 * "changed", "unchanged" (it already was so) or "not-found" (unknown or malformed id). "Answered" is
 * the time it was marked (answered_at); marking twice keeps the first.
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

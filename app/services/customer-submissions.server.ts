import type { KitId } from "~/content/types";
import { shippingFor } from "~/lib/chile";
import { createContactMessage } from "~/models/contacts.server";
import { createOrder } from "~/models/orders.server";
import { createQuote } from "~/models/quotes.server";
import { subscribe, type SubscribeOutcome } from "~/models/subscribers.server";
import type { FormName } from "~/lib/submission";
import type { ContactFormData } from "~/schemas/contact";
import type { NewsletterFormData } from "~/schemas/newsletter";
import type { OrderFormData } from "~/schemas/order";
import type { QuoteFormData } from "~/schemas/quote";
import type { Db } from "~/services/db.server";
import type { Env } from "~/services/env.server";
import {
  contactNotifications,
  orderNotifications,
  quoteNotifications,
} from "~/services/mail-templates.server";
import { queueNotifications } from "~/services/mail.server";

/**
 * What happens to each public form once it passed the checks (services/submissions.server.ts):
 * the row, and in the same transaction the e-mails of DECISIONS D19. Routes stay thin.
 */

type Settings = Pick<Env, "SITE_URL" | "company" | "SHOP_NOTIFY_EMAIL" | "paymentLinks">;

/** The kit's payment page for an order: the configured link with {pedido} replaced (decision 014). */
export function paymentUrlFor(
  settings: Pick<Env, "paymentLinks">,
  kitId: KitId,
  orderNumber: string,
): string {
  return settings.paymentLinks[kitId].replaceAll("{pedido}", encodeURIComponent(orderNumber));
}

export async function storeOrder(trx: Db, order: OrderFormData, settings: Settings, now = new Date()) {
  const shippingKind = shippingFor(order.comuna).kind;
  const input = { ...order, shippingKind };
  const { id, number, kitName, total } = await createOrder(trx, input, { now });
  const paymentUrl = paymentUrlFor(settings, order.kitId, number);
  await queueNotifications(
    trx,
    orderNotifications(
      {
        ...input,
        id,
        number,
        kitName,
        total,
        createdAt: now,
        paymentUrl,
        siteUrl: settings.SITE_URL,
        seller: settings.company,
      },
      settings.SHOP_NOTIFY_EMAIL,
    ),
    now,
  );
  return { id, number, paymentUrl };
}

export async function storeQuote(trx: Db, quote: QuoteFormData, settings: Settings, now = new Date()) {
  const { id, productName } = await createQuote(trx, quote, { now });
  await queueNotifications(
    trx,
    quoteNotifications(
      { ...quote, id, productName, createdAt: now, siteUrl: settings.SITE_URL, seller: settings.company },
      settings.SHOP_NOTIFY_EMAIL,
    ),
    now,
  );
  return { id, productName };
}

export async function storeContactMessage(
  trx: Db,
  message: ContactFormData,
  settings: Settings,
  now = new Date(),
) {
  const { id } = await createContactMessage(trx, message, { now });
  await queueNotifications(
    trx,
    contactNotifications(
      { ...message, id, createdAt: now, siteUrl: settings.SITE_URL, seller: settings.company },
      settings.SHOP_NOTIFY_EMAIL,
    ),
    now,
  );
  return { id };
}

export async function storeSubscription(trx: Db, subscription: NewsletterFormData, now = new Date()) {
  return subscribe(trx, subscription.email, { now });
}

/** What each form stores: its checked value, with the page's kit already applied. */
export interface SubmissionValues {
  order: OrderFormData;
  quote: QuoteFormData;
  contact: ContactFormData;
  newsletter: NewsletterFormData;
}

/** What storing each form gives back to its answer. Plain data: it may come from another thread. */
export interface StoredSubmissions {
  order: { id: string; number: string; paymentUrl: string };
  quote: { id: string; productName: string };
  contact: { id: string };
  newsletter: SubscribeOutcome;
}

/** How each form is stored; one table for all, so a submission is dispatched without a switch. */
const stores: {
  [K in FormName]: (trx: Db, value: SubmissionValues[K], settings: Settings) => Promise<StoredSubmissions[K]>;
} = {
  order: storeOrder,
  quote: storeQuote,
  contact: storeContactMessage,
  newsletter: (trx, subscription) => storeSubscription(trx, subscription),
};

/** Stores one checked submission of `form` (with its e-mails), inside the caller's transaction. */
export async function storeSubmission<F extends FormName>(
  trx: Db,
  form: F,
  value: SubmissionValues[F],
  settings: Settings,
): Promise<StoredSubmissions[F]> {
  return stores[form](trx, value, settings);
}

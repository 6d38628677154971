import { sql } from "kysely";
import { isFinalStatus, type OrderStatus } from "~/lib/order-status";
import { normalizeEmail } from "~/models/subscribers.server";
import type { Db } from "~/infra/db.server";

/**
 * Requests about one person's data (Ley 21.719, DECISIONS D14; the rule is
 * docs/decisions/020-privacy-requests.md): find everything held about an e-mail address across the
 * tables, hand it over as JSON, and erase it. Orders are sales records the law makes us keep, so they
 * are anonymised (the customer's identity and contact data removed, the sale kept) and only once they
 * are closed (entregado or cancelado): an open order still has to be delivered or refunded.
 */

/** What an anonymised order shows instead of the customer's name. */
export const anonymisedCustomerName = "Datos eliminados";

export interface PersonalDataReport {
  /** The address searched, trimmed and lower-cased. */
  email: string;
  generatedAt: string;
  orders: Array<{
    id: string;
    number: string;
    kitId: string;
    kitName: string;
    unitPrice: number;
    shippingKind: string;
    total: number;
    status: OrderStatus;
    customerName: string;
    email: string;
    phone: string;
    regionCut: string;
    comunaCut: string;
    address: string;
    rut: string | null;
    notes: string | null;
    termsAcceptedAt: string;
    createdAt: string;
    updatedAt: string;
    statusHistory: Array<{ fromStatus: OrderStatus | null; toStatus: OrderStatus; changedAt: string }>;
  }>;
  quotes: Array<{
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
  }>;
  contactMessages: Array<{
    id: string;
    name: string;
    email: string;
    subject: string;
    message: string;
    createdAt: string;
    answeredAt: string | null;
  }>;
  /** The unsubscribe token is left out: it is a key, not information about the person. */
  subscriptions: Array<{ id: string; email: string; consentedAt: string; createdAt: string }>;
  /** E-mails sent (or to be sent) to the address or about it; their content repeats the above. */
  mails: Array<{
    id: string;
    kind: string;
    to: string;
    status: string;
    createdAt: string;
    sentAt: string | null;
  }>;
}

export type ErasureOutcome =
  | {
      erased: false;
      /** Orders that are still open (not delivered or cancelled): nothing was changed. */
      openOrders: Array<{ number: string; status: OrderStatus }>;
    }
  | {
      erased: true;
      counts: {
        ordersAnonymised: number;
        quotes: number;
        contactMessages: number;
        subscriptions: number;
        mails: number;
      };
    };

/** `lower(column) = email`; e-mails other than subscribers' are stored as typed. */
function sameEmail(column: string, email: string) {
  return sql<boolean>`lower(${sql.ref(column)}) = ${email}`;
}

/** A LIKE pattern matching `text` literally anywhere (\ escapes % and _, which e-mails may hold). */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The queued e-mails to the address, or about it: a notification's data (or, for a message queued
 * finished, its text) holds the customer's e-mail as a JSON string.
 */
function mailsAbout(db: Db, email: string) {
  const asJson = containing(`"email":${JSON.stringify(email)}`);
  const inText = containing(email);
  return db
    .selectFrom("mail_queue")
    .where((eb) =>
      eb.or([
        sameEmail("to_address", email),
        sql<boolean>`lower(template_data) like ${asJson} escape '\\'`,
        sql<boolean>`lower(text_body) like ${inText} escape '\\'`,
      ]),
    );
}

/** Everything held about `email` (any case), for the admin to read or export. */
export async function findPersonalData(
  db: Db,
  rawEmail: string,
  now: Date = new Date(),
): Promise<PersonalDataReport> {
  const email = normalizeEmail(rawEmail);
  const [orders, quotes, contactMessages, subscriptions, mails] = await Promise.all([
    db.selectFrom("orders").selectAll().where(sameEmail("email", email)).orderBy("created_at").execute(),
    db.selectFrom("quotes").selectAll().where(sameEmail("email", email)).orderBy("created_at").execute(),
    db
      .selectFrom("contact_messages")
      .selectAll()
      .where(sameEmail("email", email))
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("subscribers")
      .select(["id", "email", "consented_at", "created_at"])
      .where("email", "=", email)
      .execute(),
    mailsAbout(db, email)
      .select(["id", "kind", "to_address", "status", "created_at", "sent_at"])
      .orderBy("created_at")
      .execute(),
  ]);
  const history =
    orders.length === 0
      ? []
      : await db
          .selectFrom("order_status_changes")
          .select(["order_id", "from_status", "to_status", "changed_at"])
          .where(
            "order_id",
            "in",
            orders.map((order) => order.id),
          )
          .orderBy("changed_at")
          .execute();
  return {
    email,
    generatedAt: now.toISOString(),
    orders: orders.map((order) => ({
      id: order.id,
      number: order.number,
      kitId: order.kit_id,
      kitName: order.kit_name,
      unitPrice: order.unit_price,
      shippingKind: order.shipping_kind,
      total: order.total,
      status: order.status,
      customerName: order.customer_name,
      email: order.email,
      phone: order.phone,
      regionCut: order.region_cut,
      comunaCut: order.comuna_cut,
      address: order.address,
      rut: order.rut,
      notes: order.notes,
      termsAcceptedAt: order.terms_accepted_at,
      createdAt: order.created_at,
      updatedAt: order.updated_at,
      statusHistory: history
        .filter((change) => change.order_id === order.id)
        .map((change) => ({
          fromStatus: change.from_status,
          toStatus: change.to_status,
          changedAt: change.changed_at,
        })),
    })),
    quotes: quotes.map((quote) => ({
      id: quote.id,
      productId: quote.product_id,
      productName: quote.product_name,
      fullName: quote.full_name,
      email: quote.email,
      phone: quote.phone,
      company: quote.company,
      city: quote.city,
      additionalNotes: quote.additional_notes,
      createdAt: quote.created_at,
      answeredAt: quote.answered_at,
    })),
    contactMessages: contactMessages.map((message) => ({
      id: message.id,
      name: message.name,
      email: message.email,
      subject: message.subject,
      message: message.message,
      createdAt: message.created_at,
      answeredAt: message.answered_at,
    })),
    subscriptions: subscriptions.map((subscription) => ({
      id: subscription.id,
      email: subscription.email,
      consentedAt: subscription.consented_at,
      createdAt: subscription.created_at,
    })),
    mails: mails.map((mail) => ({
      id: mail.id,
      kind: mail.kind,
      to: mail.to_address,
      status: mail.status,
      createdAt: mail.created_at,
      sentAt: mail.sent_at,
    })),
  };
}

/**
 * Erases what is held about `email`, all or nothing: quotations, contact messages, the newsletter
 * subscription and the e-mails to or about it are deleted; closed orders are anonymised. With an
 * open order nothing is changed and the open orders are returned.
 */
export async function erasePersonalData(
  db: Db,
  rawEmail: string,
  now: Date = new Date(),
): Promise<ErasureOutcome> {
  const email = normalizeEmail(rawEmail);
  return db.transaction().execute(async (trx) => {
    const orders = await trx
      .selectFrom("orders")
      .select(["id", "number", "status"])
      .where(sameEmail("email", email))
      .orderBy("created_at")
      .execute();
    const openOrders = orders.filter((order) => !isFinalStatus(order.status));
    if (openOrders.length > 0) {
      return {
        erased: false,
        openOrders: openOrders.map(({ number, status }) => ({ number, status })),
      };
    }
    const anonymised =
      orders.length === 0
        ? 0
        : Number(
            (
              await trx
                .updateTable("orders")
                .set({
                  customer_name: anonymisedCustomerName,
                  email: "",
                  phone: "",
                  address: "",
                  rut: null,
                  notes: null,
                  updated_at: now.toISOString(),
                })
                .where(
                  "id",
                  "in",
                  orders.map((order) => order.id),
                )
                .executeTakeFirst()
            ).numUpdatedRows,
          );
    const deleted = async (query: { executeTakeFirst(): Promise<{ numDeletedRows: bigint }> }) =>
      Number((await query.executeTakeFirst()).numDeletedRows);
    const mailIds = (await mailsAbout(trx, email).select("id").execute()).map((mail) => mail.id);
    return {
      erased: true,
      counts: {
        ordersAnonymised: anonymised,
        quotes: await deleted(trx.deleteFrom("quotes").where(sameEmail("email", email))),
        contactMessages: await deleted(trx.deleteFrom("contact_messages").where(sameEmail("email", email))),
        subscriptions: await deleted(trx.deleteFrom("subscribers").where("email", "=", email)),
        mails:
          mailIds.length === 0 ? 0 : await deleted(trx.deleteFrom("mail_queue").where("id", "in", mailIds)),
      },
    };
  });
}

import { sql } from "kysely";
import { renderNotification } from "~/emails/templates.server";
import { isFinalStatus, type OrderStatus } from "~/lib/order-status";
import { absoluteUrl } from "~/lib/seo";
import { deleteGalleryImages } from "~/models/gallery.server";
import { normalizeEmail } from "~/models/subscribers.server";
import { dialectOf, inTransaction, type Db } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { getStorage, type ObjectStorage } from "~/infra/storage.server";

/**
 * Requests about one person's data (Ley 21.719, docs/product.md#d14; docs/decisions/020-privacy-requests.md):
 * everything held about an e-mail address, as JSON, and its erasure. Orders are sales records the
 * law makes us keep: once closed (entregado or cancelado) they are anonymised, the sale kept. The
 * gallery photos a person sent are found through their orders (the upload names its order).
 */

/** What an anonymised order shows instead of the customer's name. */
export const anonymisedCustomerName = "Datos eliminados";

export type PersonalDataReport = Awaited<ReturnType<typeof findPersonalData>>;

/** With orders still open (not delivered or cancelled), nothing was changed. */
export type ErasureOutcome =
  | { erased: false; openOrders: Array<{ number: string; status: OrderStatus }> }
  | {
      erased: true;
      counts: Record<
        | "ordersAnonymised"
        | "quotes"
        | "contactMessages"
        | "subscriptions"
        | "mails"
        | "chatSessions"
        | "galleryPhotos",
        number
      >;
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
    .selectFrom("mailQueue")
    .where((eb) =>
      eb.or([
        sameEmail("toAddress", email),
        sql<boolean>`lower(template_data) like ${asJson} escape '\\'`,
        sql<boolean>`lower(text_body) like ${inText} escape '\\'`,
      ]),
    );
}

/**
 * The chat sessions in which a visitor typed the address (the chatbot asks for it to find an order,
 * docs/decisions/040): a visitor's own message is stored as typed.
 */
function chatSessionIdsWith(db: Db, email: string) {
  return db
    .selectFrom("chatMessages")
    .select("sessionId")
    .where("role", "=", "user")
    .where(sql<boolean>`lower(content) like ${containing(email)} escape '\\'`);
}

/** Where a person's photos are stored and how their addresses are written (absolute, for the export). */
export interface PhotoFiles {
  storage: ObjectStorage;
  siteUrl: string;
}

function photoFiles(): PhotoFiles {
  return { storage: getStorage(), siteUrl: getEnv().SITE_URL };
}

/** The gallery photos sent with these orders, oldest first. */
function photosOf(db: Db, orderIds: string[]) {
  return db.selectFrom("galleryPhotos").where("orderId", "in", orderIds).orderBy("createdAt").orderBy("id");
}

/** The Spanish subject of a notification queued as its template's data (its kind if unreadable). */
function subjectOf(kind: string, templateData: string | null): string {
  try {
    return renderNotification(kind, JSON.parse(templateData ?? "null")).subject;
  } catch {
    return kind;
  }
}

/**
 * Everything held about `email` (any case), for the admin to read or export, with the chat
 * conversations in which a visitor typed it. The unsubscribe token is left out (a key, not
 * information about the person), and so are the e-mails' contents (they repeat the rest).
 */
export async function findPersonalData(
  db: Db,
  rawEmail: string,
  now: Date = new Date(),
  files: PhotoFiles = photoFiles(),
) {
  const email = normalizeEmail(rawEmail);
  const [orders, quotes, contactMessages, subscriptions, mails, chatSessions, chatMessages] =
    await Promise.all([
      db.selectFrom("orders").selectAll().where(sameEmail("email", email)).orderBy("createdAt").execute(),
      db.selectFrom("quotes").selectAll().where(sameEmail("email", email)).orderBy("createdAt").execute(),
      db
        .selectFrom("contactMessages")
        .selectAll()
        .where(sameEmail("email", email))
        .orderBy("createdAt")
        .execute(),
      db
        .selectFrom("subscribers")
        .select(["id", "email", "consentedAt", "createdAt"])
        .where("email", "=", email)
        .execute(),
      mailsAbout(db, email)
        .select(["id", "kind", "toAddress", "subject", "templateData", "status", "createdAt", "sentAt"])
        .orderBy("createdAt")
        .execute(),
      db
        .selectFrom("chatSessions")
        .select(["id", "visitorId", "visitorIp", "startedAt", "endedAt"])
        .where("id", "in", chatSessionIdsWith(db, email))
        .orderBy("startedAt")
        .execute(),
      db
        .selectFrom("chatMessages")
        // The address each message came from (migration 0012), as the session's own.
        .select(["sessionId", "seq", "role", "content", "createdAt", "ipNetwork"])
        .where("sessionId", "in", chatSessionIdsWith(db, email))
        .orderBy("seq")
        .execute(),
    ]);
  const orderIds = orders.map((order) => order.id);
  const [lines, history, photos, payments] =
    orderIds.length === 0
      ? [[], [], [], []]
      : await Promise.all([
          db
            .selectFrom("orderLines")
            .select(["orderId", "kitId", "kitName", "unitPrice", "quantity", "lineTotal"])
            .where("orderId", "in", orderIds)
            .orderBy("orderId")
            .orderBy("position")
            .execute(),
          db
            .selectFrom("orderStatusChanges")
            .select(["orderId", "fromStatus", "toStatus", "changedAt"])
            .where("orderId", "in", orderIds)
            .orderBy("changedAt")
            .execute(),
          photosOf(db, orderIds)
            .select([
              "id",
              "orderNumber",
              "authorName",
              "kitName",
              "comment",
              "status",
              "rejectionReason",
              "likeCount",
              "createdAt",
              "moderatedAt",
              "displayKey",
              "thumbKey",
            ])
            .execute(),
          // Each payment attempt: what the provider said (never more of a card than its last four digits).
          db
            .selectFrom("paymentAttempts")
            .select([
              "orderId",
              "provider",
              "buyOrder",
              "amount",
              "status",
              "authorizationCode",
              "cardLastFour",
              "paymentType",
              "installments",
              "createdAt",
              "settledAt",
              "refundAmount",
              "refundedAt",
            ])
            .where("orderId", "in", orderIds)
            .orderBy("createdAt")
            .execute(),
        ]);
  const imageUrl = (key: string) => absoluteUrl(files.siteUrl, files.storage.publicUrl(key));
  return {
    email,
    generatedAt: now.toISOString(),
    orders: orders.map((order) => ({
      ...order,
      lines: lines.filter((line) => line.orderId === order.id).map(({ orderId: _orderId, ...line }) => line),
      statusHistory: history
        .filter((change) => change.orderId === order.id)
        .map(({ orderId: _orderId, ...change }) => change),
      payments: payments
        .filter((attempt) => attempt.orderId === order.id)
        .map(({ orderId: _orderId, ...attempt }) => attempt),
    })),
    quotes,
    contactMessages,
    subscriptions,
    mails: mails.map(({ toAddress, subject, templateData, ...mail }) => ({
      ...mail,
      subject: subject ?? subjectOf(mail.kind, templateData),
      to: toAddress,
    })),
    chatSessions: chatSessions.map((session) => ({
      ...session,
      messages: chatMessages
        .filter((message) => message.sessionId === session.id)
        .map(({ sessionId: _sessionId, ...message }) => message),
    })),
    // The photos' texts and their images' addresses (the files themselves are downloaded from there);
    // none for a rejected photo, whose files were deleted with its rejection (docs/decisions/052).
    galleryPhotos: photos.map(({ displayKey, thumbKey, ...photo }) => ({
      ...photo,
      imageUrl: photo.status === "rejected" ? null : imageUrl(displayKey),
      thumbnailUrl: photo.status === "rejected" ? null : imageUrl(thumbKey),
    })),
  };
}

/**
 * Erases what is held about `email`, all or nothing: quotations, contact messages, the newsletter
 * subscription, the e-mails to or about it, the chat conversations in which it was typed and the
 * gallery photos of its orders are deleted; closed orders are anonymised. With an open order
 * nothing is changed and the open orders are returned. The photos' files are deleted once the rows
 * are gone (a file that cannot be deleted is logged for staff to remove; the erasure stands:
 * docs/decisions/041).
 */
export async function erasePersonalData(
  db: Db,
  rawEmail: string,
  now: Date = new Date(),
  { storage }: Pick<PhotoFiles, "storage"> = { storage: getStorage() },
): Promise<ErasureOutcome> {
  const email = normalizeEmail(rawEmail);
  const { outcome, imageKeys } = await erase(db, email, now);
  if (imageKeys.length > 0) await deleteGalleryImages(imageKeys, storage);
  return outcome;
}

/** The erasure's transaction: its outcome, and the images whose rows it deleted. */
async function erase(db: Db, email: string, now: Date) {
  const nothing: string[] = [];
  return inTransaction(db, async (trx): Promise<{ outcome: ErasureOutcome; imageKeys: string[] }> => {
    const orders = await trx
      .selectFrom("orders")
      .select(["id", "number", "status"])
      .where(sameEmail("email", email))
      .orderBy("createdAt")
      .execute();
    const openOrders = orders.filter((order) => !isFinalStatus(order.status));
    if (openOrders.length > 0) {
      return {
        outcome: { erased: false, openOrders: openOrders.map(({ number, status }) => ({ number, status })) },
        imageKeys: nothing,
      };
    }
    const orderIds = orders.map((order) => order.id);
    if (orderIds.length > 0) {
      await trx
        .updateTable("orders")
        .set({
          customerName: anonymisedCustomerName,
          email: "",
          phone: "",
          address: "",
          rut: null,
          notes: null,
          // A shipment's number leads to its address at the courier; a reason may name the person.
          trackingNumber: null,
          cancellationReason: null,
          updatedAt: now.toISOString(),
        })
        .where("id", "in", orderIds)
        .execute();
    }
    const deleted = async (query: { executeTakeFirst(): Promise<{ numDeletedRows: bigint }> }) =>
      Number((await query.executeTakeFirst()).numDeletedRows);
    const mailIds = (await mailsAbout(trx, email).select("id").execute()).map((mail) => mail.id);
    // Their likes go with them (on delete cascade).
    const photos =
      orderIds.length === 0
        ? []
        : await photosOf(trx, orderIds).select(["id", "displayKey", "thumbKey"]).execute();
    const photoIds = photos.map((photo) => photo.id);
    // The whole conversation (its messages go with it).
    const chatSessions = await deleted(
      trx.deleteFrom("chatSessions").where("id", "in", chatSessionIdsWith(trx, email)),
    );
    if (chatSessions > 0 && dialectOf(trx) === "sqlite") {
      // The conversations' search index keeps a deleted text's entries until FTS5 merges its
      // segments (it runs without secure-delete: migration 0010, docs/decisions/039); merged now,
      // nothing of the erased conversations stays in the database file's index.
      await sql`insert into chat_sessions_search (chat_sessions_search) values ('optimize')`.execute(trx);
    }
    return {
      outcome: {
        erased: true,
        counts: {
          ordersAnonymised: orders.length,
          quotes: await deleted(trx.deleteFrom("quotes").where(sameEmail("email", email))),
          contactMessages: await deleted(trx.deleteFrom("contactMessages").where(sameEmail("email", email))),
          subscriptions: await deleted(trx.deleteFrom("subscribers").where("email", "=", email)),
          mails:
            mailIds.length === 0 ? 0 : await deleted(trx.deleteFrom("mailQueue").where("id", "in", mailIds)),
          chatSessions,
          galleryPhotos:
            photoIds.length === 0
              ? 0
              : await deleted(trx.deleteFrom("galleryPhotos").where("id", "in", photoIds)),
        },
      },
      imageKeys: photos.flatMap((photo) => [photo.displayKey, photo.thumbKey]),
    };
  });
}

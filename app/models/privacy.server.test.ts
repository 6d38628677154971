import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { exampleCompany } from "~/content/company";
import { changeOrderStatus, getOrderLines } from "~/models/orders.server";
import { settlePaymentAttempt, startPaymentAttempt } from "~/models/payments.server";
import { anonymisedCustomerName, erasePersonalData, findPersonalData } from "~/models/privacy.server";
import type { Db } from "~/infra/db.server";
import { examplePaymentLink } from "~/infra/env.server";
import { sendContactMessage } from "~/models/contacts.server";
import { placeOrder } from "~/models/orders.server";
import { requestQuote } from "~/models/quotes.server";
import { subscribe } from "~/models/subscribers.server";
import { enqueueMail } from "~/models/mail-queue.server";
import { recordChatExchange } from "~/models/chatbot-conversations.server";
import { createGalleryPhoto, likePhoto } from "~/models/gallery.server";
import { logger } from "~/infra/logger.server";
import { localDiskStorage, type ObjectStorage } from "~/infra/storage.server";
import { dialectsUnderTest, useMigratedDatabase } from "../../tests/support/databases";

const settings = {
  SITE_URL: "https://lifebox.cl",
  company: exampleCompany,
  SHOP_NOTIFY_EMAIL: "pedidos@lifebox.cl",
  paymentLinks: {
    essential: examplePaymentLink("essential"),
    expedition: examplePaymentLink("expedition"),
    nautical: examplePaymentLink("nautical"),
    industry: examplePaymentLink("industry"),
    "essential-mini": examplePaymentLink("essential-mini"),
    "expedition-mini": examplePaymentLink("expedition-mini"),
    "nautical-mini": examplePaymentLink("nautical-mini"),
    "industry-mini": examplePaymentLink("industry-mini"),
  },
};

const t0 = new Date("2026-03-01T12:00:00.000Z");

/** Everything one person can send, under `email` as typed. */
async function sendEverything(db: Db, email: string, name: string) {
  const options = { settings, now: t0 };
  const order = await placeOrder(
    db,
    {
      lines: [{ kitId: "essential", quantity: 1 }],
      name,
      email,
      phone: "+56 9 1234 5678",
      region: "13",
      comuna: "13101",
      address: "Av. Providencia 1234",
      rut: "12.345.678-5",
      notes: "Dejar en conserjería",
      acceptTerms: true,
    },
    options,
  );
  await requestQuote(
    db,
    {
      productId: "industry",
      fullName: name,
      email,
      phone: "+56 9 1234 5678",
      company: "Minera Ñuble",
      city: "Chillán",
      quantity: 40,
      additionalNotes: "Entrega en marzo",
    },
    options,
  );
  await sendContactMessage(db, { name, email, subject: "Despacho", message: "¿Llegan a Aysén?" }, options);
  await subscribe(db, email, { now: t0 });
  // The chatbot asks for the order's number and e-mail: the visitor's message is stored as typed.
  await recordChatExchange(db, {
    visitorId: crypto.randomUUID(),
    ip: "203.0.113.9",
    question: `estado de mi pedido ${order.number} ${email}`,
    answer: { text: "Tu pedido está en estado «Pendiente de pago».", topic: "orderFound" },
    now: t0,
  });
  return order;
}

/** The photos' files, on a temp disk of their own. */
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-privacy-photos-"));
afterAll(() => fs.rmSync(uploadsDir, { recursive: true, force: true }));
const storage = localDiskStorage(uploadsDir);
const files = { storage, siteUrl: "https://lifebox.cl" };

/** A gallery photo sent with `order`, approved and liked once. */
async function sendPhoto(db: Db, order: { id: string; number: string }, name: string, comment: string) {
  const image = { bytes: new Uint8Array([1, 2, 3]), width: 10, height: 10 };
  const { id } = await createGalleryPhoto(
    db,
    {
      order: { ...order, customerName: name },
      kitId: "essential",
      comment,
      display: image,
      thumb: image,
    },
    { storage, now: t0 },
  );
  await db.updateTable("galleryPhotos").set({ status: "approved" }).where("id", "=", id).execute();
  await likePhoto(db, id, crypto.randomUUID());
  return id;
}

async function countAll(db: Db) {
  const count = async (
    table:
      "orders" | "quotes" | "contactMessages" | "subscribers" | "mailQueue" | "chatSessions" | "chatMessages",
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    orders: await count("orders"),
    quotes: await count("quotes"),
    contactMessages: await count("contactMessages"),
    subscribers: await count("subscribers"),
    mails: await count("mailQueue"),
    chatSessions: await count("chatSessions"),
    chatMessages: await count("chatMessages"),
  };
}

describe.each(dialectsUnderTest)("privacy requests on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Db;
  let anaOrder: { id: string; number: string };
  let anaPhoto: string;
  let otherPhoto: string;

  beforeAll(async () => {
    db = database().db;
    anaOrder = await sendEverything(db, "Ana.Perez@Example.cl", "Ana Pérez");
    anaPhoto = await sendPhoto(db, anaOrder, "Ana Pérez", "Mi kit en la cocina.");
    // Someone else, whose address the first one's would match as a careless LIKE pattern.
    const otherOrder = await sendEverything(db, "ana_perez@example.cl", "Otra Persona");
    otherPhoto = await sendPhoto(db, otherOrder, "Otra Persona", "El kit de otra persona.");
    await sendEverything(db, "anaXperez@example.cl", "Tercera Persona");
    // A message queued finished (not from template data) that mentions her address.
    await enqueueMail(
      db,
      {
        kind: "shop-new-contact",
        to: "pedidos@lifebox.cl",
        subject: "Hola",
        text: "De: ana.perez@example.cl",
      },
      t0,
    );
  });

  it("finds everything held about an address, whatever its case and spaces", async () => {
    // A payment of hers that Webpay rejected: in her report, without more of the card than its end.
    const attempt = await startPaymentAttempt(db, {
      orderId: anaOrder.id,
      provider: "webpay",
      buyOrder: `${anaOrder.number}-PRIV`,
      amount: 1000,
      now: t0,
    });
    await settlePaymentAttempt(
      db,
      attempt.id,
      {
        outcome: "rejected",
        amount: 1000,
        buyOrder: attempt.buyOrder,
        cardLastFour: "6623",
        responseCode: -1,
      },
      t0,
    );
    const report = await findPersonalData(db, "  ANA.perez@example.CL ", t0, files);
    expect(report.orders[0]?.payments).toEqual([
      expect.objectContaining({ provider: "webpay", status: "rejected", cardLastFour: "6623", amount: 1000 }),
    ]);
    expect(report.email).toBe("ana.perez@example.cl");
    expect(report.generatedAt).toBe(t0.toISOString());
    expect(report.orders).toHaveLength(1);
    expect(report.orders[0]).toMatchObject({
      id: anaOrder.id,
      number: anaOrder.number,
      customerName: "Ana Pérez",
      email: "Ana.Perez@Example.cl",
      address: "Av. Providencia 1234",
      rut: "12.345.678-5",
      status: "pendiente_pago",
      lines: [
        {
          kitId: "essential",
          kitName: "LifeBox Essential",
          unitPrice: 219990,
          quantity: 1,
          lineTotal: 219990,
        },
      ],
      statusHistory: [{ fromStatus: null, toStatus: "pendiente_pago", changedAt: t0.toISOString() }],
    });
    expect(report.quotes.map((quote) => [quote.fullName, quote.company, quote.quantity])).toEqual([
      ["Ana Pérez", "Minera Ñuble", 40],
    ]);
    expect(report.contactMessages.map((message) => message.message)).toEqual(["¿Llegan a Aysén?"]);
    expect(report.subscriptions.map((subscription) => subscription.email)).toEqual(["ana.perez@example.cl"]);
    expect(report.subscriptions[0]).not.toHaveProperty("unsubscribeToken");
    // Order: shop + customer; quotation: shop + customer; contact: shop; the finished message.
    expect(report.mails.map((mail) => mail.kind).sort()).toEqual(
      [
        "order-confirmation",
        "quote-confirmation",
        "shop-new-contact",
        "shop-new-contact",
        "shop-new-order",
        "shop-new-quote",
      ].sort(),
    );
    // Each e-mail by its Spanish subject, as the admin reads it (not the template's id).
    const subjects = report.mails.map((mail) => mail.subject);
    expect(
      subjects.filter((subject) => subject.startsWith(`Recibimos tu pedido ${anaOrder.number}: `)),
    ).toHaveLength(1);
    expect(
      subjects.filter((subject) => subject.startsWith("Recibimos tu solicitud de cotización: ")),
    ).toHaveLength(1);
    expect(subjects.some((subject) => /^[a-z]+(-[a-z]+)+$/.test(subject))).toBe(false);
    // The conversation in which she typed her address, whole.
    expect(report.chatSessions).toHaveLength(1);
    expect(report.chatSessions[0]).toMatchObject({ visitorIp: "203.0.113.9", startedAt: t0.toISOString() });
    expect(report.chatSessions[0]?.messages.map((message) => [message.role, message.content])).toEqual([
      ["user", `estado de mi pedido ${anaOrder.number} Ana.Perez@Example.cl`],
      ["bot", "Tu pedido está en estado «Pendiente de pago»."],
    ]);
    // Her photo: its texts, its moderation and the addresses of its images.
    expect(report.galleryPhotos).toEqual([
      {
        id: anaPhoto,
        orderNumber: anaOrder.number,
        authorName: "Ana",
        kitName: "LifeBox Essential",
        comment: "Mi kit en la cocina.",
        status: "approved",
        rejectionReason: null,
        likeCount: 1,
        createdAt: t0.toISOString(),
        moderatedAt: null,
        imageUrl: `https://lifebox.cl/uploads/galeria/${anaPhoto}-display.webp`,
        thumbnailUrl: `https://lifebox.cl/uploads/galeria/${anaPhoto}-thumb.webp`,
      },
    ]);
    expect(JSON.stringify(report)).not.toContain("El kit de otra persona.");
    expect(JSON.stringify(report)).not.toContain("Otra Persona");
    expect(JSON.stringify(report)).not.toContain("Tercera Persona");
  });

  it("finds nothing for an address nobody used", async () => {
    const report = await findPersonalData(db, "nadie@example.cl", t0, files);
    expect([
      report.orders,
      report.quotes,
      report.contactMessages,
      report.subscriptions,
      report.mails,
      report.chatSessions,
      report.galleryPhotos,
    ]).toEqual([[], [], [], [], [], [], []]);
  });

  it("changes nothing while an order is still open, and says which", async () => {
    const before = await countAll(db);
    expect(await erasePersonalData(db, "ana.perez@example.cl", t0, { storage })).toEqual({
      erased: false,
      openOrders: [{ number: anaOrder.number, status: "pendiente_pago" }],
    });
    expect(await countAll(db)).toEqual(before);
    expect(await storage.get(`galeria/${anaPhoto}-display.webp`)).toBeDefined();
  });

  it("anonymises closed orders and deletes the rest, leaving other people's data alone", async () => {
    await changeOrderStatus(db, anaOrder.id, "cancelado", null, t0);
    const before = await countAll(db);
    const later = new Date(t0.getTime() + 60_000);

    // One of her files cannot be deleted (a storage outage): it is logged, and the erasure stands.
    const failures = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const flaky: ObjectStorage = {
      ...storage,
      async delete(key) {
        if (key.endsWith("-thumb.webp")) throw new Error("storage unavailable");
        await storage.delete(key);
      },
    };
    // SQLite: her address's "a.p" is in the conversations' search index (only hers has it).
    const indexed = async () => {
      if (dialect !== "sqlite") return undefined;
      await sql`create virtual table if not exists temp.chat_terms using fts5vocab(main, 'chat_sessions_search', 'instance')`.execute(
        db,
      );
      const rows = await sql<{
        n: number;
      }>`select count(*) as n from temp.chat_terms where term = 'a.p'`.execute(db);
      return Number(rows.rows[0]?.n) > 0;
    };
    if (dialect === "sqlite") expect(await indexed()).toBe(true);
    expect(await erasePersonalData(db, "Ana.Perez@example.cl", later, { storage: flaky })).toEqual({
      erased: true,
      // The six of her submissions, the e-mail telling her the order was cancelled, her chat and photo.
      counts: {
        ordersAnonymised: 1,
        quotes: 1,
        contactMessages: 1,
        subscriptions: 1,
        mails: 7,
        chatSessions: 1,
        galleryPhotos: 1,
      },
    });
    // Nothing of her conversation stays in the index's pages either (FTS5's 'optimize').
    if (dialect === "sqlite") expect(await indexed()).toBe(false);
    expect(await storage.get(`galeria/${anaPhoto}-display.webp`)).toBeUndefined();
    expect(failures).toHaveBeenCalledWith(
      expect.objectContaining({ key: `galeria/${anaPhoto}-thumb.webp` }),
      expect.stringContaining("remove it by hand"),
    );
    failures.mockRestore();
    // Her photo and its likes are gone; the other person's photo and its files stay.
    expect(await db.selectFrom("galleryPhotos").select("id").execute()).toEqual([{ id: otherPhoto }]);
    expect(await db.selectFrom("galleryLikes").select("photoId").execute()).toEqual([
      { photoId: otherPhoto },
    ]);
    expect(await storage.get(`galeria/${otherPhoto}-display.webp`)).toBeDefined();
    expect(await countAll(db)).toEqual({
      ...before,
      quotes: before.quotes - 1,
      contactMessages: before.contactMessages - 1,
      subscribers: before.subscribers - 1,
      mails: before.mails - 7,
      chatSessions: before.chatSessions - 1,
      chatMessages: before.chatMessages - 2,
    });

    const report = await findPersonalData(db, "ana.perez@example.cl", later, files);
    expect([
      report.orders,
      report.quotes,
      report.contactMessages,
      report.subscriptions,
      report.mails,
      report.chatSessions,
      report.galleryPhotos,
    ]).toEqual([[], [], [], [], [], [], []]);
    // The sale stays, without the person.
    const sale = await db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", anaOrder.id)
      .executeTakeFirstOrThrow();
    expect(sale).toMatchObject({
      number: anaOrder.number,
      linesSummary: "LifeBox Essential",
      status: "cancelado",
      customerName: anonymisedCustomerName,
      email: "",
      phone: "",
      address: "",
      rut: null,
      notes: null,
      updatedAt: later.toISOString(),
    });
    // Its lines stay too: they hold nothing about the person.
    expect(await getOrderLines(db, anaOrder.id)).toMatchObject([{ kitId: "essential", quantity: 1 }]);
    const history = await db
      .selectFrom("orderStatusChanges")
      .select("toStatus")
      .where("orderId", "=", anaOrder.id)
      .orderBy("changedAt")
      .execute();
    expect(history.map((change) => change.toStatus)).toEqual(["pendiente_pago", "cancelado"]);

    for (const other of ["ana_perez@example.cl", "anaxperez@example.cl"]) {
      const untouched = await findPersonalData(db, other, later, files);
      expect([untouched.orders.length, untouched.quotes.length, untouched.contactMessages.length]).toEqual([
        1, 1, 1,
      ]);
      expect(untouched.subscriptions).toHaveLength(1);
      expect(untouched.mails).toHaveLength(5);
      expect(untouched.chatSessions).toHaveLength(1);
    }
  });
});

describe.each(dialectsUnderTest)("a rejected photo in a privacy request on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);

  it("gives no image addresses for it: its files were deleted with the rejection", async () => {
    const { db } = database();
    const order = await sendEverything(db, "bruno.soto@example.cl", "Bruno Soto");
    const approved = await sendPhoto(db, order, "Bruno Soto", "En la cordillera.");
    const rejected = await sendPhoto(db, order, "Bruno Soto", "Otra foto.");
    await db.updateTable("galleryPhotos").set({ status: "rejected" }).where("id", "=", rejected).execute();
    const report = await findPersonalData(db, "bruno.soto@example.cl", t0, files);
    const photos = Object.fromEntries(report.galleryPhotos.map((photo) => [photo.id, photo]));
    expect(photos[approved]).toMatchObject({
      status: "approved",
      imageUrl: `https://lifebox.cl/uploads/galeria/${approved}-display.webp`,
      thumbnailUrl: `https://lifebox.cl/uploads/galeria/${approved}-thumb.webp`,
    });
    expect(photos[rejected]).toMatchObject({
      status: "rejected",
      comment: "Otra foto.",
      imageUrl: null,
      thumbnailUrl: null,
    });
  });
});

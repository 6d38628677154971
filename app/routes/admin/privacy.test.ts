import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminPrivacyTexts as texts } from "~/content/admin";
import { exampleCompany } from "~/content/company";
import { changeOrderStatus } from "~/models/orders.server";
import { anonymisedCustomerName, type PersonalDataReport } from "~/models/privacy.server";
import { privacyMessages } from "~/schemas/admin-privacy";
import { createAdminAccount } from "~/services/auth.server";
import { sendContactMessage } from "~/models/contacts.server";
import { placeOrder } from "~/models/orders.server";
import { createQuote } from "~/models/quotes.server";
import { recordChatExchange } from "~/models/chatbot-conversations.server";
import { createGalleryPhoto } from "~/models/gallery.server";
import { getStorage } from "~/infra/storage.server";
import type { KitId } from "~/content/types";
import type { Db } from "~/infra/db.server";
import { examplePaymentLink } from "~/infra/env.server";
import * as privacy from "./privacy";
import * as privacyExport from "./privacy-export";
import {
  args,
  cookieAfter,
  get,
  post,
  settle,
  signedInCookie,
  useAsProcessDatabase,
} from "../../../tests/support/admin-requests";
import { removeAdminTestEnv } from "../../../tests/support/admin-env";
import { dialectsUnderTest, useMigratedDatabase } from "../../../tests/support/databases";

/** /admin/privacy and its JSON export (D14): real loaders and actions, real sessions and database. */
const testEnv = vi.hoisted(async () =>
  (await import("../../../tests/support/admin-env")).stubAdminTestEnv("privacy"),
);

afterAll(async () => removeAdminTestEnv(await testEnv));

const password = "Refugio#2026";
const paymentLinks = Object.fromEntries(
  (
    [
      "essential",
      "expedition",
      "nautical",
      "industry",
      "essential-mini",
      "expedition-mini",
      "nautical-mini",
      "industry-mini",
    ] as const
  ).map((kit) => [kit, examplePaymentLink(kit)]),
) as Record<KitId, string>;
const settings = {
  SITE_URL: "https://lifebox.cl",
  company: exampleCompany,
  SHOP_NOTIFY_EMAIL: "pedidos@lifebox.cl",
  paymentLinks,
};

async function placeCustomerOrder(db: Db, email: string) {
  return placeOrder(
    db,
    {
      lines: [{ kitId: "nautical", quantity: 1 }],
      name: "Camila Rojas",
      email,
      phone: "+56 9 8765 4321",
      region: "05",
      comuna: "05101",
      address: "Calle Esmeralda 12, Valparaíso",
      rut: "",
      notes: "",
      acceptTerms: true,
    },
    { settings },
  );
}

describe.each(dialectsUnderTest)("/admin/privacy on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  useAsProcessDatabase(database);
  let db: Db;
  let cookie: string;
  const email = "camila.rojas@example.cl";

  beforeAll(async () => {
    db = database().db;
    await createAdminAccount({ name: "Pía Admin", email: "pia@lifebox.test", password }, db);
    cookie = await signedInCookie("pia@lifebox.test", password);
  });

  it("sends anonymous visitors to the sign-in page, and answers their export with 401", async () => {
    const page = await settle(() => privacy.loader(args(get(`/admin/privacy?email=${email}`))));
    expect(page.status).toBe(302);
    expect(page.location).toBe(
      `/admin/login?redirectTo=${encodeURIComponent(`/admin/privacy?email=${email}`)}`,
    );
    const erase = await settle(() =>
      privacy.action(
        args(post("/admin/privacy", { email, confirm: "on" }, "lifebox-admin.session_token=forged")),
      ),
    );
    expect(erase.status).toBe(302);
    expect(erase.location).toMatch(/^\/admin\/login/);
    const download = await settle(() =>
      privacyExport.loader(args(get(`/admin/privacy/export?email=${email}`))),
    );
    expect(download.status).toBe(401);
    expect(download.headers.get("content-disposition")).toBeNull();
  });

  it("explains a malformed address next to the field with 400", async () => {
    const answer = await settle(() =>
      privacy.loader(args(get("/admin/privacy?email=no-es-un-email", cookie))),
    );
    expect(answer.status).toBe(400);
    expect(answer.body?.lookup).toMatchObject({ error: { email: [privacyMessages.email] } });
    const download = await settle(() =>
      privacyExport.loader(args(get("/admin/privacy/export?email=x", cookie))),
    );
    expect(download.status).toBe(400);
  });

  it("shows a quotation with its quantity of kits, and exports it", async () => {
    const company = "compras@minera.example.cl";
    await createQuote(db, {
      productId: "industry",
      fullName: "Pedro Araya",
      email: company,
      phone: "+56 2 2345 6789",
      company: "Minera Ñuble",
      city: "Chillán",
      quantity: 1200,
    });
    const page = await settle(() => privacy.loader(args(get(`/admin/privacy?email=${company}`, cookie))));
    const sections = page.body?.sections as Array<{
      key: string;
      items: Array<{ title: string; fields: Array<[string, string]> }>;
    }>;
    const [quote] = sections.find((section) => section.key === "quotes")!.items;
    expect(quote!.title).toBe("LifeBox Industry · Minera Ñuble");
    expect(quote!.fields).toContainEqual(["Cantidad de kits", "1.200"]);
    const download = await settle(() =>
      privacyExport.loader(args(get(`/admin/privacy/export?email=${encodeURIComponent(company)}`, cookie))),
    );
    const report = JSON.parse(download.text!) as PersonalDataReport;
    expect(report.quotes.map((row) => row.quantity)).toEqual([1200]);
  });

  it("shows what is held, downloads it as JSON, and erases it once no order is open", async () => {
    const order = await placeCustomerOrder(db, "Camila.Rojas@example.cl");
    const image = { bytes: new Uint8Array([1, 2, 3]), width: 10, height: 10 };
    const photo = await createGalleryPhoto(db, {
      order: { ...order, customerName: "Camila Rojas" },
      kitId: "nautical",
      comment: "En el velero.",
      display: image,
      thumb: image,
    });
    await sendContactMessage(
      db,
      { name: "Camila", email, subject: "Tallas", message: "¿Hay talla S?" },
      { settings },
    );
    await recordChatExchange(db, {
      visitorId: crypto.randomUUID(),
      ip: "203.0.113.7",
      question: `estado de mi pedido ${order.number} ${email}`,
      answer: { text: "Tu pedido está en estado «Pendiente de pago».", topic: "orderFound" },
    });

    const page = await settle(() =>
      privacy.loader(args(get(`/admin/privacy?email=${email.toUpperCase()}`, cookie))),
    );
    expect(page.status).toBe(200);
    expect(page.body?.email).toBe(email);
    const sections = page.body?.sections as Array<{ key: string; items: Array<{ title: string }> }>;
    expect(Object.fromEntries(sections.map((section) => [section.key, section.items.length]))).toEqual({
      orders: 1,
      quotes: 0,
      contactMessages: 1,
      subscriptions: 0,
      mails: 3,
      chatSessions: 1,
      galleryPhotos: 1,
    });
    expect(sections[0]!.items[0]!.title).toBe(`${order.number} · LifeBox Nautical`);
    // The conversation in which she typed her address, message by message.
    const chat = sections.find((section) => section.key === "chatSessions")!.items[0] as unknown as {
      title: string;
      fields: Array<[string, string]>;
    };
    expect(chat.title).toMatch(/^Conversación del /);
    expect(chat.fields[0]).toEqual(["Dirección IP", "203.0.113.7"]);
    expect(chat.fields.slice(2).map(([label, value]) => [label.split(" · ")[0], value])).toEqual([
      ["Usuario", `estado de mi pedido ${order.number} ${email}`],
      ["Bot", "Tu pedido está en estado «Pendiente de pago»."],
    ]);
    expect(sections.at(-1)!.items[0]!.title).toBe(`${order.number} · LifeBox Nautical`);

    const download = await settle(() =>
      privacyExport.loader(args(get(`/admin/privacy/export?email=${encodeURIComponent(email)}`, cookie))),
    );
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(download.headers.get("content-disposition")).toBe(
      'attachment; filename="datos-camila.rojas_example.cl.json"',
    );
    expect(download.headers.get("cache-control")).toBe("no-store");
    const report = JSON.parse(download.text!) as PersonalDataReport;
    expect(report.orders.map((row) => [row.number, row.address])).toEqual([
      [order.number, "Calle Esmeralda 12, Valparaíso"],
    ]);
    expect(report.contactMessages.map((message) => message.message)).toEqual(["¿Hay talla S?"]);
    expect(report.galleryPhotos.map((row) => [row.comment, new URL(row.imageUrl!).pathname])).toEqual([
      ["En el velero.", `/uploads/galeria/${photo.id}-display.webp`],
    ]);

    const unconfirmed = await settle(() => privacy.action(args(post("/admin/privacy", { email }, cookie))));
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body?.result).toMatchObject({ error: { confirm: [privacyMessages.confirm] } });

    const blocked = await settle(() =>
      privacy.action(args(post("/admin/privacy", { email, confirm: "on" }, cookie))),
    );
    expect(blocked.status).toBe(409);
    expect(blocked.body?.message).toBe(texts.blocked(`${order.number}, Pendiente de pago`));
    expect(
      await db.selectFrom("contactMessages").select("id").where("email", "=", email).execute(),
    ).toHaveLength(1);

    await changeOrderStatus(db, order.id, "cancelado", null);
    const erased = await settle(() =>
      privacy.action(args(post("/admin/privacy", { email, confirm: "on" }, cookie))),
    );
    // Post/redirect/get: back to the address's report, now empty, which says what was done.
    expect([erased.status, erased.location]).toEqual([
      303,
      `/admin/privacy?${new URLSearchParams({ email })}`,
    ]);
    const after = await settle(() =>
      privacy.loader(args(get(erased.location!, cookieAfter(erased.headers, cookie)))),
    );
    expect(after.body?.flash).toMatchObject({ kind: "success", description: texts.erased(email, 1) });
    const left = after.body?.sections as Array<{ items: unknown[] }>;
    expect(left.every((section) => section.items.length === 0)).toBe(true);
    // The photo's files went with its row.
    expect(await getStorage().get(`galeria/${photo.id}-display.webp`)).toBeUndefined();
    expect(await getStorage().get(`galeria/${photo.id}-thumb.webp`)).toBeUndefined();
    const sale = await db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(sale).toMatchObject({ customerName: anonymisedCustomerName, email: "", status: "cancelado" });
  });
});

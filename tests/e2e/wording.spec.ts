import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { namesForOneThing, titleCaseWords } from "../support/wording-rules";
import {
  createAdmin,
  seedGalleryPhoto,
  seedOrder,
  signInAsAdmin,
  waitForAdminHydration,
} from "./admin-support";
import { uniqueEmail, withShopDatabase } from "./forms-support";
import { galleryUploadPath, thanksPath, waitForHydration } from "./support";

/**
 * Goal: one word for one thing on the built shop (issue 24, D26; docs/decisions/071). Every public
 * page (the sitemap's and the others: cart, checkout, forms as pages, thank-you, order pages in
 * every status, not found), the kit dialogs and the chat panel, then every admin page signed in as
 * staff, are read as a visitor and staff see them. The headings, buttons, links, menu entries,
 * tabs, labels, column headers and the page's title are in Spanish sentence case (no English
 * title case); and across all of it, no action or state is shown under two of its names
 * (tests/support/wording-rules.ts lists them).
 */

test.describe.configure({ timeout: 300_000 });

const adminName = "Matías Redacción";
const adminEmail = uniqueEmail("admin-redaccion");
test.beforeAll(() => {
  createAdmin(adminEmail, adminName);
});

/** The people the test writes into the shop: their names keep their capitals. */
const customerName = "Josefa Quiroga Leiva";
const quoteName = "Rodrigo Fuentes";
const contactName = "Valentina Muñoz";
const photoAuthor = "Catalina";
const seededNames = new Set(
  [adminName, customerName, quoteName, contactName, `${photoAuthor} Rojas`].flatMap((name) =>
    name.split(" "),
  ),
);

/** What one page showed: its heading-like texts, and every text on it. */
interface PageTexts {
  headingLike: string[];
  all: string[];
}

/**
 * The texts of the page as shown: headings, buttons, links, menu entries, tabs, labels, legends,
 * column headers and the title's parts (heading-like), and the text of every visible element with
 * its own text (a table cell, a timeline step, a term), each line apart.
 */
async function readPage(page: Page): Promise<PageTexts> {
  return page.evaluate(() => {
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
    };
    const lines = (element: Element) =>
      ((element as HTMLElement).innerText ?? "")
        .split("\n")
        .map((line) => line.replace(/\s+/g, " ").trim())
        .filter((line) => line !== "");
    const headingLike = [
      ...document.querySelectorAll(
        "h1, h2, h3, h4, h5, h6, [role=heading], button, [role=button], summary, a, [role=menuitem], [role=tab], label, legend, th, [role=columnheader]",
      ),
    ]
      .filter(visible)
      .flatMap(lines);
    const titleParts = document.title.split(/ \| /).map((part) => part.trim());
    const own = [...document.body.querySelectorAll("*")]
      .filter((element) =>
        [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim()),
      )
      .filter(visible)
      .flatMap(lines);
    const options = [...document.querySelectorAll("option")].map((option) => option.text.trim());
    return {
      headingLike: [...headingLike, ...titleParts],
      all: [...headingLike, ...titleParts, ...own, ...options],
    };
  });
}

/** Everything seen so far: each text with the first page it was seen on. */
const seen = new Map<string, string>();
const titleCase: string[] = [];

/**
 * The words of the names people gave the shop (customers, companies, photo authors, staff), this
 * test's and the other tests' that share the server: data, whose capitals are the people's own.
 */
function namesInTheShop(): Set<string> {
  const rows = withShopDatabase(
    (db) =>
      db
        .prepare(
          `select customer_name as name from orders union all select full_name from quotes
           union all select company from quotes union all select name from contact_messages
           union all select author_name from gallery_photos union all select name from admin_users`,
        )
        .all() as Array<{ name: string | null }>,
    { readonly: true },
  );
  return new Set(rows.flatMap(({ name }) => (name ?? "").split(/\s+/)));
}

function record(where: string, texts: PageTexts) {
  for (const text of texts.all) if (!seen.has(text)) seen.set(text, where);
  const people = namesInTheShop();
  for (const text of new Set(texts.headingLike)) {
    const words = titleCaseWords(text).filter((word) => !seededNames.has(word) && !people.has(word));
    if (words.length > 0) titleCase.push(`${where}: «${text}» (${words.join(", ")})`);
  }
}

async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  await page.waitForLoadState("load");
  record(path, await readPage(page));
}

/** An order outside the continent whose shipping staff have not quoted yet (D25). */
function seedIslandOrder() {
  const order = seedOrder({ customerName, address: "Avenida Atamu Tekena 120, Hanga Roa" });
  withShopDatabase((db) =>
    db
      .prepare(
        "update orders set shipping_kind = 'arranged', shipping_cost = null, region_cut = '05', comuna_cut = '05201' where id = ?",
      )
      .run(order.id),
  );
  return order;
}

/** A quotation, a contact message and a chat, as the shop stores them, for the admin's pages. */
function seedInquiries() {
  const quoteId = crypto.randomUUID();
  const messageId = crypto.randomUUID();
  const chatId = crypto.randomUUID();
  const at = new Date().toISOString();
  withShopDatabase((db) => {
    db.prepare(
      `insert into quotes (id, product_id, product_name, full_name, email, phone, company, city, additional_notes,
        quantity, created_at, answered_at)
       values (?, 'essential', 'LifeBox Essential', ?, ?, '+56 2 2345 6789', 'Constructora Andes Ltda.',
        'Antofagasta', 'Para faenas en altura.', 25, ?, null)`,
    ).run(quoteId, quoteName, uniqueEmail("cotizacion-redaccion"), at);
    db.prepare(
      `insert into contact_messages (id, name, email, subject, message, created_at, answered_at)
       values (?, ?, ?, 'Consulta por despacho', 'Hola, ¿despachan a Punta Arenas?', ?, null)`,
    ).run(messageId, contactName, uniqueEmail("contacto-redaccion"), at);
    // A conversation whose question the chatbot could not answer.
    db.prepare(
      `insert into chat_sessions (id, visitor_id, visitor_ip, started_at, last_message_at, message_count,
        unanswered_count, search_text) values (?, ?, '203.0.113.7', ?, ?, 2, 1, 'hola')`,
    ).run(chatId, crypto.randomUUID(), at, at);
    const line = db.prepare(
      `insert into chat_messages (id, session_id, seq, role, content, topic, created_at) values (?, ?, ?, ?, ?, null, ?)`,
    );
    line.run(crypto.randomUUID(), chatId, 1, "user", "¿Venden repuestos?", at);
    line.run(crypto.randomUUID(), chatId, 2, "bot", "No estoy seguro.", at);
  });
  return { quoteId, messageId, chatId };
}

test("headings, buttons and menus are in sentence case, and one thing has one name, on the site and in the admin", async ({
  page,
  request,
}) => {
  const orders = {
    unpaid: seedOrder({ customerName }),
    island: seedIslandOrder(),
    paid: seedOrder({ customerName, through: ["pendiente_pago", "pagado"] }),
    preparing: seedOrder({ customerName, through: ["pendiente_pago", "pagado", "en_preparacion"] }),
    shipped: seedOrder({
      customerName,
      through: ["pendiente_pago", "pagado", "en_preparacion", "enviado"],
      courier: "starken",
      trackingNumber: "987654321",
    }),
    delivered: seedOrder({
      customerName,
      through: ["pendiente_pago", "pagado", "en_preparacion", "enviado", "entregado"],
      courier: "starken",
      trackingNumber: "987654322",
    }),
    cancelled: seedOrder({
      customerName,
      through: ["pendiente_pago", "cancelado"],
      cancellationReason: "El cliente pidió cancelar.",
    }),
  };
  const photo = seedGalleryPhoto({ authorName: photoAuthor, status: "approved", likes: 3 });
  const pendingPhoto = seedGalleryPhoto({ authorName: photoAuthor });
  const inquiries = seedInquiries();

  await test.step("the public pages", async () => {
    const xml = await (await request.get("/sitemap.xml")).text();
    const sitemap = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(sitemap.length).toBeGreaterThan(10);
    for (const path of [
      ...sitemap,
      thanksPath,
      galleryUploadPath,
      "/comprar/essential",
      "/cotizar/essential",
      "/carro",
      "/carro/finalizar",
      "/newsletter",
      "/newsletter/baja",
      "/esta-pagina-no-existe",
      ...Object.values(orders).map((order) => `/pedido/${order.id}`),
    ]) {
      await visit(page, path);
    }
  });

  await test.step("the kit dialogs and the chat panel", async () => {
    await page.goto("/productos/kit-essential");
    await waitForHydration(page);
    const actions = page.locator("#comprar");
    await actions.getByRole("link", { name: "Comprar", exact: true }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    record("dialog Comprar", await readPage(page));
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    await actions.getByRole("link", { name: /^Cotizar para empresa/ }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    record("dialog Cotizar", await readPage(page));
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();

    // The Terms name the privacy policy with a link to it, not with its address in plain text.
    await page.goto("/terminos");
    await expect(page.getByRole("main").getByText("/privacidad")).toHaveCount(0);
    await expect(
      page.getByRole("main").getByRole("link", { name: "Política de privacidad", exact: true }),
    ).toHaveAttribute("href", "/privacidad");

    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Abrir chat de ayuda" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    record("chat panel", await readPage(page));
  });

  await test.step("the admin pages, signed in as staff", async () => {
    await visit(page, "/admin/login");
    await signInAsAdmin(page, adminEmail);
    for (const path of [
      "/admin/dashboard",
      "/admin/orders",
      ...Object.values(orders).map((order) => `/admin/orders/${order.id}`),
      "/admin/orders?estado=pendiente_pago",
      "/admin/quotes",
      `/admin/quotes/${inquiries.quoteId}`,
      "/admin/contacts",
      `/admin/contacts/${inquiries.messageId}`,
      "/admin/mails",
      "/admin/chatbot",
      `/admin/chatbot/${inquiries.chatId}`,
      "/admin/gallery",
      `/admin/gallery/${photo.id}`,
      `/admin/gallery/${pendingPhoto.id}`,
      "/admin/users",
      "/admin/account",
      "/admin/privacy",
      `/admin/privacy?email=${encodeURIComponent(orders.unpaid.email)}`,
      "/admin/esta-pagina-no-existe",
    ]) {
      await visit(page, path);
    }
    await page.goto("/admin/gallery?estado=pendiente");
    await waitForAdminHydration(page);
    await page
      .getByRole("link", { name: /^Rechazar la foto/ })
      .first()
      .click({ timeout: 15_000 });
    await expect(page.getByRole("dialog", { name: "Rechazar foto" })).toBeVisible();
    record("dialog Rechazar foto", await readPage(page));
  });

  // Both checks say every finding at once.
  expect.soft(titleCase, "headings, buttons and menus in English title case").toEqual([]);
  const twoNames = namesForOneThing(seen.keys()).map(
    ({ meaning, texts }) => `${meaning}: ${texts.map((text) => `«${text}» (${seen.get(text)})`).join(", ")}`,
  );
  expect(twoNames, "one action or state under two names").toEqual([]);
});

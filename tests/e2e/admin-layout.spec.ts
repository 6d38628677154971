import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import {
  createAdmin,
  expectAdminPageAccessible,
  seedGalleryPhoto,
  seedOrder,
  signInAsAdmin,
  waitForAdminHydration,
} from "./admin-support";
import { uniqueEmail, withShopDatabase } from "./forms-support";

/**
 * Goal: the back office fits the screens staff have (issue 12): no admin screen is wider than its
 * window on a 1,280 px laptop or a 390 px phone, even with long names, companies and addresses.
 */

test.describe.configure({ timeout: 120_000 });

const adminEmail = uniqueEmail("admin-ancho");
const long = {
  name: "María José de los Ángeles Fernández-Villanueva Rodríguez",
  email: "maria.jose.fernandez.villanueva.rodriguez@universidad-catolica-del-norte.cl",
  company: "Sociedad Minera y Constructora del Norte Grande de Chile SpA",
  address:
    "Avenida Libertador General Bernardo O'Higgins 12345, departamento 1502, torre B, Estación Central",
  subject: "Consulta por kits para toda la flota de camiones y las faenas de la cordillera",
};
/** The order is seeded (with its history) in `beforeAll`, which gives its id and number. */
const ids = {
  order: "",
  quote: crypto.randomUUID(),
  contact: crypto.randomUUID(),
  chat: crypto.randomUUID(),
  photo: "",
};
let orderNumber = "";

test.beforeAll(() => {
  createAdmin(adminEmail, long.name);
  ({ id: ids.order, number: orderNumber } = seedOrder({
    customerName: long.name,
    email: long.email,
    address: long.address,
    rut: "12.345.678-5",
    notes: long.subject,
  }));
  ({ id: ids.photo } = seedGalleryPhoto({
    authorName: long.name,
    comment: `${long.subject}. ${long.address}`,
  }));
  // "or ignore": a worker that comes back to this file runs beforeAll again with the same ids.
  withShopDatabase((db) => {
    const at = new Date().toISOString();
    db.prepare(
      `insert or ignore into quotes (id, product_id, product_name, full_name, email, phone, company, city, additional_notes, created_at)
       values (?, 'industry', 'LifeBox Industry', ?, ?, '+56 2 2345 6789', ?, 'San Pedro de Atacama', ?, ?)`,
    ).run(ids.quote, long.name, long.email, long.company, long.subject, at);
    db.prepare(
      `insert or ignore into contact_messages (id, name, email, subject, message, created_at) values (?, ?, ?, ?, ?, ?)`,
    ).run(ids.contact, long.name, long.email, long.subject, long.address, at);
    // A conversation with a long question and answer, from an IPv6 address; its search text folded.
    const question = `${long.subject}: ${long.email}`;
    const answer = `No estoy seguro. ${long.address}`;
    db.prepare(
      `insert or ignore into chat_sessions (id, visitor_id, visitor_ip, started_at, last_message_at, message_count,
        unanswered_count, search_text) values (?, ?, '2001:db8:85a3:8d3:1319:8a2e:370:7348', ?, ?, 2, 1, ?)`,
    ).run(
      ids.chat,
      crypto.randomUUID(),
      at,
      at,
      `${question}\n${answer}`.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase(),
    );
    const message = db.prepare(
      `insert or ignore into chat_messages (id, session_id, seq, role, content, topic, created_at) values (?, ?, ?, ?, ?, null, ?)`,
    );
    message.run(crypto.randomUUID(), ids.chat, 1, "user", question, at);
    message.run(crypto.randomUUID(), ids.chat, 2, "bot", answer, at);
  });
});

const screens = () => [
  "/admin/dashboard",
  "/admin/orders",
  `/admin/orders/${ids.order}`,
  "/admin/quotes",
  `/admin/quotes/${ids.quote}`,
  "/admin/contacts",
  `/admin/contacts/${ids.contact}`,
  "/admin/mails",
  "/admin/chatbot",
  `/admin/chatbot/${ids.chat}`,
  "/admin/users",
  `/admin/privacy?email=${encodeURIComponent(long.email)}`,
  "/admin/account",
  "/admin/gallery",
  `/admin/gallery/${ids.photo}`,
];

async function overflowOf(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}

for (const width of [1280, 390]) {
  test(`no admin screen is wider than a ${width} px window`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInAsAdmin(page, adminEmail);
    await waitForAdminHydration(page);
    const tooWide: string[] = [];
    for (const screen of screens()) {
      await page.goto(screen);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await overflowOf(page);
      if (overflow > 0) tooWide.push(`${screen}: ${overflow} px too wide`);
    }
    expect(tooWide).toEqual([]);
  });
}

/** The columns an order list always shows (issue 12), by their headers. */
const orderEssentials = ["N.º de pedido", "Cliente", "Total", "Estado", "Fecha"];

/** Signs in at this window width and opens the orders list found by the long order's number. */
async function openLongOrder(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await signInAsAdmin(page, adminEmail);
  await page.goto(`/admin/orders?q=${orderNumber}`);
  await waitForAdminHydration(page);
  return page.getByRole("main");
}

/** Every list at this width: the table shown or not (cards), nothing wider than the window, axe. */
async function expectListsAt(page: Page, width: number, table: "visible" | "hidden") {
  const main = page.getByRole("main");
  for (const list of [
    "/admin/orders",
    "/admin/quotes",
    "/admin/contacts",
    "/admin/mails",
    "/admin/gallery",
    "/admin/chatbot",
  ]) {
    await page.goto(list);
    await expect(main.getByRole("table")).toBeVisible({ visible: table === "visible" });
    expect(await overflowOf(page), list).toBe(0);
    await expectAdminPageAccessible(page, `${list} at ${width} px`);
  }
}

test("at 1,280 px an order list with long data shows its essential columns whole, without scrolling", async ({
  page,
}) => {
  const main = await openLongOrder(page, 1280, 800);
  const row = main.getByRole("row").filter({ hasText: orderNumber });
  await expect(row).toBeVisible();
  for (const name of orderEssentials) {
    const box = await main.getByRole("columnheader", { name: new RegExp(`^${name}`) }).boundingBox();
    expect(box, name).not.toBeNull();
    expect(box!.x, name).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, name).toBeLessThanOrEqual(1280);
  }
  expect(await overflowOf(page)).toBe(0);

  // The customer's long name is cut to one line, whole in its title; a keyboard user focusing the
  // row's link sees it whole, and a screen reader reads it whole.
  const name = row.locator(`[title="${long.name}"]`);
  await expect(name).toHaveText(long.name);
  const isCut = () => name.evaluate((element) => element.scrollWidth > element.clientWidth);
  expect(await isCut()).toBe(true);
  await row.getByRole("link", { name: orderNumber }).focus();
  expect(await isCut()).toBe(false);
  const box = await name.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(1280);
  expect(await overflowOf(page)).toBe(0);

  await expectListsAt(page, 1280, "visible");
});

test("at 390 px the orders are cards with the essential fields, no wider than the phone", async ({
  page,
}) => {
  const main = await openLongOrder(page, 390, 844);
  await expect(main.getByRole("table")).toBeHidden();
  const card = main.getByRole("list", { name: /^Pedidos,/ }).getByRole("listitem");
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("link", { name: orderNumber })).toBeVisible();
  for (const [label, value] of [
    ["Cliente", long.name],
    ["Total", "$185.990"],
    ["Estado", "Pendiente de pago"],
  ]) {
    await expect(card.getByRole("term").filter({ hasText: label! })).toBeVisible();
    await expect(card.getByRole("definition").filter({ hasText: value! })).toBeVisible();
  }
  await expect(card.getByRole("term").filter({ hasText: "Fecha" })).toBeVisible();
  const cardBox = await card.boundingBox();
  expect(cardBox!.x + cardBox!.width).toBeLessThanOrEqual(390);
  expect(await overflowOf(page)).toBe(0);

  await expectListsAt(page, 390, "hidden");
});

import crypto from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { dataDir } from "../../playwright.config";
import { createAdmin, seedOrder, signInAsAdmin, waitForAdminHydration } from "./admin-support";
import { uniqueEmail } from "./forms-support";

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
/** The order is seeded (with its history) in `beforeAll`, which gives its id. */
const ids = { order: "", quote: crypto.randomUUID(), contact: crypto.randomUUID() };

test.beforeAll(() => {
  createAdmin(adminEmail, long.name);
  ids.order = seedOrder({
    customerName: long.name,
    email: long.email,
    address: long.address,
    rut: "12.345.678-5",
    notes: long.subject,
  }).id;
  const db = new Database(path.join(dataDir, "lifebox.sqlite"));
  try {
    db.pragma("busy_timeout = 5000");
    const at = new Date().toISOString();
    db.prepare(
      `insert into quotes (id, product_id, product_name, full_name, email, phone, company, city, additional_notes, created_at)
       values (?, 'industry', 'LifeBox Industry', ?, ?, '+56 2 2345 6789', ?, 'San Pedro de Atacama', ?, ?)`,
    ).run(ids.quote, long.name, long.email, long.company, long.subject, at);
    db.prepare(
      `insert into contact_messages (id, name, email, subject, message, created_at) values (?, ?, ?, ?, ?, ?)`,
    ).run(ids.contact, long.name, long.email, long.subject, long.address, at);
  } finally {
    db.close();
  }
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
  "/admin/users",
  `/admin/privacy?email=${encodeURIComponent(long.email)}`,
  "/admin/account",
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

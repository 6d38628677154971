import crypto from "node:crypto";
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import {
  adminNavLink,
  adminTexts,
  expectAdminPageAccessible,
  createAdmin,
  signInAsAdmin,
  waitForAdminHydration,
} from "./admin-support";
import {
  contactData,
  contactTexts,
  expectNoViolations,
  fillContactForm,
  fillPurchaseForm,
  fillQuoteForm,
  footerNewsletter,
  newsletterTexts,
  purchaseData,
  purchaseFields,
  quoteData,
  quoteFields,
  stubPaymentSite,
  submitTimeout,
  uniqueEmail,
  withShopDatabase,
} from "./forms-support";
import { waitForHydration } from "./support";

/**
 * Goal: the staff see what visitors send. A visitor orders, asks for a quotation, writes through the
 * contact form and subscribes; an admin signs in, finds each of them in the back office, works with
 * the sidebar from the keyboard, answers a privacy request and signs out. Every admin screen is
 * checked with axe.
 */

// One journey per test, several screens each: generous, so a slow shared machine does not fail them.
test.describe.configure({ mode: "serial", timeout: 240_000 });

const adminEmail = uniqueEmail("admin");
const visitor = {
  order: purchaseData("admin-pedido", { name: "Ñandú Pérez Ríos" }),
  quote: quoteData("admin-cotizacion", {
    fullName: "Rocío Andrade",
    company: "Minera Ñuble SpA",
    quantity: "1.200",
  }),
  contact: contactData("admin-contacto", { name: "Tomás Ibáñez" }),
  subscriber: uniqueEmail("admin-boletin"),
};

test.beforeAll(() => {
  createAdmin(adminEmail, "Pía Fernández");
});

async function sendAsVisitor(page: Page) {
  await stubPaymentSite(page.context());
  await page.goto("/comprar/essential");
  await waitForHydration(page);
  await fillPurchaseForm(page.getByRole("main"), visitor.order);
  const popup = page.waitForEvent("popup");
  await purchaseFields(page.getByRole("main")).submit.click();
  await (await popup).close();
  await page.waitForURL(/\/pedido\/[0-9a-f-]+$/, { timeout: submitTimeout });

  await page.goto("/cotizar/industry");
  await waitForHydration(page);
  await fillQuoteForm(page.getByRole("main"), visitor.quote);
  await quoteFields(page.getByRole("main")).submit.click();
  await page.waitForURL(/\/gracias\?producto=industry&tipo=cotizacion$/, { timeout: submitTimeout });

  await page.goto("/contacto");
  await waitForHydration(page);
  const contactForm = page.getByRole("main").locator("form");
  await fillContactForm(contactForm, visitor.contact);
  await contactForm.getByRole("button", { name: contactTexts.submit }).click();
  await expect(contactForm.getByRole("status")).toHaveText(contactTexts.success, { timeout: submitTimeout });

  const newsletter = footerNewsletter(page);
  await newsletter.email.fill(visitor.subscriber);
  await newsletter.submit.click();
  await expect(newsletter.form.getByRole("status")).toHaveText(newsletterTexts.success, {
    timeout: submitTimeout,
  });
}

test("signed out, the back office shows only the sign-in page, which explains a wrong password", async ({
  page,
}) => {
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(adminTexts.loginTitle);
  await waitForAdminHydration(page);
  await expectNoViolations(page, "sign-in page");

  await page.getByLabel("Email", { exact: true }).fill(adminEmail);
  await page.getByLabel("Contraseña", { exact: true }).fill("No#Es-La-Clave1");
  await page.getByRole("button", { name: adminTexts.submit }).click();
  await expect(page.getByText(adminTexts.failureText).first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login/);

  await page.goto("/admin/no-existe");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fno-existe$/);
});

test("an admin sees what a visitor just sent, on the dashboard", async ({ page }) => {
  await sendAsVisitor(page);
  await signInAsAdmin(page, adminEmail);
  await expect(page.getByText(adminTexts.successToast)).toBeVisible();
  await expect(page.getByText("Pía Fernández")).toBeVisible();
  await expect(page.getByText(adminTexts.role, { exact: true })).toBeVisible();

  const main = page.getByRole("main");
  await expect(main.getByText(visitor.order.name, { exact: false }).first()).toBeVisible();
  await expect(main.getByText(visitor.quote.fullName, { exact: false }).first()).toBeVisible();
  await expect(main.getByText(visitor.contact.name, { exact: true }).first()).toBeVisible();
  await expect(main.getByText(visitor.subscriber.toLowerCase(), { exact: true })).toBeVisible();
  // Sales today, in 7 and 30 days, with a daily chart (an image with its figures as a table).
  const sales = main.getByRole("region", { name: "Ventas" });
  for (const period of ["Hoy", "Últimos 7 días", "Últimos 30 días"]) {
    await expect(sales.getByText(period, { exact: true })).toBeVisible();
  }
  await expect(sales.getByRole("img", { name: /^Ventas diarias de los últimos 30 días\./ })).toBeVisible();
  await expect(sales.getByRole("table")).toContainText("Pedidos");
  await expect(main.getByRole("heading", { name: "Pendientes de pago hace más de 48 horas" })).toBeVisible();
  await expectAdminPageAccessible(page, "dashboard");
});

test("the sidebar toggles with Ctrl+B and stays collapsed after a reload", async ({ page }) => {
  await signInAsAdmin(page, adminEmail);
  await waitForAdminHydration(page);
  const toggle = page.getByRole("button", { name: adminTexts.collapse });
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Control+b");
  const expand = page.getByRole("button", { name: adminTexts.expand });
  await expect(expand).toHaveAttribute("aria-expanded", "false");
  await page.reload();
  await expect(page.getByRole("button", { name: adminTexts.expand })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
  await waitForAdminHydration(page);
  await expectAdminPageAccessible(page, "dashboard with the sidebar collapsed");
  await page.keyboard.press("Control+b");
  await expect(page.getByRole("button", { name: adminTexts.collapse })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
});

/** Some subscriptions straight into the server's database, so that the list has a second page. */
function seedSubscribers(prefix: string, count: number) {
  withShopDatabase((db) => {
    const insert = db.prepare(
      "insert into subscribers (id, email, unsubscribe_token, created_at, consented_at) values (?, ?, ?, ?, ?)",
    );
    const at = new Date().toISOString();
    db.transaction(() => {
      for (let index = 0; index < count; index++) {
        insert.run(
          crypto.randomUUID(),
          `${prefix}-${index}@correo.example`,
          crypto.randomBytes(32).toString("base64url"),
          at,
          at,
        );
      }
    }).immediate();
  });
}

test("the lists: search without accents, sort, filter, page, export, change an order's status", async ({
  page,
}) => {
  await signInAsAdmin(page, adminEmail);
  const main = page.getByRole("main");

  await test.step("Pedidos: a search finds the visitor's order, sorting and filtering keep it in the URL", async () => {
    await adminNavLink(page, "Pedidos").click();
    await expect(page.getByRole("heading", { level: 1, name: "Pedidos" })).toBeVisible();
    await waitForAdminHydration(page);
    await expectAdminPageAccessible(page, "orders list");
    await main
      .getByRole("searchbox")
      .or(main.getByLabel("Buscar", { exact: true }))
      .first()
      .fill("nandu perez");
    await main.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/\/admin\/orders\?q=nandu\+perez$/);
    const rows = main.locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(visitor.order.name);

    const customer = main.getByRole("columnheader", { name: /Cliente/ });
    await customer.getByRole("link").click();
    await expect(page).toHaveURL(/sort=customer&dir=asc/);
    await expect(main.getByRole("columnheader", { name: /Cliente/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    await main
      .getByRole("columnheader", { name: /Cliente/ })
      .getByRole("link")
      .click();
    await expect(page).toHaveURL(/sort=customer&dir=desc/);
    await expect(main.getByRole("columnheader", { name: /Cliente/ })).toHaveAttribute(
      "aria-sort",
      "descending",
    );

    await main.getByRole("link", { name: "Pendiente de pago" }).click();
    await expect(page).toHaveURL(/estado=pendiente_pago/);
    await expect(page).toHaveURL(/q=nandu\+perez/);
    await expect(rows).toHaveCount(1);

    const download = page.waitForEvent("download");
    await main.getByRole("link", { name: "Exportar CSV" }).click();
    const file = await (await download).path();
    const csv = fs.readFileSync(file, "utf8");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv).toContain(visitor.order.name);
    expect(csv.trimEnd().split("\r\n")).toHaveLength(2);
  });

  await test.step("a NUL byte in the search is ignored, by the screen and by the download", async () => {
    const download = await page.request.get("/admin/orders/export.csv?q=nandu%00perez");
    expect(download.status()).toBe(200);
    const csv = (await download.body()).toString("utf8");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv).toContain(visitor.order.name);
    expect((await page.request.get("/admin/orders/export.csv?q=abc%00")).status()).toBe(200);

    const response = await page.goto("/admin/orders?q=nandu%00perez");
    expect(response?.status()).toBe(200);
    await expect(main.locator("tbody tr")).toHaveCount(1);
    await expect(main.locator("tbody tr").first()).toContainText(visitor.order.name);
    await expect(main.getByLabel("Buscar", { exact: true })).toHaveValue("nandu perez");
  });

  await test.step("an order moves to Pagado, kept in its history with the admin's name", async () => {
    await main.locator("tbody tr").first().getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1, name: /^Pedido LB-/ })).toBeVisible();
    await waitForAdminHydration(page);
    await expect(main.getByText(visitor.order.address)).toBeVisible();
    await expectAdminPageAccessible(page, "order detail");
    await main.getByLabel("Pagado", { exact: true }).check();
    // Paid by hand (issue 22): how, and the operation number.
    await main.getByLabel("Medio de pago", { exact: true }).selectOption("Transferencia");
    await main.getByLabel("N.º de operación", { exact: true }).fill("0098765");
    await main.getByRole("button", { name: "Cambiar estado" }).click();
    await expect(main.getByText("El pedido quedó en «Pagado».").first()).toBeVisible();
    await expect(main.getByText("Pendiente de pago → Pagado")).toBeVisible();
    await expect(main.getByText("Transferencia, operación 0098765")).toBeVisible();
    await expect(main.getByText("Pagado a mano")).toBeVisible();
    await expect(main.getByText("Pía Fernández").first()).toBeVisible();
    await expect(main.getByLabel("Pagado", { exact: true })).toHaveCount(0);
  });

  await test.step("Cotizaciones and Contactos: found without accents; a quotation marked answered", async () => {
    await adminNavLink(page, "Cotizaciones").click();
    await waitForAdminHydration(page);
    await main.getByLabel("Buscar", { exact: true }).fill("NUBLE");
    await main.getByRole("button", { name: "Buscar" }).click();
    await expect(main.locator("tbody tr")).toHaveCount(1);
    await expect(main.locator("tbody tr").first()).toContainText(visitor.quote.company);
    // How many kits, in the list and on the request's page (issue 23).
    await expect(main.locator("tbody tr").first()).toContainText("1.200");
    await expectAdminPageAccessible(page, "quotes list");
    await main.locator("tbody tr").first().getByRole("link").first().click();
    await waitForAdminHydration(page);
    await expect(main.getByText(visitor.quote.additionalNotes!)).toBeVisible();
    await expect(main.getByRole("definition").filter({ hasText: /^1\.200$/ })).toBeVisible();
    await main.getByRole("button", { name: "Marcar como respondida" }).click();
    await expect(main.getByRole("button", { name: "Marcar como pendiente" })).toBeVisible();
    // Answered with a redirect back to the page, which says so (once: no toast repeats it).
    await expect(page.getByText("La cotización quedó marcada como respondida.")).toBeVisible();
    await expectAdminPageAccessible(page, "quote detail");

    await adminNavLink(page, "Contactos").click();
    await waitForAdminHydration(page);
    await main.getByLabel("Buscar", { exact: true }).fill("ibanez");
    await main.getByRole("button", { name: "Buscar" }).click();
    await expect(main.locator("tbody tr")).toHaveCount(1);
    await expect(main.locator("tbody tr").first()).toContainText(visitor.contact.subject);
    await expectAdminPageAccessible(page, "contacts list");
    await main.locator("tbody tr").first().getByRole("link").first().click();
    await waitForAdminHydration(page);
    await expect(main.getByText(visitor.contact.message)).toBeVisible();
    await main.getByRole("button", { name: "Marcar como respondido" }).click();
    await expect(main.getByRole("button", { name: "Marcar como pendiente" })).toBeVisible();
    await expect(page.getByText("El mensaje quedó marcado como respondido.")).toBeVisible();
    await expectAdminPageAccessible(page, "contact message detail");
  });

  await test.step("Suscriptores: the total, a search, and a second page", async () => {
    await adminNavLink(page, "Suscriptores").click();
    await expect(page.getByRole("heading", { level: 1, name: /^Total de suscriptores: \d+$/ })).toBeVisible();
    await waitForAdminHydration(page);
    // In the table's cell (a phone's card holds it too, hidden on this screen).
    await expect(main.getByRole("cell", { name: visitor.subscriber.toLowerCase() })).toBeVisible();
    // The e-mail first: it is what staff look for (the ID is a long code).
    await expect(main.getByRole("columnheader").first()).toContainText("Email");
    const prefix = `pagina-${Date.now().toString(36)}`;
    seedSubscribers(prefix, 55);
    await main.getByLabel("Buscar", { exact: true }).fill(prefix);
    await main.getByRole("button", { name: "Buscar" }).click();
    await expect(main.getByText("Página 1 de 2").first()).toBeVisible();
    await expect(main.locator("tbody tr")).toHaveCount(50);
    await main.getByRole("link", { name: "Siguiente" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(main.locator("tbody tr")).toHaveCount(5);
    await expectAdminPageAccessible(page, "subscribers list, page 2");
  });
});

test("the dark sidebar runs the full height of a long page, scrolled to its end", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await signInAsAdmin(page, adminEmail);
  await waitForAdminHydration(page);
  const sidebar = page.locator("aside").filter({ has: page.getByRole("link", { name: "Pedidos" }) });
  // A page longer than the window (the dashboard is, at this height), scrolled to the bottom.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(600);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const box = await sidebar.boundingBox();
  expect(box?.y).toBeLessThanOrEqual(0);
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThanOrEqual(600);
});

test("on a phone the sections are in an off-canvas menu", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page, adminEmail);
  await waitForAdminHydration(page);
  await expectAdminPageAccessible(page, "dashboard on a phone");
  await page.getByRole("button", { name: "Abrir menú" }).click();
  const menu = page.getByRole("dialog", { name: "Menú del panel" });
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "Pedidos", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pedidos" })).toBeVisible();
  await expect(menu).toBeHidden();
  await expectAdminPageAccessible(page, "orders list on a phone");
});

test("a privacy request: everything about the visitor's e-mail, as a page and as JSON", async ({ page }) => {
  await signInAsAdmin(page, adminEmail);
  await adminNavLink(page, "Privacidad").click();
  await expect(page.getByRole("heading", { level: 1, name: "Privacidad" })).toBeVisible();
  await waitForAdminHydration(page);
  await page.getByLabel("Email de la persona").fill(visitor.order.email.toUpperCase());
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(
    page.getByRole("heading", { name: `Datos guardados de ${visitor.order.email}` }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Pedidos (1)" })).toBeVisible();
  await expect(page.getByText(visitor.order.address)).toBeVisible();
  await expectAdminPageAccessible(page, "privacy page with a report");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Descargar JSON" }).click();
  const file = await (await download).path();
  const report = JSON.parse(fs.readFileSync(file, "utf8")) as { orders: Array<{ customerName: string }> };
  expect(report.orders.map((order) => order.customerName)).toEqual([visitor.order.name]);

  // The order is still open: nothing is erased, and the page says why.
  await page.getByLabel(/La persona pidió eliminar sus datos/).check();
  await page.getByRole("button", { name: "Eliminar datos" }).click();
  await expect(page.getByText(/Hay pedidos en curso con este email/).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Pedidos (1)" })).toBeVisible();
});

test("the users and password screens pass axe; logging out ends the session", async ({ page }) => {
  await signInAsAdmin(page, adminEmail);
  await adminNavLink(page, "Usuarios").click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(adminEmail)).toBeVisible();
  await waitForAdminHydration(page);
  await expectAdminPageAccessible(page, "users");
  await page.goto("/admin/account");
  await waitForAdminHydration(page);
  await expectAdminPageAccessible(page, "password change");

  await page.getByRole("button", { name: adminTexts.logout }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login$/);
});

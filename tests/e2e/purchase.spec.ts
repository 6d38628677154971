import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  expectFieldError,
  expectFieldValid,
  expectNoViolations,
  fillPurchaseForm,
  kits,
  messages,
  orderNumberPattern,
  orderPageTexts,
  ordersByEmail,
  paymentStubHeading,
  purchaseData,
  purchaseFields,
  purchaseTexts,
  stubPaymentSite,
  submitTimeout,
  uuidPattern,
  waitForMail,
  orderLineRow,
  orderLinesTotal,
} from "./forms-support";
import { waitForHydration } from "./support";

/**
 * Goal: a visitor buys a kit. "Comprar" (catalogue card, kit hero, buy section) opens the purchase
 * dialog; the form explains every mistake next to its field, follows the región with the comuna
 * list and the shipping summary; a valid purchase stores the order, sends a tab to the kit's
 * payment page and shows the order confirmation, which can be opened again later. All of it works
 * with the keyboard alone.
 */

test.describe.configure({ timeout: 60_000 });

/** The dialog of a kit ("Producto {name}"). */
function purchaseDialog(page: Page, kitName: string): Locator {
  return page.getByRole("dialog", { name: purchaseTexts.title(kitName) });
}

/** The value next to a label on the order confirmation page. */
function orderDetail(page: Page, label: string): Locator {
  return page
    .getByRole("main")
    .locator("dl > div")
    .filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }) })
    .getByRole("definition");
}

/** The catalogue card of a kit. */
function catalogueCard(page: Page, kitName: string): Locator {
  return page
    .getByTestId("kit-card")
    .filter({ has: page.getByRole("heading", { name: kitName, exact: true }) });
}

/** Moves the focused select down with ArrowDown until it holds `value`. */
async function chooseWithArrowKeys(page: Page, select: Locator, value: string) {
  await expect(select).toBeFocused();
  for (let presses = 0; presses < 30 && (await select.inputValue()) !== value; presses++) {
    await page.keyboard.press("ArrowDown");
  }
  await expect(select).toHaveValue(value);
}

/** Fields shown side by side have their controls at the same height. */
async function expectControlsLineUp(controls: Locator[]) {
  const tops = await Promise.all(controls.map(async (control) => (await control.boundingBox())?.y));
  expect(new Set(tops).size, `tops ${tops.join(", ")}`).toBe(1);
}

/** Submits the dialog's form and follows the payment tab and the page to the order confirmation. */
async function submitPurchase(page: Page, submit: () => Promise<void>, kitId: string) {
  const popupPromise = page.waitForEvent("popup");
  await submit();
  const popup = await popupPromise;
  await popup.waitForURL(new RegExp(`^https://pago\\.lifebox\\.example/${kitId}\\?pedido=LB-`), {
    timeout: submitTimeout,
  });
  await expect(popup.getByRole("heading", { name: paymentStubHeading })).toBeVisible();
  const number = new URL(popup.url()).searchParams.get("pedido") ?? "";
  expect(number).toMatch(orderNumberPattern);
  await page.waitForURL(/\/pedido\/[0-9a-f-]+$/, { timeout: submitTimeout });
  const orderId = new URL(page.url()).pathname.split("/").pop() ?? "";
  expect(orderId).toMatch(uuidPattern);
  return { popup, number, orderId };
}

async function expectOrderConfirmation(
  page: Page,
  order: { number: string; kitId: string; kitName: string; priceText: string; shipping: string },
) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(orderPageTexts.title);
  await expect(orderDetail(page, "Número de pedido")).toHaveText(order.number);
  await expect(orderLineRow(page, order.kitName).getByRole("cell")).toHaveText([
    order.priceText,
    "1",
    order.priceText,
  ]);
  await expect(orderLinesTotal(page, "Total")).toHaveText(order.priceText);
  await expect(orderLinesTotal(page, "Envío")).toHaveText(order.shipping);
  await expect(orderDetail(page, "Estado")).toHaveText(orderPageTexts.pending);
  await expect(orderDetail(page, "Entrega")).toHaveText(orderPageTexts.delivery);
  const payNow = page.getByRole("link", { name: orderPageTexts.payNow });
  await expect(payNow).toHaveAttribute("target", "_blank");
  await expect(payNow).toHaveAttribute(
    "href",
    `https://pago.lifebox.example/${order.kitId}?pedido=${order.number}`,
  );
}

test.describe("purchase dialog", () => {
  test("Comprar on a catalogue card opens the dialog; an empty submit explains every field", async ({
    page,
  }) => {
    const kit = kits.expedition;
    await page.goto("/productos");
    await waitForHydration(page);
    const buy = catalogueCard(page, kit.name).getByRole("link", { name: `Comprar ${kit.name}` });
    await expect(buy).toHaveAttribute("href", `/comprar/${kit.id}`);
    await buy.click();

    const dialog = purchaseDialog(page, kit.name);
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/productos$/);
    const summary = dialog.getByRole("region", { name: "Resumen" });
    await expect(summary).toContainText(kit.name);
    await expect(summary).toContainText(kit.priceText);
    await expect(summary).toContainText(orderPageTexts.delivery);
    await expect(summary).toContainText(purchaseTexts.shippingPending);

    const fields = purchaseFields(dialog);
    await fields.submit.click();
    await expectFieldError(fields.name, messages.order.name);
    await expectFieldError(fields.email, messages.order.email);
    await expectFieldError(fields.phone, messages.order.phone);
    await expectFieldError(fields.region, messages.order.region);
    await expectFieldError(fields.comuna, messages.order.comuna);
    await expectFieldError(fields.address, messages.order.address);
    await expectFieldError(fields.terms, messages.order.terms);
    // The optional fields are not complained about.
    await expectFieldValid(fields.rut);
    await expectFieldValid(fields.notes);
    // Still in the dialog: nothing was sent.
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/productos$/);

    // Correcting a field clears its message as the visitor types.
    await fields.name.fill("Ana María Pérez");
    await expectFieldValid(fields.name);
    await fields.email.fill("ana@");
    await fields.phone.focus();
    await expectFieldError(fields.email, messages.order.email);
  });

  test("the comuna list follows the región, and the shipping summary follows the comuna", async ({
    page,
  }) => {
    const kit = kits.nautical;
    await page.goto(`/productos/kit-${kit.id}`);
    await waitForHydration(page);
    // The hero's button.
    await page.getByRole("link", { name: "Comprar", exact: true }).first().click();
    const dialog = purchaseDialog(page, kit.name);
    await expect(dialog).toBeVisible();
    const fields = purchaseFields(dialog);
    const shipping = dialog.getByRole("region", { name: "Resumen" });
    // The form comes a frame after the dialog's title (docs/decisions/066).
    await expect(fields.region).toBeVisible();

    // The regiones north to south, as Chileans expect them (Arica y Parinacota … Magallanes).
    const regionCuts = await fields.region
      .locator("option")
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).join(" "));
    expect(regionCuts).toBe(" 15 01 02 03 04 05 13 06 07 16 08 09 14 10 11 12");
    await expect(fields.region.locator("option").nth(1)).toHaveText("Región de Arica y Parinacota");

    // No región yet: the comuna select only asks for one.
    await expect(fields.comuna.locator("option")).toHaveText([purchaseTexts.comunaFirstRegion]);
    await expect(shipping).toContainText(purchaseTexts.shippingPending);

    await fields.region.selectOption("13");
    await expect(fields.comuna.locator("option")).toHaveCount(53); // the placeholder and 52 comunas
    await expect(fields.comuna.locator('option[value="13101"]')).toHaveText("Santiago");
    await expect(fields.comuna.locator('option[value="05201"]')).toHaveCount(0);
    await fields.comuna.selectOption("13101");
    await expect(shipping).toContainText(purchaseTexts.shippingFree);

    // Another región empties the comuna and offers that región's comunas only.
    await fields.region.selectOption("05");
    await expect(fields.comuna).toHaveValue("");
    await expect(shipping).toContainText(purchaseTexts.shippingPending);
    await expect(fields.comuna.locator("option")).toHaveCount(39); // the placeholder and 38 comunas
    await expect(fields.comuna.locator('option[value="13101"]')).toHaveCount(0);
    await expect(fields.comuna.locator('option[value="05201"]')).toHaveText("Isla de Pascua");

    await fields.comuna.selectOption("05201");
    await expect(shipping).toContainText(purchaseTexts.shippingArranged);
    await fields.comuna.selectOption({ label: "Valparaíso" });
    await expect(shipping).toContainText(purchaseTexts.shippingFree);
  });

  test("on a laptop the dialog fits a long e-mail address, and paired fields line up", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const kit = kits.essential;
    await page.goto(`/productos/kit-${kit.id}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Comprar", exact: true }).first().click();
    const dialog = purchaseDialog(page, kit.name);
    const fields = purchaseFields(dialog);
    await fields.email.fill("valentina.gonzalez.rojas@universidad.cl");
    expect(await fields.email.evaluate((input) => input.scrollWidth <= input.clientWidth)).toBe(true);
    await expectControlsLineUp([fields.email, fields.phone]);
    await expectControlsLineUp([fields.region, fields.comuna]);
    await expectControlsLineUp([fields.rut, fields.notes]);

    // The same on the purchase page (what the button opens without JavaScript).
    await page.goto(`/comprar/${kit.id}`);
    const pageFields = purchaseFields(page.getByRole("main"));
    await expectControlsLineUp([pageFields.email, pageFields.phone]);
    await expectControlsLineUp([pageFields.rut, pageFields.notes]);
  });

  test("Cancelar and Escape close the dialog and give the focus back to the Comprar button", async ({
    page,
  }) => {
    const kit = kits["nautical-mini"];
    await page.goto("/productos");
    await waitForHydration(page);
    const buy = catalogueCard(page, kit.name).getByRole("link", { name: `Comprar ${kit.name}` });
    await buy.click();
    const dialog = purchaseDialog(page, kit.name);
    await expect(dialog).toBeVisible();
    // The focus moves into the dialog.
    await expect(purchaseFields(dialog).name).toBeFocused();
    await dialog.getByRole("button", { name: purchaseTexts.cancel }).click();
    await expect(dialog).toBeHidden();
    await expect.soft(buy).toBeFocused();

    await buy.press("Enter");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect.soft(buy).toBeFocused();
  });
});

test.describe("completing a purchase", () => {
  test("from a kit page's buy section: order stored, payment tab, confirmation page", async ({
    page,
    context,
  }) => {
    await stubPaymentSite(context);

    const kit = kits.essential;
    const data = purchaseData("compra-ficha", {
      rut: "12345678-5",
      notes: "Dejar en conserjería, por favor.",
    });
    await page.goto(`/productos/kit-${kit.id}`);
    await waitForHydration(page);
    const buy = page.locator("#comprar").getByRole("link", { name: "Comprar", exact: true });
    await expect(buy).toHaveAttribute("href", `/comprar/${kit.id}`);
    await buy.click();
    const dialog = purchaseDialog(page, kit.name);
    await expect(dialog).toBeVisible();
    await fillPurchaseForm(dialog, data);
    await expect(dialog.getByRole("region", { name: "Resumen" })).toContainText(purchaseTexts.shippingFree);

    const { popup, number, orderId } = await submitPurchase(
      page,
      () => purchaseFields(dialog).submit.click(),
      kit.id,
    );
    expect(popup.url()).toBe(`https://pago.lifebox.example/${kit.id}?pedido=${number}`);
    await expectOrderConfirmation(page, {
      number,
      kitId: kit.id,
      kitName: kit.name,
      priceText: kit.priceText,
      shipping: orderPageTexts.shippingFree,
    });
    await expect(page.getByRole("main")).toContainText(`Gracias, ${data.name}.`);

    // What was stored: exactly the typed values, the catalogue's kit and price, unpaid.
    const rows = ordersByEmail(data.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: orderId,
      number,
      lines_summary: kit.name,
      kit_count: 1,
      total: kit.price,
      shipping_kind: "free",
      status: "pendiente_pago",
      customer_name: data.name,
      email: data.email,
      phone: data.phone,
      region_cut: "13",
      comuna_cut: "13101",
      address: data.address,
      rut: "12.345.678-5",
      notes: data.notes,
    });
    expect(rows[0]!.terms_accepted_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    // The customer's receipt goes out with the number and the way back to the order.
    const mail = await waitForMail((message) => message.to.includes(data.email));
    expect(mail.subject).toBe(`Recibimos tu pedido ${number}: ${kit.name}`);
    expect(mail.text).toContain(`/pedido/${orderId}`);

    // The confirmation link works again later, in another tab.
    const again = await context.newPage();
    const response = await again.goto(`/pedido/${orderId}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toContain("no-store");
    await expectOrderConfirmation(again, {
      number,
      kitId: kit.id,
      kitName: kit.name,
      priceText: kit.priceText,
      shipping: orderPageTexts.shippingFree,
    });
    // The page shows no personal data beyond the name.
    await expect(again.getByRole("main")).not.toContainText(data.email);
    await expect(again.getByRole("main")).not.toContainText(data.address);
  });

  test("from a catalogue card to Isla de Pascua: a kit's payment link cannot carry the shipping to be quoted", async ({
    page,
    context,
  }) => {
    await stubPaymentSite(context);
    const kit = kits["industry-mini"];
    const data = purchaseData("compra-isla", {
      region: "05",
      comuna: "05201",
      address: "Calle Atamu Tekena 321, Hanga Roa",
    });
    await page.goto("/productos");
    await waitForHydration(page);
    await catalogueCard(page, kit.name)
      .getByRole("link", { name: `Comprar ${kit.name}` })
      .click();
    const dialog = purchaseDialog(page, kit.name);
    await fillPurchaseForm(dialog, data);
    await expect(dialog.getByRole("region", { name: "Resumen" })).toContainText(
      purchaseTexts.shippingArranged,
    );

    // This shop has payment links only (PAYMENT_PROVIDER=link): the server says why next to the
    // comuna, the payment tab opened by the click closes, and nothing is stored.
    const fields = purchaseFields(dialog);
    const popupPromise = page.waitForEvent("popup");
    await fields.submit.click();
    const popup = await popupPromise;
    await expectFieldError(fields.comuna, messages.order.linkRefusesQuotedShipping);
    await expect.poll(() => popup.isClosed()).toBe(true);
    await expect(dialog).toBeVisible();
    expect(ordersByEmail(data.email)).toHaveLength(0);
  });

  test("no console errors and no Content-Security-Policy violations along the way", async ({
    page,
    context,
  }) => {
    // Console errors (the browser reports Content-Security-Policy violations there) and the
    // violations themselves, from the first page load to the confirmation.
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    await page.exposeFunction("reportCspViolation", (text: string) => problems.push(`csp: ${text}`));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const report = (window as unknown as { reportCspViolation: (text: string) => void })
          .reportCspViolation;
        report(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`);
      });
    });
    await stubPaymentSite(context);
    const kit = kits["nautical-mini"];
    await page.goto(`/productos/kit-${kit.id}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Comprar", exact: true }).first().click();
    const dialog = purchaseDialog(page, kit.name);
    await fillPurchaseForm(dialog, purchaseData("compra-csp"));
    const { popup } = await submitPurchase(page, () => purchaseFields(dialog).submit.click(), kit.id);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(orderPageTexts.title);
    await popup.close();
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("link", { name: orderPageTexts.payNow })).toBeVisible();
    expect(problems, "console errors or CSP violations during the purchase").toEqual([]);
  });

  test("with the keyboard alone", async ({ page, context }) => {
    await stubPaymentSite(context);
    const kit = kits.expedition;
    const data = purchaseData("compra-teclado", { notes: "Llamar antes de llegar." });
    await page.goto(`/productos/kit-${kit.id}`);
    await waitForHydration(page);

    // Tab from the top of the page to the hero's Comprar button.
    const buy = page.getByRole("link", { name: "Comprar", exact: true }).first();
    let reached = false;
    for (let presses = 0; presses < 40 && !reached; presses++) {
      await page.keyboard.press("Tab");
      reached = await buy.evaluate((element) => element === document.activeElement);
    }
    expect(reached, "the Comprar button is reachable with Tab").toBe(true);
    await page.keyboard.press("Enter");

    const dialog = purchaseDialog(page, kit.name);
    await expect(dialog).toBeVisible();
    const fields = purchaseFields(dialog);
    await expect(fields.name).toBeFocused();
    await page.keyboard.type(data.name);
    await page.keyboard.press("Tab");
    await expect(fields.email).toBeFocused();
    await page.keyboard.type(data.email);
    await page.keyboard.press("Tab");
    await expect(fields.phone).toBeFocused();
    await page.keyboard.type(data.phone);

    await page.keyboard.press("Tab");
    await expect(fields.region).toBeFocused();
    // A closed select takes arrow keys (the regiones are listed north to south by number)…
    await chooseWithArrowKeys(page, fields.region, "13");
    await page.keyboard.press("Tab");
    await expect(fields.comuna).toBeFocused();
    // … and type-ahead.
    await page.keyboard.type("Santiago");
    await expect(fields.comuna).toHaveValue("13101");
    await page.keyboard.press("ArrowDown");
    await expect(fields.comuna).not.toHaveValue("13101");
    await page.keyboard.press("ArrowUp");
    await expect(fields.comuna).toHaveValue("13101");

    await page.keyboard.press("Tab");
    await expect(fields.address).toBeFocused();
    await page.keyboard.type(data.address);
    await page.keyboard.press("Tab");
    await expect(fields.rut).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(fields.notes).toBeFocused();
    // "Documento": Boleta, already chosen; the factura's fields stay hidden, out of the way.
    await page.keyboard.press("Tab");
    await expect(fields.boleta).toBeFocused();
    await expect(fields.boleta).toBeChecked();
    await expect(fields.invoice).toBeHidden();
    await page.keyboard.press("Tab");
    await expect(fields.terms).toBeFocused();
    await page.keyboard.press("Space");
    await expect(fields.terms).toBeChecked();
    // Back to the notes, which were skipped.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await expect(fields.notes).toBeFocused();
    await page.keyboard.type(data.notes!);
    await expect(dialog.getByRole("region", { name: "Resumen" })).toContainText(purchaseTexts.shippingFree);

    // On to the submit button (past the terms link, the anti-spam check and Cancelar).
    let onSubmit = false;
    for (let presses = 0; presses < 10 && !onSubmit; presses++) {
      await page.keyboard.press("Tab");
      onSubmit = await fields.submit.evaluate((element) => element === document.activeElement);
    }
    expect(onSubmit, "the submit button is reachable with Tab").toBe(true);

    const { number, orderId } = await submitPurchase(page, () => page.keyboard.press("Enter"), kit.id);
    // Reached without a reload, the confirmation page starts at its heading (keyboard, screen reader).
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await expectOrderConfirmation(page, {
      number,
      kitId: kit.id,
      kitName: kit.name,
      priceText: kit.priceText,
      shipping: orderPageTexts.shippingFree,
    });
    const rows = ordersByEmail(data.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: orderId,
      lines_summary: kit.name,
      customer_name: data.name,
      phone: data.phone,
      region_cut: "13",
      comuna_cut: "13101",
      address: data.address,
      notes: data.notes,
    });
  });
});

test.describe("a company's purchase with a factura", () => {
  test("chooses Factura with the keyboard, fixes a RUT's check digit, and the order keeps the company", async ({
    page,
    context,
  }) => {
    await stubPaymentSite(context);
    const kit = kits.essential;
    const data = purchaseData("compra-factura");
    await page.goto(`/productos/kit-${kit.id}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Comprar", exact: true }).first().click();
    const dialog = purchaseDialog(page, kit.name);
    await expect(dialog).toBeVisible();
    await fillPurchaseForm(dialog, data);
    const fields = purchaseFields(dialog);
    await expect(fields.invoice).toBeHidden();

    // A radio group: focus it, then the arrow key picks Factura and shows the company's fields.
    await fields.notes.focus();
    await page.keyboard.press("Tab");
    await expect(fields.boleta).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(fields.factura).toBeChecked();
    await expect(fields.factura).toBeFocused();
    await expect(fields.invoice).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(fields.invoiceRut).toBeFocused();
    await page.keyboard.type("76.086.428-4");
    await page.keyboard.press("Tab");
    await expect(fields.invoiceName).toBeFocused();
    await page.keyboard.type("Comercial Austral SpA");
    await page.keyboard.press("Tab");
    await expect(fields.invoiceGiro).toBeFocused();
    await page.keyboard.type("Venta de artículos de seguridad");
    await page.keyboard.press("Tab");
    await expect(fields.invoiceAddress).toBeFocused();
    await page.keyboard.type("Av. Apoquindo 4500, oficina 12");
    await page.keyboard.press("Tab");
    await expect(fields.invoiceRegion).toBeFocused();
    await chooseWithArrowKeys(page, fields.invoiceRegion, "13");
    await page.keyboard.press("Tab");
    await expect(fields.invoiceComuna).toBeFocused();
    await page.keyboard.type("Las Condes");
    await expect(fields.invoiceComuna).toHaveValue("13114");
    await page.keyboard.press("Tab");
    await expect(fields.invoiceEmail).toBeFocused();
    await page.keyboard.type("facturas@austral.cl");

    // The wrong check digit is explained under the company's RUT, and nothing is stored.
    await fields.submit.click();
    await expectFieldError(fields.invoiceRut, messages.order.invoiceRut);
    expect(ordersByEmail(data.email)).toHaveLength(0);
    await expectNoViolations(page, "the purchase dialog asking for a factura, with an error");

    await fields.invoiceRut.fill("76.086.428-5");
    const { number } = await submitPurchase(page, () => fields.submit.click(), kit.id);
    const rows = ordersByEmail(data.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      number,
      document_type: "factura",
      invoice_rut: "76.086.428-5",
      invoice_name: "Comercial Austral SpA",
      invoice_giro: "Venta de artículos de seguridad",
      invoice_address: "Av. Apoquindo 4500, oficina 12",
      invoice_region_cut: "13",
      invoice_comuna_cut: "13114",
      invoice_email: "facturas@austral.cl",
    });
    const receipt = await waitForMail((mail) => mail.to === data.email && mail.subject.includes(number));
    expect(receipt.text).toContain("Razón social: Comercial Austral SpA");
  });
});

test.describe("order confirmation page", () => {
  test("an unknown order is a 404 that says so", async ({ page }) => {
    for (const id of [crypto.randomUUID(), "no-es-un-pedido"]) {
      const response = await page.goto(`/pedido/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(orderPageTexts.notFound);
      await expect(page.getByRole("link", { name: orderPageTexts.payNow })).toHaveCount(0);
    }
  });
});

test.describe("purchase accessibility", () => {
  test("the purchase dialog, open and after a failed submit, has no WCAG A/AA violations", async ({
    page,
  }) => {
    const kit = kits.essential;
    await page.goto(`/productos/kit-${kit.id}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Comprar", exact: true }).first().click();
    const dialog = purchaseDialog(page, kit.name);
    await expect(dialog).toBeVisible();
    await expectNoViolations(page, "the purchase dialog");
    await purchaseFields(dialog).submit.click();
    await expectFieldError(purchaseFields(dialog).terms, messages.order.terms);
    await expectNoViolations(page, "the purchase dialog with errors");
  });

  test("/comprar/essential has no WCAG A/AA violations", async ({ page }) => {
    const response = await page.goto("/comprar/essential");
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      purchaseTexts.title(kits.essential.name),
    );
    await expectNoViolations(page, "/comprar/essential");
  });

  test("/pedido/{id} has no WCAG A/AA violations", async ({ page, context }) => {
    await stubPaymentSite(context);
    const kit = kits.essential;
    await page.goto(`/comprar/${kit.id}`);
    await waitForHydration(page);
    await fillPurchaseForm(page.getByRole("main"), purchaseData("compra-axe"));
    const { popup } = await submitPurchase(
      page,
      () => purchaseFields(page.getByRole("main")).submit.click(),
      kit.id,
    );
    await popup.close();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(orderPageTexts.title);
    await waitForHydration(page);
    await expectNoViolations(page, "/pedido/{id}");
  });
});

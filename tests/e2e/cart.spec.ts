import { expect, test, type Page } from "@playwright/test";
import { paymentsBaseURL } from "../../playwright.config";
import {
  expectNoViolations,
  fillPurchaseForm,
  purchaseData,
  purchaseFields,
  purchaseTexts,
  submitTimeout,
  paymentsShopRows,
} from "./forms-support";
import { waitForHydration } from "./support";

/**
 * Goal (issue 23, D23; docs/decisions/067, 068): a family fills a cart with kits and quantities and
 * pays them in one order; a company buys several Industry kits with a factura; "Comprar" stays the
 * quick path, with a quantity; the cart works without JavaScript and by keyboard, axe clean at
 * 390 and 1,280 px. Against the Webpay shop of playwright.config.ts and the payment stand-in.
 */

test.use({ baseURL: paymentsBaseURL });
test.describe.configure({ timeout: 90_000 });

const essential = { id: "essential", name: "LifeBox Essential", price: 219990 };
const mini = { id: "essential-mini", name: "LifeBox Essential Mini", price: 139990 };
const industry = { id: "industry", name: "LifeBox Industry", price: 539990 };

/** "$579.970" as the shop writes pesos. */
const pesos = (amount: number) => `$${amount.toLocaleString("es-CL")}`;

function orderByEmail(email: string) {
  const [order] = paymentsShopRows<{
    id: string;
    total: number;
    kit_count: number;
    status: string;
    document_type: string;
  }>("select id, total, kit_count, status, document_type from orders where email = ?", email);
  const lines = order
    ? paymentsShopRows<{ kit_id: string; quantity: number; unit_price: number; line_total: number }>(
        "select kit_id, quantity, unit_price, line_total from order_lines where order_id = ? order by position",
        order.id,
      )
    : [];
  return { order, lines };
}

const cartLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Carro de compras/ });
const addButton = (page: Page, kitName: string) =>
  page.getByRole("button", { name: `Agregar al carro: ${kitName}`, exact: true }).first();
/**
 * Presses "Agregar al carro" of a kit and waits for the server's answer: the button and the header
 * say "added" at once, before the cart's cookie is stored.
 */
async function addToCart(page: Page, kitName: string) {
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname.startsWith("/carro") && response.request().method() === "POST",
  );
  await addButton(page, kitName).click();
  await answered;
}

/** A kit's line on /carro. */
const cartLine = (page: Page, kitName: string) =>
  page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: kitName, exact: true }) });
const cartTotal = (page: Page) =>
  page
    .getByRole("main")
    .locator("dt", { hasText: /^Total$/ })
    .locator("xpath=following-sibling::dd[1]");

/** Sets a line's quantity on /carro and presses its "Actualizar". */
async function setQuantity(page: Page, kitName: string, quantity: string) {
  const line = cartLine(page, kitName);
  await line.getByLabel(`Cantidad ${kitName}`).fill(quantity);
  await line.getByRole("button", { name: `Actualizar la cantidad de ${kitName}` }).click();
}

/** On the stand-in's Webpay page: "Aprobar", then back to the order's page. */
async function approvePayment(page: Page) {
  await expect(page).toHaveURL(/\/webpayserver\/initTransaction/, { timeout: submitTimeout });
  await page.getByRole("button", { name: "Aprobar" }).click();
  await page.waitForURL(new RegExp(`^${paymentsBaseURL}/pedido/[0-9a-f-]{36}\\?pago=`), {
    timeout: submitTimeout,
  });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Pago recibido!");
}

test.describe("on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a family fills the cart with 2 Essential and 1 Essential Mini, changes and removes a line, and pays with a boleta", async ({
    page,
  }) => {
    await page.goto(`/productos/kit-${essential.id}`);
    await waitForHydration(page);
    await expect(cartLink(page)).toHaveAccessibleName("Carro de compras, vacío");
    await addToCart(page, essential.name);
    await expect(page.getByRole("status").filter({ hasText: "Agregado al carro" }).first()).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName("Carro de compras, 1 kit");
    await addToCart(page, essential.name);
    await expect(cartLink(page)).toHaveAccessibleName("Carro de compras, 2 kits");

    await page.goto("/productos");
    await waitForHydration(page);
    await addToCart(page, mini.name);
    await expect(cartLink(page)).toHaveAccessibleName("Carro de compras, 3 kits");

    // The cart survives a reload.
    await page.reload();
    await expect(cartLink(page)).toHaveAccessibleName("Carro de compras, 3 kits");
    await cartLink(page).click();
    await expect(page).toHaveURL(/\/carro$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tu carro");
    await expect(cartLine(page, essential.name)).toContainText(pesos(2 * essential.price));
    await expect(cartLine(page, mini.name)).toContainText(pesos(mini.price));
    await expect(cartTotal(page)).toHaveText(pesos(2 * essential.price + mini.price));
    await expectNoViolations(page, "/carro at 390 px");

    // A quantity changed, a wrong one explained under its field.
    await setQuantity(page, essential.name, "21");
    await expect(cartLine(page, essential.name)).toContainText("Ingresa una cantidad de 1 a 20 kits.");
    await setQuantity(page, essential.name, "3");
    await expect(page.getByText("Ahora llevas 3 de LifeBox Essential.")).toBeVisible();
    await expect(cartTotal(page)).toHaveText(pesos(3 * essential.price + mini.price));
    await setQuantity(page, essential.name, "2");
    await expect(cartTotal(page)).toHaveText(pesos(2 * essential.price + mini.price));

    // Removed, then added again.
    await cartLine(page, mini.name)
      .getByRole("button", { name: `Quitar ${mini.name} del carro` })
      .click();
    await expect(page.getByText(`Quitamos ${mini.name} de tu carro.`)).toBeVisible();
    await expect(cartLine(page, mini.name)).toHaveCount(0);
    await page.getByRole("button", { name: "Agregar de nuevo" }).click();
    await expect(cartLine(page, mini.name)).toBeVisible();
    await expect(cartTotal(page)).toHaveText(pesos(2 * essential.price + mini.price));

    await page.getByRole("link", { name: "Continuar con la compra" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Finalizar la compra");
    await waitForHydration(page);
    const main = page.getByRole("main");
    const summary = main.getByRole("region", { name: "Tu pedido" });
    await expect(summary.locator("tfoot")).toContainText(pesos(2 * essential.price + mini.price));
    await expectNoViolations(page, "/carro/finalizar at 390 px");
    const data = purchaseData("carro-familia");
    await fillPurchaseForm(main, data);
    await expect(purchaseFields(main).boleta).toBeChecked();
    await purchaseFields(main).submit.click();
    await approvePayment(page);

    const { order, lines } = orderByEmail(data.email);
    expect(order).toMatchObject({
      total: 2 * essential.price + mini.price,
      kit_count: 3,
      status: "pagado",
      document_type: "boleta",
    });
    expect(lines).toEqual([
      { kit_id: essential.id, quantity: 2, unit_price: essential.price, line_total: 2 * essential.price },
      { kit_id: mini.id, quantity: 1, unit_price: mini.price, line_total: mini.price },
    ]);
    // The order page lists its lines; the cart is empty now.
    await expect(page.getByRole("main").locator("tbody")).toContainText(essential.name);
    await expect(cartLink(page)).toHaveAccessibleName("Carro de compras, vacío");
  });

  test("'Comprar' stays the quick path: two of a kit through the dialog, paid at once", async ({ page }) => {
    await page.goto(`/productos/kit-${mini.id}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Comprar", exact: true }).first().click();
    const dialog = page.getByRole("dialog", { name: purchaseTexts.title(mini.name) });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Cantidad", { exact: true }).fill("2");
    await expect(dialog.getByRole("region", { name: "Resumen" })).toContainText(pesos(2 * mini.price));
    const data = purchaseData("comprar-dos");
    await fillPurchaseForm(dialog, data);
    await purchaseFields(dialog).submit.click();
    await approvePayment(page);
    const { order, lines } = orderByEmail(data.email);
    expect(order).toMatchObject({ total: 2 * mini.price, kit_count: 2, status: "pagado" });
    expect(lines).toEqual([
      { kit_id: mini.id, quantity: 2, unit_price: mini.price, line_total: 2 * mini.price },
    ]);
  });
});

test.describe("on a laptop (1,280 px)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a company buys 3 Industry with a factura", async ({ page }) => {
    await page.goto("/productos");
    await waitForHydration(page);
    await addToCart(page, industry.name);
    await expect(cartLink(page)).toHaveAccessibleName("Carro de compras, 1 kit");
    await cartLink(page).click();
    await setQuantity(page, industry.name, "3");
    await expect(cartTotal(page)).toHaveText(pesos(3 * industry.price));
    await expectNoViolations(page, "/carro at 1,280 px");
    await page.getByRole("link", { name: "Continuar con la compra" }).click();
    await waitForHydration(page);
    const main = page.getByRole("main");
    const fields = purchaseFields(main);
    const data = purchaseData("carro-empresa");
    await fillPurchaseForm(main, data);
    await fields.factura.check();
    await fields.invoiceRut.fill("76.086.428-4");
    await fields.submit.click();
    await expect(
      main.getByText("El RUT de la empresa no es válido: revisa el número y el dígito verificador."),
    ).toBeVisible();
    await expectNoViolations(page, "/carro/finalizar at 1,280 px, with errors");
    await fields.invoiceRut.fill("76.086.428-5");
    await fields.invoiceName.fill("Constructora Los Andes SpA");
    await fields.invoiceGiro.fill("Construcción de obras civiles");
    await fields.invoiceAddress.fill("Av. Apoquindo 4500, oficina 12");
    await fields.invoiceRegion.selectOption("13");
    await fields.invoiceComuna.selectOption("13114");
    await fields.invoiceEmail.fill("facturas@losandes.example");
    await fields.submit.click();
    await approvePayment(page);
    const { order, lines } = orderByEmail(data.email);
    expect(order).toMatchObject({ total: 3 * industry.price, kit_count: 3, document_type: "factura" });
    expect(lines).toEqual([
      { kit_id: industry.id, quantity: 3, unit_price: industry.price, line_total: 3 * industry.price },
    ]);
  });

  test("the cart by keyboard only", async ({ page }) => {
    await page.goto(`/productos/kit-${essential.id}`);
    await waitForHydration(page);
    await addButton(page, essential.name).focus();
    await page.keyboard.press("Enter");
    await expect(cartLink(page)).toHaveAccessibleName(/Carro de compras, \d+ kits?/);
    await cartLink(page).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/carro$/);
    const quantity = cartLine(page, essential.name).getByLabel(`Cantidad ${essential.name}`);
    await quantity.focus();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("4");
    await page.keyboard.press("Tab");
    await expect(cartLine(page, essential.name).getByRole("button", { name: /Actualizar/ })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Ahora llevas 4 de LifeBox Essential.")).toBeVisible();
    await page.keyboard.press("Tab");
    const remove = cartLine(page, essential.name).getByRole("button", { name: /Quitar/ });
    await remove.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Tu carro está vacío.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Ver los kits" })).toHaveAttribute("href", "/productos");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("the cart works with plain form posts", async ({ page }) => {
    await page.goto(`/productos/kit-${essential.id}`);
    await addButton(page, essential.name).click();
    await expect(page).toHaveURL(/\/carro\?agregado=essential$/);
    await expect(page.getByText(`Agregamos ${essential.name} a tu carro.`)).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName("Carro de compras, 1 kit");
    await page.goto("/productos");
    await addButton(page, mini.name).click();
    await expect(cartTotal(page)).toHaveText(pesos(essential.price + mini.price));
    await setQuantity(page, mini.name, "2");
    await expect(page.getByText(`Ahora llevas 2 de ${mini.name}.`)).toBeVisible();
    await expect(cartTotal(page)).toHaveText(pesos(essential.price + 2 * mini.price));
    await setQuantity(page, mini.name, "0");
    await expect(cartLine(page, mini.name)).toContainText("Ingresa una cantidad de 1 a 20 kits.");
    await cartLine(page, mini.name)
      .getByRole("button", { name: `Quitar ${mini.name} del carro` })
      .click();
    await expect(cartLine(page, mini.name)).toHaveCount(0);
    await page.getByRole("link", { name: "Continuar con la compra" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Finalizar la compra");
    await expect(page.getByRole("main").locator("tfoot")).toContainText(pesos(essential.price));
  });
});

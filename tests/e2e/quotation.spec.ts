import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  expectFieldError,
  expectFieldValid,
  expectNoViolations,
  fillQuoteForm,
  kits,
  messages,
  quoteData,
  quoteFields,
  quotesByEmail,
  quoteTexts,
  shopEmail,
  submitTimeout,
  waitForMail,
} from "./forms-support";
import { waitForHydration } from "./support";

/**
 * Goal: a company asks for a quotation of a kit. "Cotizar para empresa" (on the catalogue
 * and on a kit page) opens the quotation dialog; mistakes are explained next to their
 * fields; a valid request is stored, confirmed with a toast and the thank-you page, and the
 * customer gets an e-mail (and the shop its notice).
 */

test.describe.configure({ timeout: 60_000 });

function quoteDialog(page: Page): Locator {
  return page.getByRole("dialog", { name: quoteTexts.title });
}

/** The catalogue card of a kit. */
function catalogueCard(page: Page, kitName: string): Locator {
  return page
    .getByTestId("kit-card")
    .filter({ has: page.getByRole("heading", { name: kitName, exact: true }) });
}

async function openFromCatalogue(page: Page, kit: { id: string; name: string }) {
  await page.goto("/productos");
  await waitForHydration(page);
  const quote = catalogueCard(page, kit.name).getByRole("link", {
    name: `Cotizar para empresa: ${kit.name}`,
  });
  // A link to the quotation page (which works without JavaScript) that opens the dialog instead.
  await expect(quote).toHaveAttribute("href", `/cotizar/${kit.id}`);
  await quote.click();
  const dialog = quoteDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Submits, then checks the toast, the thank-you page, the stored row and the e-mails. */
async function expectQuotationReceived(
  page: Page,
  dialog: Locator,
  kit: { id: string; name: string },
  data: ReturnType<typeof quoteData>,
  /** The kits stored, as the typed quantity means them. */
  quantity = Number(data.quantity),
) {
  await quoteFields(dialog).submit.click();
  const toast = page.getByRole("region", { name: /Notificaciones/ }).getByRole("listitem");
  await expect(toast).toContainText(quoteTexts.toastTitle, { timeout: submitTimeout });
  await expect(toast).toContainText(quoteTexts.toastText(data.fullName));
  await expect(page).toHaveURL(new RegExp(`/gracias\\?producto=${kit.id}&tipo=cotizacion$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Gracias por cotizar!");
  await expect(page.getByRole("main")).toContainText(`Recibimos tu solicitud de cotización por ${kit.name}.`);
  await expect(dialog).toBeHidden();

  const rows = quotesByEmail(data.email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    product_id: kit.id,
    product_name: kit.name,
    full_name: data.fullName,
    email: data.email,
    phone: data.phone,
    company: data.company,
    city: data.city,
    quantity,
    additional_notes: data.additionalNotes ?? null,
  });

  // Both e-mails say how many kits, as Chile writes the number.
  const kitsLine = `Cantidad de kits: ${new Intl.NumberFormat("es-CL").format(quantity)}`;
  const receipt = await waitForMail((mail) => mail.to.includes(data.email));
  expect(receipt.subject).toBe(`Recibimos tu solicitud de cotización: ${kit.name}`);
  expect(receipt.text).toContain(`Hola, ${data.fullName}:`);
  expect(receipt.text).toContain(data.company);
  expect(receipt.text).toContain(kitsLine);
  const notice = await waitForMail((mail) => mail.to.includes(shopEmail) && mail.text.includes(data.email));
  expect(notice.subject).toBe(`Nueva cotización: ${kit.name} para ${data.company}`);
  expect(notice.text).toContain(kitsLine);
}

test.describe("quotation dialog", () => {
  test("from a catalogue card: every mistake explained, then a stored request, a toast and an e-mail", async ({
    page,
  }) => {
    const kit = kits.nautical;
    const dialog = await openFromCatalogue(page, kit);
    await expect(page).toHaveURL(/\/productos$/);
    await expect(dialog).toContainText(`Cotiza el ${kit.name} para tu empresa u organización.`);
    // The terms and the privacy policy are a link away.
    await expect(dialog.getByRole("link", { name: "Términos y condiciones" })).toHaveAttribute(
      "href",
      "/terminos",
    );
    await expect(dialog.getByRole("link", { name: "Política de privacidad" })).toHaveAttribute(
      "href",
      "/privacidad",
    );

    const fields = quoteFields(dialog);
    // With the keyboard (a first click is covered by its own test below).
    await fields.submit.press("Enter");
    await expectFieldError(fields.fullName, messages.quote.fullName);
    await expectFieldError(fields.email, messages.quote.email);
    await expectFieldError(fields.phone, messages.quote.phone);
    await expectFieldError(fields.company, messages.quote.company);
    await expectFieldError(fields.city, messages.quote.city);
    await expectFieldError(fields.quantity, messages.quote.quantity);
    await expectFieldValid(fields.additionalNotes);
    await expect(page).toHaveURL(/\/productos$/);

    const data = quoteData("cotizacion-catalogo");
    await fillQuoteForm(dialog, data);
    for (const field of [
      fields.fullName,
      fields.email,
      fields.phone,
      fields.company,
      fields.city,
      fields.quantity,
    ]) {
      await expectFieldValid(field);
    }
    await expectQuotationReceived(page, dialog, kit, data);
  });

  test("from a kit page: a wrong phone is explained, and the request goes through once corrected", async ({
    page,
  }) => {
    const kit = kits.essential;
    await page.goto(`/productos/kit-${kit.id}`);
    await waitForHydration(page);
    const quote = page.locator("#comprar").getByRole("link", { name: "Cotizar para empresa" });
    await expect(quote).toHaveAttribute("href", `/cotizar/${kit.id}`);
    await quote.click();
    const dialog = quoteDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(kit.name);

    const data = quoteData("cotizacion-ficha", { additionalNotes: undefined });
    await fillQuoteForm(dialog, { ...data, phone: "llámame" });
    const fields = quoteFields(dialog);
    await fields.submit.click();
    await expectFieldError(fields.phone, messages.quote.phone);
    await fields.email.fill("empresa.cl");
    await fields.city.focus();
    await expectFieldError(fields.email, messages.quote.email);
    expect(quotesByEmail(data.email)).toHaveLength(0);

    await fields.phone.fill(data.phone);
    await fields.email.fill(data.email);
    await expectFieldValid(fields.phone);
    await expectQuotationReceived(page, dialog, kit, data);
  });

  test("one click on Solicitar cotización right after opening explains every field", async ({ page }) => {
    const dialog = await openFromCatalogue(page, kits.expedition);
    const fields = quoteFields(dialog);
    await expect(fields.fullName).toBeFocused();
    await fields.submit.click();
    await expectFieldError(fields.fullName, messages.quote.fullName);
    await expectFieldError(fields.email, messages.quote.email);
    await expectFieldError(fields.phone, messages.quote.phone);
    await expectFieldError(fields.company, messages.quote.company);
    await expectFieldError(fields.city, messages.quote.city);
    await expectFieldError(fields.quantity, messages.quote.quantity);
  });

  test("Cantidad de kits: zero, a decimal, words or more than 10.000 explained; 10.000 understood as ten thousand", async ({
    page,
  }) => {
    const kit = kits["industry-mini"];
    const dialog = await openFromCatalogue(page, kit);
    const fields = quoteFields(dialog);
    // A numeric keypad on a phone, and a hint with the bounds.
    await expect(fields.quantity).toHaveAttribute("inputmode", "numeric");
    await expect(fields.quantity).toHaveAccessibleDescription(/De 1 a 10\.000/);
    const data = quoteData("cotizacion-cantidad", { quantity: "0" });
    await fillQuoteForm(dialog, data);
    await fields.submit.click();
    await expectFieldError(fields.quantity, messages.quote.quantityMin);
    for (const [typed, message] of [
      ["2,5", messages.quote.quantityWhole],
      ["doce", messages.quote.quantityWhole],
      ["10001", messages.quote.quantityMax],
    ] as const) {
      await fields.quantity.fill(typed);
      await fields.submit.click();
      await expectFieldError(fields.quantity, message);
    }
    expect(quotesByEmail(data.email)).toHaveLength(0);

    await fields.quantity.fill("10.000");
    await expectQuotationReceived(page, dialog, kit, { ...data, quantity: "10.000" }, 10_000);
  });

  test("Cancelar closes the dialog without sending anything", async ({ page }) => {
    const kit = kits.expedition;
    const dialog = await openFromCatalogue(page, kit);
    const data = quoteData("cotizacion-cancelada");
    await fillQuoteForm(dialog, data);
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/productos$/);
    expect(quotesByEmail(data.email)).toHaveLength(0);
  });
});

test.describe("quotation accessibility", () => {
  for (const [name, viewport] of Object.entries({
    desktop: { width: 1280, height: 800 },
    mobile: { width: 390, height: 844 },
  })) {
    test(`the quotation dialog has no WCAG A/AA violations at ${name} width`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const dialog = await openFromCatalogue(page, kits["industry-mini"]);
      await expectNoViolations(page, `the quotation dialog (${name})`);
      await quoteFields(dialog).submit.press("Enter");
      await expectFieldError(quoteFields(dialog).city, messages.quote.city);
      await expectNoViolations(page, `the quotation dialog with errors (${name})`);
    });
  }
});

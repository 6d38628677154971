import { expect, test, type Locator, type Page, type Response } from "@playwright/test";
import {
  contactData,
  contactFields,
  countByEmail,
  expectFieldError,
  fillContactForm,
  fillPurchaseForm,
  fillQuoteForm,
  footerNewsletter,
  kits,
  messages,
  purchaseData,
  purchaseFields,
  purchaseTexts,
  quoteData,
  quoteFields,
  quoteTexts,
  uniqueEmail,
} from "./forms-support";

/**
 * Goal: without JavaScript every form still shows up, explains its mistakes (the server validates)
 * and says how else to reach the shop; a complete form is refused, because the anti-spam check
 * needs JavaScript, with the typed values kept, and nothing is stored.
 */

test.use({ javaScriptEnabled: false });
test.describe.configure({ timeout: 60_000 });

/** Clicks a submit button; returns the answer to the form's POST once its page has loaded. */
async function submitAndWait(page: Page, button: Locator): Promise<Response> {
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  const loaded = page.waitForEvent("domcontentloaded");
  await button.click();
  const response = await answer;
  await loaded;
  return response;
}

/** The notice a form shows without JavaScript, with the other ways to reach the shop. */
async function expectNoScriptNotice(scope: Locator) {
  // getByText skips <noscript>, whose content the browser shows when scripting is off.
  const notice = scope.locator("noscript p");
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(messages.noScript);
  await expect(notice.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\//);
  await expect(notice.getByRole("link", { name: "contacto@lifebox.example" })).toHaveAttribute(
    "href",
    "mailto:contacto@lifebox.example",
  );
}

test.describe("forms without JavaScript", () => {
  test("a form posted by the browser itself gets the page with its messages, not a bare error", async ({
    page,
  }) => {
    await page.goto("/contacto");
    const fields = contactFields(page.getByRole("region", { name: "Envíanos un mensaje" }));
    const empty = await submitAndWait(page, fields.submit);
    expect(empty.status()).toBe(400);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectFieldError(fields.name, messages.contact.name);
  });

  test("a post from another site is refused by React Router's origin check and stores nothing", async ({
    request,
  }) => {
    const data = contactData("origen");
    const answer = await request.post("/contacto", {
      headers: { Origin: "https://otro-sitio.example" },
      form: { name: data.name, email: data.email, subject: data.subject, message: data.message, website: "" },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(400);
    expect(countByEmail("contact_messages", data.email)).toBe(0);
  });

  test("Comprar on the catalogue leads to the kit's purchase page", async ({ page }) => {
    const kit = kits.nautical;
    await page.goto("/productos");
    await page.getByRole("link", { name: `Comprar ${kit.name}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/comprar/${kit.id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(purchaseTexts.title(kit.name));
    await expect(purchaseFields(page.getByRole("main")).name).toBeVisible();
  });

  test("Cotizar on the catalogue leads to the kit's quotation page", async ({ page }) => {
    const kit = kits.expedition;
    await page.goto("/productos");
    await page.getByRole("link", { name: `Cotizar para empresa: ${kit.name}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/cotizar/${kit.id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(quoteTexts.title);
  });

  test("/comprar/essential: field messages, then the anti-spam refusal with the values kept", async ({
    page,
  }) => {
    const response = await page.goto("/comprar/essential");
    expect(response?.status()).toBe(200);
    const main = page.getByRole("main");
    await expectNoScriptNotice(main);
    const fields = purchaseFields(main);

    const empty = await submitAndWait(page, fields.submit);
    expect(empty.status()).toBe(400);
    await expect(page).toHaveURL(/\/comprar\/essential$/);
    await expectFieldError(fields.name, messages.order.name);
    await expectFieldError(fields.email, messages.order.email);
    await expectFieldError(fields.phone, messages.order.phone);
    await expectFieldError(fields.region, messages.order.region);
    await expectFieldError(fields.comuna, messages.order.comuna);
    await expectFieldError(fields.address, messages.order.address);
    await expectFieldError(fields.terms, messages.order.terms);

    // A comuna of another región is caught by the server too.
    const data = purchaseData("sin-js-compra", { rut: "12.345.678-5", notes: "Sin JavaScript." });
    await fillPurchaseForm(main, { ...data, region: "05" });
    const mismatched = await submitAndWait(page, fields.submit);
    expect(mismatched.status()).toBe(400);
    await expectFieldError(fields.comuna, messages.order.comuna);

    await fields.region.selectOption(data.region);
    await fields.comuna.selectOption(data.comuna);
    const refused = await submitAndWait(page, fields.submit);
    expect(refused.status()).toBe(403);
    await expect(main.getByRole("alert").filter({ hasText: messages.captchaMissing })).toBeVisible();
    await expect(fields.name).toHaveValue(data.name);
    await expect(fields.email).toHaveValue(data.email);
    await expect(fields.phone).toHaveValue(data.phone);
    await expect(fields.region).toHaveValue(data.region);
    await expect(fields.comuna).toHaveValue(data.comuna);
    await expect(fields.address).toHaveValue(data.address);
    await expect(fields.rut).toHaveValue("12.345.678-5");
    await expect(fields.notes).toHaveValue(data.notes!);
    await expect(fields.terms).toBeChecked();
    expect(countByEmail("orders", data.email)).toBe(0);
  });

  test("/cotizar/essential: field messages, then the anti-spam refusal with the values kept", async ({
    page,
  }) => {
    const response = await page.goto("/cotizar/essential");
    expect(response?.status()).toBe(200);
    const main = page.getByRole("main");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(quoteTexts.title);
    await expect(main).toContainText(kits.essential.name);
    await expectNoScriptNotice(main);
    const fields = quoteFields(main);

    const empty = await submitAndWait(page, fields.submit);
    expect(empty.status()).toBe(400);
    await expectFieldError(fields.fullName, messages.quote.fullName);
    await expectFieldError(fields.email, messages.quote.email);
    await expectFieldError(fields.phone, messages.quote.phone);
    await expectFieldError(fields.company, messages.quote.company);
    await expectFieldError(fields.city, messages.quote.city);
    await expectFieldError(fields.quantity, messages.quote.quantity);

    const data = quoteData("sin-js-cotizacion", { quantity: "1.500" });
    await fillQuoteForm(main, data);
    const refused = await submitAndWait(page, fields.submit);
    expect(refused.status()).toBe(403);
    await expect(main.getByRole("alert").filter({ hasText: messages.captchaMissing })).toBeVisible();
    await expect(fields.fullName).toHaveValue(data.fullName);
    await expect(fields.email).toHaveValue(data.email);
    await expect(fields.phone).toHaveValue(data.phone);
    await expect(fields.company).toHaveValue(data.company);
    await expect(fields.city).toHaveValue(data.city);
    await expect(fields.quantity).toHaveValue("1.500");
    await expect(fields.additionalNotes).toHaveValue(data.additionalNotes!);
    expect(countByEmail("quotes", data.email)).toBe(0);
  });

  test("/contacto: field messages, then the anti-spam refusal with the values kept", async ({ page }) => {
    await page.goto("/contacto");
    const form = page.getByRole("region", { name: "Envíanos un mensaje" });
    await expectNoScriptNotice(form);
    const fields = contactFields(form);

    const empty = await submitAndWait(page, fields.submit);
    expect(empty.status()).toBe(400);
    await expect(page).toHaveURL(/\/contacto$/);
    await expectFieldError(fields.name, messages.contact.name);
    await expectFieldError(fields.email, messages.contact.email);
    await expectFieldError(fields.subject, messages.contact.subject);
    await expectFieldError(fields.message, messages.contact.message);

    const data = contactData("sin-js-contacto");
    await fillContactForm(form, data);
    const refused = await submitAndWait(page, fields.submit);
    expect(refused.status()).toBe(403);
    await expect(form.getByRole("alert").filter({ hasText: messages.captchaMissing })).toBeVisible();
    await expect(form.getByRole("status")).toHaveCount(0);
    await expect(fields.name).toHaveValue(data.name);
    await expect(fields.email).toHaveValue(data.email);
    await expect(fields.subject).toHaveValue(data.subject);
    await expect(fields.message).toHaveValue(data.message);
    expect(countByEmail("contact_messages", data.email)).toBe(0);
  });

  test("the footer's newsletter form: field message, then the anti-spam refusal with the value kept", async ({
    page,
  }) => {
    await page.goto("/como-funciona");
    const footer = footerNewsletter(page);
    await expectNoScriptNotice(footer.form);

    const empty = await submitAndWait(page, footer.submit);
    expect(empty.status()).toBe(400);
    await expect(page).toHaveURL(/\/newsletter$/);
    // The answer page shows the form with the outcome.
    const form = page.getByRole("main").locator("form");
    const email = form.getByLabel("Email", { exact: true });
    await expectFieldError(email, messages.newsletter.email);

    const address = uniqueEmail("sin-js-boletin");
    await email.fill(address);
    const refused = await submitAndWait(page, form.getByRole("button", { name: "Suscribirme" }));
    expect(refused.status()).toBe(403);
    await expect(form.getByRole("alert").filter({ hasText: messages.captchaMissing })).toBeVisible();
    await expect.soft(email).toHaveValue(address);
    expect(countByEmail("subscribers", address)).toBe(0);
    // The answer page holds this form and the footer's: their ids (labels, messages) must not clash.
    await expect.soft(page.locator('[id="boletin-email"]')).toHaveCount(1);
  });
});

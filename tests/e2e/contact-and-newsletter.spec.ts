import { expect, test, type Page } from "@playwright/test";
import {
  contactData,
  contactFields,
  contactMessagesByEmail,
  contactTexts,
  expectFieldError,
  expectFieldValid,
  expectNoViolations,
  fillContactForm,
  footerNewsletter,
  messages,
  newsletterTexts,
  shopEmail,
  submitTimeout,
  subscribersLike,
  uniqueEmail,
  waitForMail,
} from "./forms-support";
import { waitForHydration } from "./support";

/**
 * Goal: a visitor writes to the shop from /contacto, or subscribes to the newsletter from the
 * footer of any page (and can leave it again with the link of its e-mails). Mistakes are explained
 * next to the field; a sent form says so and is cleared; the shop gets the message.
 */

test.describe.configure({ timeout: 60_000 });

/** Where the footer's form posts with JavaScript (the route, or its React Router data URL). */
const newsletterPaths = ["/newsletter", "/newsletter.data"];

/** The contact form on /contacto. */
function contactForm(page: Page) {
  return page.getByRole("region", { name: "Envíanos un mensaje" });
}

/** docs/product.md#spec-8: the contact form's failure message. */
const contactFailure = "Ocurrió un error al enviar el mensaje. Intenta de nuevo.";

test.describe("contact form", () => {
  test("explains every mistake, then sends, clears the form, stores the message and notifies the shop", async ({
    page,
  }) => {
    await page.goto("/contacto");
    await waitForHydration(page);
    const form = contactForm(page);
    const fields = contactFields(form);

    // With the keyboard (a first click on the untouched form is covered by its own test below).
    await fields.submit.press("Enter");
    await expectFieldError(fields.name, messages.contact.name);
    await expectFieldError(fields.email, messages.contact.email);
    await expectFieldError(fields.subject, messages.contact.subject);
    await expectFieldError(fields.message, messages.contact.message);
    // Only spaces count as empty.
    await fields.name.fill("   ");
    await fields.email.fill("valentina@");
    await fields.submit.click();
    await expectFieldError(fields.name, messages.contact.name);
    await expectFieldError(fields.email, messages.contact.email);
    await expect(form.getByRole("status")).toHaveCount(0);

    const data = contactData("contacto");
    await fillContactForm(form, { ...data, name: `  ${data.name}  ` });
    for (const field of [fields.name, fields.email, fields.subject, fields.message]) {
      await expectFieldValid(field);
    }
    await fields.submit.click();
    await expect(form.getByRole("status")).toHaveText(contactTexts.success, { timeout: submitTimeout });
    for (const field of [fields.name, fields.email, fields.subject, fields.message]) {
      await expect(field).toHaveValue("");
    }
    await expect(fields.submit).toBeEnabled();
    // The anti-spam check is ready again for another message, and says so.
    await expect(form.locator("altcha-widget [data-state]")).toHaveAttribute("data-state", "verified", {
      timeout: submitTimeout,
    });
    await expect(form.getByText("Verificado", { exact: true })).toBeVisible();

    const rows = contactMessagesByEmail(data.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: data.name,
      email: data.email,
      subject: data.subject,
      message: data.message,
    });

    const mail = await waitForMail(
      (message) => message.subject === `Nuevo mensaje de contacto: ${data.subject}`,
    );
    expect(mail.to).toContain(shopEmail);
    expect(mail.text).toContain(data.email);
    expect(mail.text).toContain(data.message);
  });

  test("a lost connection is said next to the form, which keeps what was typed", async ({ page }) => {
    await page.goto("/contacto");
    await waitForHydration(page);
    const form = contactForm(page);
    const fields = contactFields(form);
    const data = contactData("sin-conexion");
    await fillContactForm(form, data);
    // The post never gets an answer.
    await page.route(
      (url) => url.pathname === "/contacto.data",
      (route) =>
        route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
    );
    await fields.submit.click();
    await expect(form.getByRole("alert").filter({ hasText: contactFailure })).toBeVisible({
      timeout: submitTimeout,
    });
    await expect(fields.message).toHaveValue(data.message);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contacto");
    expect(contactMessagesByEmail(data.email)).toHaveLength(0);
  });

  test("one click on Enviar mensaje of the untouched form explains every field", async ({ page }) => {
    await page.goto("/contacto");
    await waitForHydration(page);
    const fields = contactFields(contactForm(page));
    await fields.submit.click();
    await expectFieldError(fields.name, messages.contact.name);
    await expectFieldError(fields.email, messages.contact.email);
    await expectFieldError(fields.subject, messages.contact.subject);
    await expectFieldError(fields.message, messages.contact.message);
  });

  test("the privacy notice links to the Política de privacidad, in a new tab", async ({ page }) => {
    await page.goto("/contacto");
    const link = contactForm(page).getByRole("link", { name: "Política de privacidad", exact: true });
    await expect(link).toHaveAttribute("href", "/privacidad");
    await expect(link).toHaveAttribute("target", "_blank");
  });

  test("/contacto after a validation error has no WCAG A/AA violations", async ({ page }) => {
    await page.goto("/contacto");
    await waitForHydration(page);
    const fields = contactFields(contactForm(page));
    await fields.email.fill("no-es-un-correo");
    await fields.submit.click();
    await expectFieldError(fields.email, messages.contact.email);
    await expectFieldError(fields.message, messages.contact.message);
    await expectNoViolations(page, "/contacto with validation errors");
  });
});

test.describe("newsletter in the footer", () => {
  test("shows 'Enviando...' while sending, then thanks the visitor and clears the field", async ({
    page,
  }) => {
    await page.goto("/como-funciona");
    await waitForHydration(page);
    const newsletter = footerNewsletter(page);
    const email = uniqueEmail("boletin");

    // Hold the subscription request until the sending state has been seen.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let posted = false;
    await page.route(
      (url) => newsletterPaths.includes(url.pathname),
      async (route) => {
        if (route.request().method() === "POST") {
          posted = true;
          await released;
        }
        await route.continue();
      },
    );

    await newsletter.email.fill(email);
    await newsletter.submit.click();
    await expect(newsletter.submit).toHaveText(newsletterTexts.submitting);
    await expect(newsletter.submit).toBeDisabled();
    await expect(newsletter.email).toBeDisabled();
    await expect.poll(() => posted, { timeout: submitTimeout }).toBe(true);
    // Still sending while the server has not answered.
    await expect(newsletter.submit).toHaveText(newsletterTexts.submitting);
    await expect(newsletter.email).toBeDisabled();
    release();

    await expect(newsletter.form.getByRole("status")).toHaveText(newsletterTexts.success, {
      timeout: submitTimeout,
    });
    await expect(newsletter.email).toHaveValue("");
    await expect(newsletter.email).toBeEnabled();
    await expect(newsletter.submit).toHaveText(newsletterTexts.submit);
    await expect(page).toHaveURL(/\/como-funciona$/);
    // The anti-spam check is ready again, and says so.
    await expect(newsletter.form.locator("altcha-widget [data-state]")).toHaveAttribute(
      "data-state",
      "verified",
      { timeout: submitTimeout },
    );

    const rows = subscribersLike(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.email).toBe(email);
  });

  test("the same address with other letter case and spaces is stored once, lower-cased", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const newsletter = footerNewsletter(page);
    const email = uniqueEmail("boletin-mayusculas");

    await newsletter.email.fill(`  ${email.toUpperCase()}  `);
    await newsletter.submit.click();
    await expect(newsletter.form.getByRole("status")).toHaveText(newsletterTexts.success, {
      timeout: submitTimeout,
    });
    await expect(newsletter.email).toHaveValue("");
    const first = subscribersLike(email);
    expect(first).toHaveLength(1);
    expect(first[0]!.email).toBe(email);

    // Again, written differently: the same quiet success, and still one row with the first token.
    const mixed = email.replace(/^./, (letter) => letter.toUpperCase()).replace("@correo", "@CORREO");
    await newsletter.email.fill(` ${mixed} `);
    const answered = page.waitForResponse(
      (response) =>
        newsletterPaths.includes(new URL(response.url()).pathname) && response.request().method() === "POST",
      { timeout: submitTimeout },
    );
    await newsletter.submit.click();
    expect((await answered).status()).toBe(200);
    await expect(newsletter.form.getByRole("status")).toHaveText(newsletterTexts.success);
    await expect(newsletter.email).toHaveValue("");
    const again = subscribersLike(email);
    expect(again).toHaveLength(1);
    expect(again[0]).toEqual(first[0]);
  });

  test("an invalid address is explained next to the field and nothing is stored", async ({ page }) => {
    await page.goto("/faq");
    await waitForHydration(page);
    const newsletter = footerNewsletter(page);
    const email = uniqueEmail("boletin-invalido").replace("@", "@@");

    await newsletter.email.fill(email);
    await newsletter.submit.click();
    await expectFieldError(newsletter.email, messages.newsletter.email);
    await expect(newsletter.form.getByRole("status")).toHaveCount(0);
    // The typed value stays, to be corrected, and the field is enabled again.
    await expect(newsletter.email).toHaveValue(email);
    await expect(newsletter.email).toBeEnabled();
    expect(subscribersLike(email)).toHaveLength(0);

    await newsletter.email.fill("");
    await newsletter.submit.click();
    await expectFieldError(newsletter.email, messages.newsletter.email);
    await expect(newsletter.email).toBeEnabled();
  });

  test("the unsubscribe link of a subscription removes it", async ({ page }) => {
    await page.goto("/proposito");
    await waitForHydration(page);
    const newsletter = footerNewsletter(page);
    const email = uniqueEmail("boletin-baja");
    await newsletter.email.fill(email);
    await newsletter.submit.click();
    await expect(newsletter.form.getByRole("status")).toHaveText(newsletterTexts.success, {
      timeout: submitTimeout,
    });
    const [subscriber] = subscribersLike(email);
    expect(subscriber).toBeDefined();

    const response = await page.goto(
      `/newsletter/baja?token=${encodeURIComponent(subscriber!.unsubscribe_token)}`,
    );
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Baja del boletín");
    await expect(page.getByRole("main").getByRole("status")).toHaveText(newsletterTexts.unsubscribed);
    expect(subscribersLike(email)).toHaveLength(0);

    // The link has been used: opening it again says so, and nothing else changes.
    await page.reload();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(
      "Este enlace de baja no es válido o ya se usó. Si sigues recibiendo el boletín, escríbenos y te damos de baja.",
    );
  });
});

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { dataDir } from "../../playwright.config";
import { createAdmin, seedOrder, signInAsAdmin, waitForAdminHydration } from "./admin-support";
import {
  expectFieldError,
  expectNoViolations,
  messages,
  uniqueEmail,
  withShopDatabase,
} from "./forms-support";
import { waitForHydration } from "./support";

/**
 * Goal (issue 13, docs/product.md#d16): a customer who ordered shares a photo of their kit and watches it
 * upload; once staff approve it in the back office it shows in the public
 * gallery and on its kit's page; visitors like it once each, with or without JavaScript; the pages
 * are accessible and fit a phone.
 */

test.describe.configure({ timeout: 60_000 });

const adminEmail = uniqueEmail("admin-galeria-publica");
test.beforeAll(() => createAdmin(adminEmail, "Matías Moderación"));

const texts = {
  uploadTitle: "Comparte tu LifeBox",
  galleryTitle: "Galería de clientes",
  success:
    "¡Gracias! Tu foto quedó pendiente de revisión. La publicaremos en la galería de clientes apenas la aprobemos.",
  orderNotFound:
    "No encontramos un pedido con ese número y ese email. Revisa ambos datos tal como aparecen en el correo de confirmación de tu compra.",
  submit: "Enviar foto",
  photoMissing: "Elige una foto.",
  orderNumberMissing: "Ingresa el número de tu pedido.",
} as const;

const kit = { id: "industry-mini", name: "LifeBox Industry Mini" } as const;

/** A like the server did not count, as the visitor reads it (app/content/gallery.ts). */
const likeNeedsCookie =
  "No pudimos registrar que te gusta esta foto. Intenta nuevamente; si vuelve a fallar, revisa que tu navegador acepte las cookies de este sitio.";

/** A photo as a phone takes it: a JPEG with some detail, `kilobytes` large or so. */
async function phonePhoto(width: number, height: number): Promise<Buffer> {
  const pixels = crypto.randomBytes(width * height * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .blur(0.6)
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A published photo written straight into the server's storage and database, with its order. */
async function seedApprovedPhoto({ firstName, comment }: { firstName: string; comment: string }) {
  const order = seedOrder({ customerName: `${firstName} Prueba` });
  const id = crypto.randomUUID();
  const folder = path.join(dataDir, "uploads", "galeria");
  fs.mkdirSync(folder, { recursive: true });
  const image = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: "#9a3412" } })
      .webp()
      .toBuffer();
  fs.writeFileSync(path.join(folder, `${id}-display.webp`), await image(1600, 1200));
  fs.writeFileSync(path.join(folder, `${id}-thumb.webp`), await image(480, 360));
  withShopDatabase((db) =>
    db
      .prepare(
        `insert into gallery_photos (id, order_id, order_number, author_name, kit_id, kit_name, comment, status,
          display_key, display_width, display_height, thumb_key, thumb_width, thumb_height, like_count, created_at)
         values (?, ?, ?, ?, ?, ?, ?, 'approved', ?, 1600, 1200, ?, 480, 360, 0, ?)`,
      )
      .run(
        id,
        order.id,
        order.number,
        firstName,
        kit.id,
        kit.name,
        comment,
        `galeria/${id}-display.webp`,
        `galeria/${id}-thumb.webp`,
        new Date().toISOString(),
      ),
  );
  return { id, firstName };
}

function likeCountOf(photoId: string): number {
  return withShopDatabase(
    (db) =>
      (
        db.prepare("select like_count from gallery_photos where id = ?").get(photoId) as {
          like_count: number;
        }
      ).like_count,
    { readonly: true },
  );
}

function uploadFields(page: Page) {
  return {
    orderNumber: page.getByLabel("Número de pedido", { exact: true }),
    email: page.getByLabel("Email del pedido", { exact: true }),
    kit: page.getByLabel("Kit de la foto", { exact: true }),
    comment: page.getByLabel("Comentario", { exact: true }),
    photo: page.getByLabel("Foto", { exact: true }),
    submit: page.getByRole("button", { name: /^(Enviar foto|Enviando\.\.\.)$/ }),
  };
}

interface UploadData {
  orderNumber: string;
  email: string;
  comment: string;
  photo: Buffer;
}

/**
 * Fills the upload form as a customer does, the kit chosen by its name. The form's code takes the
 * form over first (its captcha widget appears): Playwright resolves a field before it acts on it,
 * and a field replaced in between would take the value instead of the form (the hand-over itself
 * has its own tests below).
 */
async function fillUploadForm(page: Page, data: UploadData, { javaScript = true } = {}) {
  const fields = uploadFields(page);
  if (javaScript) {
    await fields.orderNumber.focus();
    await expect(page.locator("altcha-widget")).toHaveCount(1);
  }
  await fields.orderNumber.fill(data.orderNumber);
  await fields.email.fill(data.email);
  await fields.kit.selectOption({ label: kit.name });
  await fields.comment.fill(data.comment);
  await fields.photo.setInputFiles({ name: "IMG_0457.jpg", mimeType: "image/jpeg", buffer: data.photo });
  return fields;
}

/**
 * The upload page for a delivered order of `customerName`, with the forms' code (Conform's engine)
 * held back until `releaseFormCode`, which resolves once the code has arrived.
 */
async function openUploadWithFormCodeHeld(page: Page, customerName: string) {
  const order = seedOrder({
    through: ["pendiente_pago", "pagado", "en_preparacion", "enviado", "entregado"],
    customerName,
  });
  const engineCode = "**/assets/public-form-engine-*.js";
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(engineCode, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/galeria/compartir");
  await waitForHydration(page);
  const releaseFormCode = async () => {
    const arrived = page.waitForResponse(engineCode);
    release();
    await arrived;
  };
  return { order, fields: uploadFields(page), releaseFormCode };
}

/** Chooses the kit, writes `comment`, sends, and finds the photo stored pending. */
async function sendAndExpectStored(page: Page, fields: ReturnType<typeof uploadFields>, comment: string) {
  await fields.kit.selectOption({ label: kit.name });
  await fields.comment.fill(comment);
  await fields.submit.click();
  await expect(page.getByText(texts.success)).toBeVisible({ timeout: 30_000 });
  const stored = withShopDatabase(
    (db) => db.prepare("select status from gallery_photos where comment = ?").get(comment),
    { readonly: true },
  );
  expect(stored).toEqual({ status: "pending" });
}

/** The page does not scroll sideways. */
async function expectNoHorizontalOverflow(page: Page, label: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `horizontal overflow on ${label}`).toBeLessThanOrEqual(0);
}

function cardOf(page: Page, photoId: string): Locator {
  return page.locator(`li#foto-${photoId}`);
}

test.describe("customer gallery", () => {
  test("a customer who ordered uploads a photo with progress; once staff approve it, the gallery and the kit page show it", async ({
    page,
    browser,
  }) => {
    const order = seedOrder({
      through: ["pendiente_pago", "pagado", "en_preparacion", "enviado", "entregado"],
      customerName: "Marisol Fuentes Araya",
    });
    const comment = `Siempre en la bodega de la faena ${crypto.randomUUID().slice(0, 6)}.`;
    await page.goto("/galeria");
    await page.getByRole("main").getByRole("link", { name: "Comparte tu LifeBox" }).first().click();
    await expect(page).toHaveURL(/\/galeria\/compartir$/);
    await expect(page.locator("h1")).toHaveText(texts.uploadTitle);
    await waitForHydration(page);

    const fields = await fillUploadForm(page, {
      // The number as the customer types it: lower case, a space for the dash.
      orderNumber: order.number.toLowerCase().replace("-", " "),
      email: order.email.toUpperCase(),
      comment,
      photo: await phonePhoto(1400, 1050),
    });

    // A slow connection, so the upload takes a few seconds and its progress shows.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 300 * 1024,
    });
    await fields.submit.click();
    const progress = page.getByRole("progressbar");
    await expect(progress).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/^Subiendo tu foto: \d+ %$/)).toBeVisible();
    await expect(progress).toHaveAccessibleName(/^Subiendo tu foto: \d+ %$/);
    await expect(fields.submit).toHaveText("Enviando...");
    await expect(fields.submit).toBeDisabled();
    await expect
      .poll(async () => Number(await progress.getAttribute("value")), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await expect(page.getByText(texts.success)).toBeVisible({ timeout: 30_000 });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(page).toHaveURL(/\/galeria\/compartir\?enviada=1$/);

    // Stored pending, tied to the order; then approved as staff will.
    const row = withShopDatabase(
      (db) =>
        db
          .prepare("select id, status, author_name, kit_id from gallery_photos where comment = ?")
          .get(comment) as {
          id: string;
          status: string;
          author_name: string;
          kit_id: string;
        },
      { readonly: true },
    );
    expect(row).toMatchObject({ status: "pending", author_name: "Marisol", kit_id: kit.id });
    await page.goto("/galeria");
    await expect(page.getByText(comment)).toHaveCount(0);

    // Staff approve it in the back office (another browser: the admin's own session).
    const staff = await browser.newContext();
    const admin = await staff.newPage();
    await signInAsAdmin(admin, adminEmail);
    await admin.goto(`/admin/gallery?estado=pendiente&q=${encodeURIComponent(comment)}`);
    await waitForAdminHydration(admin);
    const pendingRow = admin.getByRole("main").getByRole("row").filter({ hasText: comment });
    await pendingRow.getByRole("button", { name: /^Aprobar/ }).click();
    await expect(
      admin.getByRole("main").getByRole("status").filter({
        hasText: "La foto ha sido publicada en la galería de clientes.",
      }),
    ).toBeVisible();
    await staff.close();

    await page.goto("/galeria");
    const card = cardOf(page, row.id);
    await expect(card.getByText(comment)).toBeVisible();
    const image = card.getByRole("img", { name: `Foto de Marisol con su ${kit.name}` });
    await expect(image).toBeVisible();
    // Visible as soon as its box is laid out (it has a width and height); loaded a moment later
    // (lazily: in view).
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth), {
        message: "the thumbnail loads at its stored width",
      })
      .toBe(480);
    await expect(card.getByRole("link", { name: kit.name, exact: true })).toHaveAttribute(
      "href",
      `/productos/kit-${kit.id}`,
    );

    await page.goto(`/productos/kit-${kit.id}`);
    const section = page.getByRole("region", { name: `Clientes con su ${kit.name}` });
    await expect(section.getByText(comment)).toBeVisible();
    await expect(section.getByRole("link", { name: "Ver todas las fotos en la galería" })).toHaveAttribute(
      "href",
      "/galeria",
    );
  });

  test("a photo chosen while the form's code is still on its way is the photo sent", async ({ page }) => {
    // The form's code is held back until the file picker is open, as on a slow phone whose first
    // tap on the form is "Foto".
    const { order, fields, releaseFormCode } = await openUploadWithFormCodeHeld(page, "Rodrigo Lagos Vera");
    const chooser = page.waitForEvent("filechooser");
    await fields.photo.click();
    const picker = await chooser;
    await releaseFormCode();
    // The code has run (its module's other imports too) while the picker is still open.
    await page.waitForTimeout(500);
    await picker.setFiles({
      name: "IMG_0912.jpg",
      mimeType: "image/jpeg",
      buffer: await phonePhoto(800, 600),
    });

    await fields.orderNumber.fill(order.number);
    await fields.email.fill(order.email);
    await sendAndExpectStored(page, fields, `Elegida antes de tiempo ${crypto.randomUUID().slice(0, 6)}.`);
  });

  test("a photo chosen before the form's code arrives stays chosen when the code takes the form over", async ({
    page,
  }) => {
    const { order, fields, releaseFormCode } = await openUploadWithFormCodeHeld(page, "Daniela Soto Pérez");
    await fields.photo.setInputFiles({
      name: "IMG_0913.jpg",
      mimeType: "image/jpeg",
      buffer: await phonePhoto(800, 600),
    });
    await fields.orderNumber.fill(order.number);
    await releaseFormCode();
    // Conform's form has taken over (its captcha starts at once) with the photo still chosen.
    await expect(page.locator("altcha-widget")).toHaveCount(1);
    await expect(fields.photo).toHaveJSProperty("files.length", 1);
    await fields.email.fill(order.email);
    await sendAndExpectStored(page, fields, `Elegida y luego escrita ${crypto.randomUUID().slice(0, 6)}.`);
  });

  test("an e-mail that is not the order's gets the one message that never says which part was wrong", async ({
    page,
  }) => {
    const order = seedOrder();
    await page.goto("/galeria/compartir");
    await waitForHydration(page);
    const fields = await fillUploadForm(page, {
      orderNumber: order.number,
      email: "otra.persona@correo.example",
      comment: "Mi kit en la oficina.",
      photo: await phonePhoto(400, 300),
    });
    await fields.submit.click();
    await expect(page.getByRole("alert").filter({ hasText: texts.orderNotFound })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page).toHaveURL(/\/galeria\/compartir$/);
    // What was typed stays.
    await expect(fields.comment).toHaveValue("Mi kit en la oficina.");
  });

  test("a visitor likes a photo once: the count goes up, stays after a reload, a second like does not count", async ({
    page,
    browser,
  }) => {
    const photo = await seedApprovedPhoto({ firstName: "Ignacio", comment: "Listo para el invierno." });
    await page.goto("/galeria");
    await waitForHydration(page);
    const card = cardOf(page, photo.id);
    await expect(card.getByText("0 me gusta")).toBeVisible();
    // The page gave the visitor the gallery's cookie, so the first like counts.
    const liking = page.waitForResponse((response) => response.request().method() === "POST");
    await card.getByRole("button", { name: "Me gusta la foto de Ignacio" }).click();
    expect((await liking).status()).toBe(200);
    const liked = card.getByRole("button", { name: "Te gusta la foto de Ignacio" });
    await expect(liked).toHaveAttribute("aria-disabled", "true");
    await expect(card.getByText("1 me gusta")).toBeVisible();
    await expect.poll(() => likeCountOf(photo.id)).toBe(1);
    // The page stayed where it was (a fetcher, not a navigation).
    await expect(page).toHaveURL(/\/galeria$/);

    await page.reload();
    await waitForHydration(page);
    await expect(liked).toHaveAttribute("aria-disabled", "true");
    await expect(card.getByText("1 me gusta")).toBeVisible();
    // A liked button sends nothing more (it only says so).
    await liked.click({ force: true });
    // Posted again anyway (as a page without JavaScript could): the server counts it once.
    const again = await page.request.post("/galeria", {
      form: { intent: "like", photoId: photo.id },
      headers: { origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(303);
    await page.reload();
    await expect(card.getByText("1 me gusta")).toBeVisible();
    expect(likeCountOf(photo.id)).toBe(1);

    // Another visitor counts; a post from another site's page does not.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto("/galeria");
    await waitForHydration(otherPage);
    await cardOf(otherPage, photo.id).getByRole("button", { name: "Me gusta la foto de Ignacio" }).click();
    await expect(cardOf(otherPage, photo.id).getByText("2 me gusta")).toBeVisible();
    const forged = await other.request.post("/galeria", {
      form: { intent: "like", photoId: photo.id },
      headers: { origin: "https://otro-sitio.example" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(400);
    await other.close();
    expect(likeCountOf(photo.id)).toBe(2);
  });

  test("a like without the page's cookie is not counted: the button says why, and the next try counts", async ({
    page,
    context,
  }) => {
    const photo = await seedApprovedPhoto({ firstName: "Rocío", comment: "En la mochila de emergencia." });
    await page.goto("/galeria");
    await waitForHydration(page);
    // The browser dropped the cookie the page gave (cleared, or blocked for this site).
    await context.clearCookies();
    const card = cardOf(page, photo.id);
    const likeButton = card.getByRole("button", { name: "Me gusta la foto de Rocío" });
    const refused = page.waitForResponse((response) => response.request().method() === "POST");
    await likeButton.click();
    expect((await refused).status()).toBe(403);
    await expect(card.getByRole("alert")).toHaveText(likeNeedsCookie);
    await expect(card.getByText("0 me gusta")).toBeVisible();
    expect(likeCountOf(photo.id)).toBe(0);
    // The refusal gave a new cookie: trying again counts.
    await likeButton.click();
    await expect(card.getByRole("button", { name: "Te gusta la foto de Rocío" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await expect(card.getByText("1 me gusta")).toBeVisible();
    await expect(card.getByRole("alert")).toHaveCount(0);
    await expect.poll(() => likeCountOf(photo.id)).toBe(1);
  });

  test("a gallery page that does not exist is the Spanish 404", async ({ page }) => {
    const missing = await page.goto("/galeria?pagina=999");
    expect(missing?.status()).toBe(404);
    await expect(page.locator("h1")).toHaveText("¡Ups! Página no encontrada");
  });
});

test.describe("customer gallery without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a like is a form post that comes back to the photo, counted once", async ({ page }) => {
    const photo = await seedApprovedPhoto({ firstName: "Valeria", comment: "En el auto, siempre." });
    await page.goto("/galeria");
    const card = cardOf(page, photo.id);
    await card.getByRole("button", { name: "Me gusta la foto de Valeria" }).click();
    await expect(page).toHaveURL(new RegExp(`/galeria#foto-${photo.id}$`));
    await expect(card.getByRole("button", { name: "Te gusta la foto de Valeria" })).toBeVisible();
    await expect(card.getByText("1 me gusta")).toBeVisible();
    // A liked button still posts without JavaScript: nothing more is counted.
    const repost = page.waitForResponse((response) => response.request().method() === "POST");
    await card.getByRole("button", { name: "Te gusta la foto de Valeria" }).click({ force: true });
    expect((await repost).status()).toBe(303);
    await expect(card.getByText("1 me gusta")).toBeVisible();
    expect(likeCountOf(photo.id)).toBe(1);
  });

  test("a like without the page's cookie is not counted: the gallery says why, and the next try counts", async ({
    page,
    context,
  }) => {
    const photo = await seedApprovedPhoto({ firstName: "Tomás", comment: "En la camioneta." });
    await page.goto("/galeria");
    await context.clearCookies();
    await cardOf(page, photo.id).getByRole("button", { name: "Me gusta la foto de Tomás" }).click();
    await expect(page.getByRole("alert").filter({ hasText: likeNeedsCookie })).toBeVisible();
    await expect(cardOf(page, photo.id).getByText("0 me gusta")).toBeVisible();
    expect(likeCountOf(photo.id)).toBe(0);
    await cardOf(page, photo.id).getByRole("button", { name: "Me gusta la foto de Tomás" }).click();
    await expect(page).toHaveURL(new RegExp(`/galeria#foto-${photo.id}$`));
    await expect(cardOf(page, photo.id).getByText("1 me gusta")).toBeVisible();
    expect(likeCountOf(photo.id)).toBe(1);
  });

  test("the upload form says the anti-spam check needs JavaScript, and a post keeps what was typed", async ({
    page,
  }) => {
    const order = seedOrder();
    await page.goto("/galeria/compartir");
    const notice = page.getByRole("main").locator("noscript p");
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(messages.noScript);
    const fields = await fillUploadForm(
      page,
      {
        orderNumber: order.number,
        email: order.email,
        comment: "Sin JavaScript.",
        photo: await phonePhoto(300, 200),
      },
      { javaScript: false },
    );
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await fields.submit.click();
    expect((await answer).status()).toBe(403);
    await expect(page.getByText(messages.captchaMissing)).toBeVisible();
    await expect(fields.comment).toHaveValue("Sin JavaScript.");
    await expect(fields.orderNumber).toHaveValue(order.number);
    const stored = withShopDatabase(
      (db) =>
        db.prepare("select count(*) as n from gallery_photos where comment = ?").get("Sin JavaScript.") as {
          n: number;
        },
      { readonly: true },
    );
    expect(stored.n).toBe(0);
  });
});

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test("the gallery and the upload form (also with its messages) are accessible and fit the screen", async ({
      page,
    }) => {
      await seedApprovedPhoto({ firstName: "Josefa", comment: "Con mi kit en la cordillera." });
      await page.goto("/galeria");
      await waitForHydration(page);
      await expectNoViolations(page, `/galeria at ${width} px`);
      await expectNoHorizontalOverflow(page, `/galeria at ${width} px`);

      await page.goto("/galeria/compartir");
      await waitForHydration(page);
      await expectNoViolations(page, `/galeria/compartir at ${width} px`);
      await expectNoHorizontalOverflow(page, `/galeria/compartir at ${width} px`);
      // Sent empty: the shared schema's messages, next to each field; the first one gets the focus.
      const fields = uploadFields(page);
      await fields.submit.click();
      await expectFieldError(fields.orderNumber, texts.orderNumberMissing);
      await expectFieldError(fields.photo, texts.photoMissing);
      await expect(fields.orderNumber).toBeFocused();
      await expectNoViolations(page, `/galeria/compartir with messages at ${width} px`);
      await expectNoHorizontalOverflow(page, `/galeria/compartir with messages at ${width} px`);
    });
  });
}

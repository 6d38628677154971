import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  createAdmin,
  expectAdminPageAccessible,
  seedGalleryPhoto,
  signInAsAdmin,
  storedGalleryPhoto,
  waitForAdminHydration,
} from "./admin-support";
import { queryRows, uniqueEmail, withShopDatabase } from "./forms-support";

/**
 * Goal: staff moderate the customer gallery (issue 13 "Admin"; docs/product.md#spec-2 "Galería de clientes",
 * §4, §8; D16): the cards and tabs, approving, rejecting with a reason by keyboard, withdrawing, the
 * full image, sorting by Likes, a decision someone else made meanwhile, and all of it without
 * JavaScript too.
 */

test.describe.configure({ timeout: 90_000 });

const adminEmail = uniqueEmail("admin-galeria");

test.beforeAll(() => createAdmin(adminEmail, "Gabriela Galería"));

const texts = {
  approved: ["Foto aprobada", "La foto ha sido publicada en la galería de clientes."],
  rejected: ["Foto rechazada", "La foto ha sido rechazada y no será publicada."],
  withdrawn: ["Foto retirada", "La foto ya no se muestra en la galería de clientes."],
  explanation:
    "Especifica el motivo del rechazo. Esta información será almacenada internamente. La imagen se eliminará y no se podrá recuperar.",
  imageDeleted: "Imagen eliminada",
  empty: "No hay fotos para mostrar en esta categoría",
} as const;

/** A first name no other test uses, so that a search finds only this test's photos. */
function uniqueName(prefix: string): string {
  return `${prefix}${Math.random().toString(36).slice(2, 8).replace(/\d/g, "x")}`;
}

/** The photo's row in the table (desktop) by its customer's name. */
function row(page: Page, name: string): Locator {
  return page.getByRole("main").getByRole("row").filter({ hasText: name });
}

/** What a moderation says, once: in the page, not in a toast as well (docs/decisions/072). */
async function expectSaidOnce(page: Page, [, description]: readonly [string, string]) {
  await expect(page.getByRole("main").getByRole("status").filter({ hasText: description })).toBeVisible();
  await expect(page.getByText(description)).toHaveCount(1);
}

/** The gallery's card `label`'s figure. */
function card(page: Page, label: string): Locator {
  return page
    .getByRole("region", { name: "Resumen de la galería" })
    .locator("div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
    .locator("dd");
}

/** The list's empty text (in the table, or on a phone in place of the cards). */
function emptyText(page: Page): Locator {
  return page.getByRole("main").getByText(texts.empty).filter({ visible: true });
}

function tab(page: Page, label: string): Locator {
  return page.getByRole("navigation", { name: "Fotos por estado" }).getByRole("link", {
    name: new RegExp(`^${label}`),
  });
}

/** What the database holds now: every photo, each status, every like. */
function counts() {
  const [row] = queryRows<{
    total: number;
    pending: number;
    approved: number;
    rejected: number;
    likes: number;
  }>(
    `select count(*) as total, sum(status = 'pending') as pending, sum(status = 'approved') as approved,
       sum(status = 'rejected') as rejected, coalesce(sum(like_count), 0) as likes from gallery_photos`,
  );
  return row!;
}

const numbers = new Intl.NumberFormat("es-CL");

test("an admin reads the cards and tabs, approves a pending photo, sorts by Likes and opens the full image", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const name = uniqueName("Rosa");
  const pending = seedGalleryPhoto({ authorName: name, comment: "En la bodega de la empresa." });
  const popular = seedGalleryPhoto({ authorName: name, status: "approved", likes: 100_000 });
  const quiet = seedGalleryPhoto({ authorName: name, status: "approved", likes: 99_999 });

  await signInAsAdmin(page, adminEmail);
  // The dashboard counts the photos waiting, and leads to them.
  await expect(page.getByTestId("gallery-pending")).not.toHaveText("0");
  await page.getByRole("link", { name: "Revisar las fotos pendientes" }).click();
  await expect(page).toHaveURL(/\/admin\/gallery\?estado=pendiente$/);
  await expect(page.getByRole("heading", { level: 1, name: "Galería de clientes" })).toBeVisible();
  await expect(tab(page, "Pendientes")).toHaveAttribute("aria-current", "page");

  // The four cards and the four tabs say what the database holds (other journeys may add photos
  // meanwhile: read both again until they agree).
  await expect(async () => {
    await page.reload();
    const now = counts();
    await expect(card(page, "Total de fotos")).toHaveText(numbers.format(now.total), { timeout: 1000 });
    await expect(card(page, "Pendientes")).toHaveText(numbers.format(now.pending), { timeout: 1000 });
    await expect(card(page, "Aprobadas")).toHaveText(numbers.format(now.approved), { timeout: 1000 });
    await expect(card(page, "Total de me gusta")).toHaveText(numbers.format(now.likes), { timeout: 1000 });
    for (const [label, count] of [
      ["Todas", now.total],
      ["Pendientes", now.pending],
      ["Aprobadas", now.approved],
      ["Rechazadas", now.rejected],
    ] as const) {
      await expect(tab(page, label)).toHaveText(`${label}${numbers.format(count)}`, { timeout: 1000 });
    }
  }).toPass({ timeout: 30_000 });

  await page.goto(`/admin/gallery?estado=pendiente&q=${name}`);
  await waitForAdminHydration(page);
  const pendingRow = row(page, "En la bodega de la empresa.");
  await expect(pendingRow.getByText("Pendiente", { exact: true })).toBeVisible();
  await expect(pendingRow.getByText("LifeBox Industry Mini")).toBeVisible();
  await pendingRow.getByRole("button", { name: /^Aprobar/ }).click();
  await expectSaidOnce(page, texts.approved);
  await expect(emptyText(page)).toBeVisible();
  expect(storedGalleryPhoto(pending.id)?.status).toBe("approved");
  await tab(page, "Aprobadas").click();
  await expect(page).toHaveURL(new RegExp(`estado=aprobada`));
  await expect(row(page, "En la bodega de la empresa.").getByText("Aprobada", { exact: true })).toBeVisible();

  // Likes, from its header: highest first, then the other way.
  await page.goto("/admin/gallery");
  await waitForAdminHydration(page);
  const likesHeader = page.getByRole("columnheader", { name: /^Me gusta/ });
  await likesHeader.getByRole("link").click();
  await expect(page).toHaveURL(/sort=likes&dir=desc/);
  await expect(likesHeader).toHaveAttribute("aria-sort", "descending");
  const rows = page.getByRole("main").getByRole("table").getByRole("row");
  await expect(rows.nth(1)).toContainText("100.000");
  await expect(rows.nth(2)).toContainText("99.999");
  await expect(page.getByLabel("Ordenar por")).toHaveValue("likes:desc");
  await likesHeader.getByRole("link").click();
  await expect(page).toHaveURL(/sort=likes&dir=asc/);
  await expect(likesHeader).toHaveAttribute("aria-sort", "ascending");
  // And back with the selector.
  await page.getByLabel("Ordenar por").selectOption({ label: "Me gusta: de mayor a menor" });
  await expect(page).toHaveURL(/sort=likes(%3A|:)desc/);
  await expect(rows.nth(1)).toContainText("100.000");

  // Hovering the thumbnail shows the button that opens the full image in a new tab.
  const thumbnail = rows
    .nth(1)
    .getByRole("link", { name: `Ver la foto de ${name} en tamaño completo (se abre en una pestaña nueva)` });
  const overlay = thumbnail.locator("span").first();
  await expect(overlay).toHaveCSS("opacity", "0");
  await thumbnail.hover();
  await expect(overlay).toHaveCSS("opacity", "1");
  const [image] = await Promise.all([context.waitForEvent("page"), thumbnail.click()]);
  await image.waitForLoadState();
  expect(image.url()).toContain(`/uploads/${popular.displayKey}`);
  const served = await page.request.get(`/uploads/${popular.displayKey}`);
  expect(served.headers()["content-type"]).toBe("image/png");
  // An hour's cache, not a year: a photo withdrawn later must stop being shown (decision 052).
  expect(served.headers()["cache-control"]).toBe("public, max-age=3600");
  await image.close();
  expect(storedGalleryPhoto(quiet.id)?.status).toBe("approved");
});

test("an admin rejects a photo with a reason through the dialog, by keyboard only", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const name = uniqueName("Tere");
  const photo = seedGalleryPhoto({ authorName: name, comment: "Mi kit en la mochila." });
  await signInAsAdmin(page, adminEmail);
  await page.goto(`/admin/gallery?estado=pendiente&q=${name}`);
  await waitForAdminHydration(page);

  const reject = row(page, name).getByRole("link", { name: /^Rechazar/ });
  await reject.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Rechazar foto" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(texts.explanation);
  const reason = dialog.getByRole("textbox", { name: "Motivo del rechazo" });
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAttribute("placeholder", "Indique el motivo del rechazo...");
  await expect(reason).toHaveAttribute("rows", "4");
  await expect(dialog.getByRole("button", { name: "Cancelar" })).toBeVisible();

  // Escape closes it, and the focus is back on Rechazar.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(reject).toBeFocused();
  expect(storedGalleryPhoto(photo.id)?.status).toBe("pending");

  await page.keyboard.press("Enter");
  await expect(reason).toBeFocused();
  await page.keyboard.type("Se ve la patente de un auto.");
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Cancelar" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Confirmar rechazo" })).toBeFocused();
  await page.keyboard.press("Enter");

  await expectSaidOnce(page, texts.rejected);
  await expect(dialog).toBeHidden();
  // The row left the Pendientes tab; the focus is on what happened.
  await expect(emptyText(page)).toBeVisible();
  await expect(page.locator(":focus")).toContainText(texts.rejected[1]);
  // The reason is stored apart from the customer's comment.
  expect(storedGalleryPhoto(photo.id)).toMatchObject({
    status: "rejected",
    comment: "Mi kit en la mochila.",
    rejection_reason: "Se ve la patente de un auto.",
  });
  expect(storedGalleryPhoto(photo.id)?.moderated_by).toBeTruthy();
});

test("an admin withdraws an approved photo from the gallery, with a reason; its image is deleted", async ({
  page,
}) => {
  const name = uniqueName("Ulises");
  const photo = seedGalleryPhoto({ authorName: name, status: "approved", likes: 3 });
  expect((await page.request.get(`/uploads/${photo.displayKey}`)).status()).toBe(200);
  await signInAsAdmin(page, adminEmail);
  await page.goto(`/admin/gallery?estado=aprobada&q=${name}`);
  await waitForAdminHydration(page);
  await expect(row(page, name).getByRole("button", { name: /^Aprobar/ })).toHaveCount(0);
  await row(page, name)
    .getByRole("link", { name: /^Retirar/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Retirar foto" });
  await expect(dialog).toHaveAccessibleDescription(/su imagen se eliminará y no se podrá recuperar/);
  await dialog.getByRole("textbox", { name: "Motivo del retiro" }).fill("El cliente pidió quitarla.");
  await dialog.getByRole("button", { name: "Confirmar retiro" }).click();
  await expectSaidOnce(page, texts.withdrawn);
  await expect(emptyText(page)).toBeVisible();
  expect(storedGalleryPhoto(photo.id)).toMatchObject({
    status: "rejected",
    rejection_reason: "El cliente pidió quitarla.",
    like_count: 3,
  });
  // Its files are gone: their addresses answer 404 at once.
  for (const key of [photo.displayKey, photo.thumbKey]) {
    expect((await page.request.get(`/uploads/${key}`)).status(), key).toBe(404);
  }
  await tab(page, "Rechazadas").click();
  await expect(row(page, name).getByText("Rechazada", { exact: true })).toBeVisible();
  await expect(row(page, name).getByRole("link", { name: /^(Rechazar|Retirar)/ })).toHaveCount(0);
  // In place of the thumbnail, a text; no image that would not load.
  await expect(row(page, name).getByText(texts.imageDeleted, { exact: true })).toBeVisible();
  await expect(row(page, name).locator("img")).toHaveCount(0);
  // The photo's page says so too.
  await row(page, name)
    .getByRole("link", { name: photo.id.slice(0, 8) })
    .click();
  await expect(page.getByText("Imagen eliminada al rechazar la foto.")).toBeVisible();
  await expect(page.getByRole("main").locator("img")).toHaveCount(0);
});

test("approving a photo someone else just rejected says so, and changes nothing", async ({ page }) => {
  const name = uniqueName("Vicente");
  const photo = seedGalleryPhoto({ authorName: name });
  await signInAsAdmin(page, adminEmail);
  await page.goto(`/admin/gallery?q=${name}`);
  await waitForAdminHydration(page);
  await expect(row(page, name).getByText("Pendiente", { exact: true })).toBeVisible();
  // Another admin rejects it meanwhile.
  withShopDatabase((db) =>
    db
      .prepare("update gallery_photos set status = 'rejected', rejection_reason = 'Duplicada.' where id = ?")
      .run(photo.id),
  );
  await row(page, name)
    .getByRole("button", { name: /^Aprobar/ })
    .click();
  const conflict =
    "No se pudo aprobar la foto: mientras la revisabas, otra persona la dejó «Rechazada». No se cambió nada; revisa su estado actual.";
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Error" }).filter({ hasText: conflict }),
  ).toBeVisible();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(conflict);
  // The list shows the photo as it is now.
  await expect(row(page, name).getByText("Rechazada", { exact: true })).toBeVisible();
  expect(storedGalleryPhoto(photo.id)).toMatchObject({ status: "rejected", rejection_reason: "Duplicada." });
});

for (const width of [1280, 390]) {
  test(`axe at ${width} px: the gallery and its open Rechazar dialog`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const name = uniqueName("Wanda");
    seedGalleryPhoto({ authorName: name });
    seedGalleryPhoto({ authorName: name, status: "approved", likes: 2 });
    seedGalleryPhoto({ authorName: name, status: "rejected", rejectionReason: "Borrosa." });
    await signInAsAdmin(page, adminEmail);
    await page.goto(`/admin/gallery?q=${name}`);
    await waitForAdminHydration(page);
    const main = page.getByRole("main");
    await expect(main.getByRole("table")).toBeVisible({ visible: width === 1280 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);
    await expectAdminPageAccessible(page, `/admin/gallery at ${width} px`);

    await main
      .getByRole("link", { name: /^Rechazar/ })
      .filter({ visible: true })
      .click();
    await expect(page.getByRole("dialog", { name: "Rechazar foto" })).toBeVisible();
    await expectAdminPageAccessible(page, `the Rechazar dialog at ${width} px`);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("approving, sorting and rejecting from the photo's page all work as plain forms", async ({ page }) => {
    const name = uniqueName("Ximena");
    const first = seedGalleryPhoto({ authorName: name, comment: "Primera foto.", likes: 1 });
    const second = seedGalleryPhoto({ authorName: name, comment: "Segunda foto.", likes: 2 });
    await signInAsAdmin(page, adminEmail);
    await page.goto(`/admin/gallery?estado=pendiente&q=${name}`);

    const posted = page.waitForResponse((response) => response.request().method() === "POST");
    await row(page, "Primera foto.")
      .getByRole("button", { name: /^Aprobar/ })
      .click();
    expect((await posted).status()).toBe(303);
    await expect(page).toHaveURL(new RegExp(`/admin/gallery\\?q=${name}&estado=pendiente$`));
    await expect(
      page.getByRole("main").getByRole("status").filter({ hasText: texts.approved[1] }),
    ).toBeVisible();
    expect(storedGalleryPhoto(first.id)?.status).toBe("approved");

    // The selector sorts with its button.
    await page.getByLabel("Ordenar por").selectOption({ label: "Me gusta: de menor a mayor" });
    await page.getByRole("button", { name: "Ordenar" }).click();
    await expect(page).toHaveURL(/sort=likes%3Aasc/);
    await expect(page.getByLabel("Ordenar por")).toHaveValue("likes:asc");

    // Rechazar is the photo's page, whose form comes back to this list.
    await row(page, "Segunda foto.")
      .getByRole("link", { name: /^Rechazar/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/gallery/${second.id}\\?volver=`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Foto ${second.id.slice(0, 8)}`);
    await page.getByRole("textbox", { name: "Motivo del rechazo" }).fill("No se ve el kit.");
    await expect(page.getByText(texts.explanation)).toBeVisible();
    const rejected = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Confirmar rechazo" }).click();
    expect((await rejected).status()).toBe(303);
    await expect(page).toHaveURL(/\/admin\/gallery\?q=.*estado=pendiente.*sort=likes&dir=asc$/);
    await expect(
      page.getByRole("main").getByRole("status").filter({ hasText: texts.rejected[1] }),
    ).toBeVisible();
    await expect(emptyText(page)).toBeVisible();
    expect(storedGalleryPhoto(second.id)).toMatchObject({
      status: "rejected",
      comment: "Segunda foto.",
      rejection_reason: "No se ve el kit.",
    });
  });
});

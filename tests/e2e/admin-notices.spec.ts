import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  createAdmin,
  expectAdminPageAccessible,
  seedGalleryPhoto,
  seedOrder,
  signInAsAdmin,
  waitForAdminHydration,
} from "./admin-support";
import { uniqueEmail } from "./forms-support";

/**
 * Goal (issue 24; docs/decisions/072): after a change, the back office says what happened once, in
 * the page and clear of its title (no toast repeats it); and the orders list flags an order whose
 * shipping outside the continent is still to quote (or quoted), on a laptop's table and on a
 * phone's cards, which also show what the order holds.
 */

test.describe.configure({ timeout: 90_000 });

const adminEmail = uniqueEmail("admin-avisos");
test.beforeAll(() => {
  createAdmin(adminEmail, "Rocío Avisos");
});

const viewports = {
  phone: { width: 390, height: 844 },
  laptop: { width: 1280, height: 800 },
} as const;

/** Whether two boxes share any area. */
function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** `text` is on screen exactly once (a toast would have come by now), and not over the page's title. */
async function expectSaidOnceClearOfTitle(page: Page, text: string) {
  // Sonner loads with the first toast: give a toast that would come the time to show.
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1_000);
  const notices = page.getByText(text).filter({ visible: true });
  await expect(notices).toHaveCount(1);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  const title = await page.getByRole("heading", { level: 1 }).boundingBox();
  const notice = await notices.boundingBox();
  expect(title && notice && overlaps(title, notice), "the notice covers the page's title").toBe(false);
}

/** The orders list's row (laptop) or card (phone) of the order numbered `number`. */
function orderEntry(page: Page, number: string): Locator {
  return page
    .getByRole("main")
    .locator("tr, li")
    .filter({ has: page.getByRole("link", { name: number, exact: true }) })
    .filter({ visible: true });
}

for (const [size, viewport] of Object.entries(viewports)) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`${size}: a status change is said once, in the page, clear of the title`, async ({ page }) => {
      const order = seedOrder({ through: ["pendiente_pago", "pagado"] });
      await signInAsAdmin(page, adminEmail);
      await page.goto(`/admin/orders/${order.id}`);
      await waitForAdminHydration(page);
      const panel = page.getByRole("main").getByRole("region", { name: "Cambiar estado" });
      await panel.getByRole("radio", { name: /^En preparación/ }).check();
      await panel.getByRole("button", { name: "Cambiar estado" }).click();
      await expectSaidOnceClearOfTitle(page, "El pedido quedó en «En preparación».");
      // The way back is in the same notice, not in a second box saying it again.
      await expect(page.getByRole("main").getByRole("button", { name: "Deshacer el cambio" })).toHaveCount(1);
      await expect(page.getByRole("region", { name: "¿Fue un error?" })).toHaveCount(0);
      await expectAdminPageAccessible(page, `order after a change (${size})`);
    });

    test(`${size}: approving a gallery photo is said once, in the page, clear of the title`, async ({
      page,
    }) => {
      const name = `Avisos${Math.random().toString(36).slice(2, 8).replace(/\d/g, "x")}`;
      seedGalleryPhoto({ authorName: name });
      await signInAsAdmin(page, adminEmail);
      await page.goto(`/admin/gallery?estado=pendiente&q=${name}`);
      await waitForAdminHydration(page);
      await page
        .getByRole("main")
        .getByRole("button", { name: /^Aprobar/ })
        .filter({ visible: true })
        .click();
      await expectSaidOnceClearOfTitle(page, "La foto ha sido publicada en la galería de clientes.");
    });

    test(`${size}: the orders list flags the shipping to quote and shows what each order holds`, async ({
      page,
    }) => {
      const toQuote = seedOrder({ island: { shippingCost: null } });
      const quoted = seedOrder({ island: { shippingCost: 45_000 } });
      const continental = seedOrder();
      await signInAsAdmin(page, adminEmail);
      for (const [order, flag] of [
        [toQuote, "Envío: por cotizar"],
        [quoted, "Envío: cotizado"],
        [continental, null],
      ] as const) {
        await page.goto(`/admin/orders?q=${order.number}`);
        await waitForAdminHydration(page);
        const entry = orderEntry(page, order.number);
        await expect(entry).toHaveCount(1);
        await expect(entry).toContainText("LifeBox Industry Mini");
        if (flag) await expect(entry.getByText(flag, { exact: true })).toBeVisible();
        else await expect(entry).not.toContainText("Envío");
      }
      await page.goto(`/admin/orders?q=${toQuote.number}`);
      await expectAdminPageAccessible(page, `orders list with a flag (${size})`);
    });
  });
}

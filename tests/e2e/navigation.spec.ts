import { expect, test, type Locator, type Page } from "@playwright/test";
import { waitForHydration } from "./support";

/**
 * Goal: a visitor finds every page from the header (dropdown on desktop, disclosure menu on
 * mobile) and the footer, with the mouse or the keyboard, and sees where they are.
 */

const kitNames = [
  "LifeBox Essential",
  "LifeBox Expedition",
  "LifeBox Nautical",
  "LifeBox Industry",
  "LifeBox Essential Mini",
  "LifeBox Expedition Mini",
  "LifeBox Nautical Mini",
  "LifeBox Industry Mini",
];

const brandOrange = "rgb(232, 89, 12)";
const desktop = { width: 1280, height: 800 };
const mobile = { width: 390, height: 844 };

/** Presses Tab until `target` has the focus (at most `limit` times). */
async function tabTo(page: Page, target: Locator, limit = 30) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Principal" });
const productsTrigger = (page: Page) => mainNav(page).getByRole("button", { name: "Productos" });

test.describe("desktop header", () => {
  test.use({ viewport: desktop });

  test("hovering Productos opens the dropdown with every kit; moving away closes it", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const trigger = productsTrigger(page);
    await expect(trigger).toHaveAttribute("aria-expanded", "false");

    await trigger.hover();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    const dropdown = mainNav(page).getByRole("link", { name: "Todos los productos" });
    await expect(dropdown).toBeVisible();
    await expect(dropdown).toHaveAttribute("href", "/productos");
    for (const name of kitNames) {
      await expect(mainNav(page).getByRole("link", { name, exact: true })).toBeVisible();
    }
    // "Todos los productos" and the eight kits, nothing else.
    await expect(
      mainNav(page)
        .getByRole("link")
        .filter({ hasText: /LifeBox|Todos los productos/ }),
    ).toHaveCount(9);

    await page.mouse.move(640, 700);
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(dropdown).toBeHidden();
  });

  test("a click after the hover opened the dropdown keeps it open; a second click closes it", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    const trigger = productsTrigger(page);
    await trigger.hover();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await trigger.click();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await trigger.click();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
  });

  test("a kit in the dropdown is reachable by mouse", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await productsTrigger(page).hover();
    await mainNav(page).getByRole("link", { name: "LifeBox Nautical Mini", exact: true }).click();
    await expect(page).toHaveURL(/\/productos\/kit-nautical-mini$/);
    await expect(page.locator("h1")).toHaveText("LifeBox Nautical Mini");
  });

  for (const key of ["Enter", " "] as const) {
    test(`keyboard: Tab to Productos, ${key === " " ? "Space" : key} opens, arrows reach a kit, Enter navigates`, async ({
      page,
    }) => {
      await page.goto("/");
      await waitForHydration(page);
      const trigger = productsTrigger(page);
      await tabTo(page, trigger);
      await page.keyboard.press(key);
      await expect(trigger).toHaveAttribute("aria-expanded", "true");

      // ArrowDown enters the open dropdown ("Todos los productos"), then moves link by link. Radix
      // moves the focus in a timeout, so wait for each step as a person would before the next key.
      for (const name of ["Todos los productos", "LifeBox Essential", "LifeBox Expedition"]) {
        await page.keyboard.press("ArrowDown");
        await expect(mainNav(page).getByRole("link", { name, exact: true })).toBeFocused();
      }
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/productos\/kit-expedition$/);
      await expect(page.locator("h1")).toHaveText("LifeBox Expedition");
    });
  }

  test("keyboard: Tab from the open trigger reaches the first dropdown link", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const trigger = productsTrigger(page);
    await tabTo(page, trigger);
    await page.keyboard.press("Enter");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(mainNav(page).getByRole("link", { name: "Todos los productos" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
  });

  const activeCases = [
    { path: "/", link: "Inicio" },
    { path: "/como-funciona", link: "Cómo funciona" },
    { path: "/proposito", link: "Propósito" },
    { path: "/faq", link: "Preguntas frecuentes" },
    { path: "/contacto", link: "Contacto" },
  ];
  for (const { path, link } of activeCases) {
    test(`on ${path} the "${link}" link is orange and Inicio only on /`, async ({ page }) => {
      await page.goto(path);
      const nav = mainNav(page);
      await expect(nav.getByRole("link", { name: link, exact: true })).toHaveCSS("color", brandOrange);
      if (path !== "/") {
        await expect(nav.getByRole("link", { name: "Inicio", exact: true })).not.toHaveCSS(
          "color",
          brandOrange,
        );
      }
      for (const other of activeCases) {
        if (other.link === link || other.link === "Inicio") continue;
        await expect(nav.getByRole("link", { name: other.link, exact: true })).not.toHaveCSS(
          "color",
          brandOrange,
        );
      }
      await expect(productsTrigger(page)).not.toHaveCSS("color", brandOrange);
    });
  }

  for (const path of ["/productos", "/productos/kit-industry"]) {
    test(`on ${path} the Productos trigger is orange and Inicio is not`, async ({ page }) => {
      await page.goto(path);
      await expect(productsTrigger(page)).toHaveCSS("color", brandOrange);
      await expect(mainNav(page).getByRole("link", { name: "Inicio", exact: true })).not.toHaveCSS(
        "color",
        brandOrange,
      );
    });
  }

  test("the mobile menu toggle is hidden on desktop", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("mobile-menu")).toBeHidden();
    await expect(mainNav(page)).toBeVisible();
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: mobile, hasTouch: true });

  const toggle = (page: Page) => page.getByTestId("mobile-menu").locator("summary");
  const menu = (page: Page) => page.getByRole("navigation", { name: "Menú móvil" });

  test("the toggle is named Menú and the desktop navigation is hidden", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByLabel("Menú", { exact: true })).toBeVisible();
    await expect(toggle(page)).toHaveAccessibleName("Menú");
    await expect(mainNav(page)).toBeHidden();
    await expect(menu(page)).toBeHidden();
  });

  test("opening the menu and choosing a link navigates and closes the menu", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await toggle(page).click();
    await expect(page.getByTestId("mobile-menu")).toHaveJSProperty("open", true);
    await expect(menu(page)).toBeVisible();
    for (const name of [
      "Inicio",
      "Cómo funciona",
      "Propósito",
      "Preguntas frecuentes",
      "Contacto",
      "Todos los productos",
      ...kitNames,
    ]) {
      await expect(menu(page).getByRole("link", { name, exact: true })).toBeVisible();
    }

    await menu(page).getByRole("link", { name: "Propósito", exact: true }).click();
    await expect(page).toHaveURL(/\/proposito$/);
    await expect(page.locator("h1")).toHaveText("Nuestro propósito");
    await expect(page.getByTestId("mobile-menu")).toHaveJSProperty("open", false);
    await expect(menu(page)).toBeHidden();

    // And again for a kit, from an inner page.
    await toggle(page).click();
    await menu(page).getByRole("link", { name: "LifeBox Industry Mini", exact: true }).click();
    await expect(page).toHaveURL(/\/productos\/kit-industry-mini$/);
    await expect(page.getByTestId("mobile-menu")).toHaveJSProperty("open", false);
  });

  test("the menu works with the keyboard", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await toggle(page).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("mobile-menu")).toHaveJSProperty("open", true);
    const faq = menu(page).getByRole("link", { name: "Preguntas frecuentes", exact: true });
    await tabTo(page, faq, 10);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.locator("h1")).toHaveText("Preguntas frecuentes");
    await expect(page.getByTestId("mobile-menu")).toHaveJSProperty("open", false);

    // Enter on the toggle also closes an open menu.
    await toggle(page).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("mobile-menu")).toHaveJSProperty("open", true);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("mobile-menu")).toHaveJSProperty("open", false);
  });

  test("the active link is orange in the mobile menu, Inicio only on /", async ({ page }) => {
    await page.goto("/contacto");
    await toggle(page).click();
    await expect(menu(page).getByRole("link", { name: "Contacto", exact: true })).toHaveCSS(
      "color",
      brandOrange,
    );
    await expect(menu(page).getByRole("link", { name: "Inicio", exact: true })).not.toHaveCSS(
      "color",
      brandOrange,
    );
  });
});

test.describe("mobile menu without JavaScript", () => {
  test.use({ viewport: mobile, javaScriptEnabled: false });

  test("the disclosure opens and its links work", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("mobile-menu").locator("summary").click();
    const menu = page.getByRole("navigation", { name: "Menú móvil" });
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "LifeBox Expedition", exact: true }).click();
    await expect(page).toHaveURL(/\/productos\/kit-expedition$/);
    await expect(page.locator("h1")).toHaveText("LifeBox Expedition");
    await expect(menu).toBeHidden();
  });
});

test.describe("footer and WhatsApp button", () => {
  test("the footer links every page, the social networks, e-mail and phone", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const href of [
      "/",
      "/productos",
      "/como-funciona",
      "/proposito",
      "/faq",
      "/galeria",
      "/contacto",
      "/terminos",
      "/privacidad",
    ]) {
      // The newsletter's consent notice links to the privacy policy too.
      const expected = href === "/privacidad" ? 2 : 1;
      await expect(footer.locator(`a[href="${href}"]`), `footer link to ${href}`).toHaveCount(expected);
    }
    const facebook = footer.getByRole("link", { name: /Facebook/ });
    await expect(facebook).toHaveAttribute("href", /^https:\/\/(www\.)?facebook\.com\//);
    await expect(facebook).toHaveAttribute("target", "_blank");
    const instagram = footer.getByRole("link", { name: /Instagram/ });
    await expect(instagram).toHaveAttribute("href", /^https:\/\/(www\.)?instagram\.com\//);
    await expect(instagram).toHaveAttribute("target", "_blank");
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(footer.locator('a[href^="tel:"]')).toHaveCount(1);
  });

  test("a footer link navigates", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page
      .getByRole("contentinfo")
      .getByRole("link", { name: "Política de privacidad", exact: true })
      .click();
    await expect(page).toHaveURL(/\/privacidad$/);
    await expect(page.locator("h1")).toHaveText("Política de privacidad");
  });

  test("the floating WhatsApp link opens a prefilled chat in a new tab", async ({ page }) => {
    await page.goto("/");
    const whatsapp = page.getByRole("link", { name: /WhatsApp/ });
    await expect(whatsapp).toHaveCount(1);
    await expect(whatsapp).toBeVisible();
    const href = (await whatsapp.getAttribute("href")) ?? "";
    expect(href.startsWith("https://wa.me/")).toBe(true);
    expect(href).toContain(encodeURIComponent("Hola, me interesa conocer más sobre los productos LifeBox"));
    await expect(whatsapp).toHaveAttribute("target", "_blank");
    await expect(whatsapp).toHaveAttribute("rel", /noopener/);
    // It floats: still in the viewport after scrolling to the bottom.
    await page.keyboard.press("End");
    await expect(whatsapp).toBeInViewport();
  });
});

import { expect, test, type Page } from "@playwright/test";
import { paymentsBaseURL } from "../../playwright.config";
import { galleryUploadPath, indexablePaths, kitIds, thanksPath, waitForHydration } from "./support";

/**
 * Goal (issue 24, "Nothing covered"; docs/decisions/072): the floating buttons (chat, WhatsApp)
 * never sit over a link, a button, a form field or a line of text, at any scroll position of any
 * public page, on a phone and on a laptop; and an open dialog covers them (or hides them).
 */

test.describe.configure({ timeout: 120_000 });

const viewports = {
  phone: { width: 390, height: 844 },
  // The narrowest width the buttons float at (md), where a column reaches the window's edges.
  tablet: { width: 800, height: 1024 },
  laptop: { width: 1280, height: 800 },
} as const;

/** Every public page a visitor reaches without an order or a cart of their own. */
const publicPages = [
  ...indexablePaths.map((path) => ({ base: undefined, path })),
  { base: undefined, path: thanksPath },
  { base: undefined, path: galleryUploadPath },
  { base: undefined, path: "/newsletter" },
  { base: undefined, path: "/pagina-que-no-existe" },
  // The cart exists in the shop paid through a provider (docs/decisions/068).
  { base: paymentsBaseURL, path: "/carro" },
];

/**
 * What the page's fixed buttons (outside the header and any dialog) cover at the current scroll
 * position: one line per covered link, button, field or line of text, found by its boxes (text by
 * its Range's client rects) and confirmed by hit testing (content clipped away does not count).
 */
function coveredByFloatingButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const shown = (element: Element) =>
      element.getClientRects().length > 0 &&
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    const floating = Array.from(document.querySelectorAll<HTMLElement>("a, button")).filter(
      (element) =>
        getComputedStyle(element).position === "fixed" &&
        !element.closest("header, [role=dialog]") &&
        shown(element),
    );
    if (floating.length === 0) return [];
    const boxes = floating.map((element) => ({ element, box: element.getBoundingClientRect() }));
    const overlap = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    const name = (element: Element) =>
      (element.getAttribute("aria-label") ?? element.textContent ?? "")
        .trim()
        .replace(/\s+/g, " ")
        .slice(0, 50);
    const found: string[] = [];
    /** Whether `element` is painted at the middle of where `rect` and `box` meet. */
    const hit = (element: Element, rect: DOMRect, box: DOMRect) => {
      const x = (Math.max(rect.left, box.left) + Math.min(rect.right, box.right)) / 2;
      const y = (Math.max(rect.top, box.top) + Math.min(rect.bottom, box.bottom)) / 2;
      return document.elementsFromPoint(x, y).some((at) => at === element || element.contains(at));
    };
    const check = (element: Element, rects: Iterable<DOMRect>, what: string) => {
      for (const rect of rects) {
        for (const { element: button, box } of boxes) {
          if (overlap(rect, box) && hit(element, rect, box)) {
            found.push(`${what} under "${name(button)}"`);
            return;
          }
        }
      }
    };
    const controls = document.querySelectorAll(
      "a, button, input, select, textarea, summary, label, [role=button], [tabindex]:not([tabindex='-1'])",
    );
    for (const control of controls) {
      if (floating.includes(control as HTMLElement) || control.closest("header") || !shown(control)) continue;
      check(control, control.getClientRects(), `<${control.localName}> "${name(control)}"`);
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim()) continue;
      if (parent.closest("header, script, style, noscript, template") || !shown(parent)) continue;
      if (floating.some((button) => button.contains(parent))) continue;
      range.selectNodeContents(node);
      check(parent, range.getClientRects(), `text "${node.textContent.trim().slice(0, 40)}"`);
    }
    return found;
  });
}

/** Scrolls the page from top to bottom in half-window steps; what is covered at each step. */
async function coveredWhileScrolling(page: Page): Promise<string[]> {
  const { height, step } = await page.evaluate(() => ({
    height: document.documentElement.scrollHeight - innerHeight,
    step: Math.floor(innerHeight / 2),
  }));
  const found: string[] = [];
  for (let y = 0; ; y = Math.min(y + step, height)) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
    await page.waitForTimeout(50);
    for (const line of await coveredByFloatingButtons(page)) found.push(`at y=${y}: ${line}`);
    if (y >= height) break;
  }
  return found;
}

for (const [size, viewport] of Object.entries(viewports)) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`${size}: the floating buttons cover nothing on any public page, at any scroll position`, async ({
      page,
    }) => {
      const covered: string[] = [];
      for (const { base, path } of publicPages) {
        await page.goto(`${base ?? ""}${path}`);
        await waitForHydration(page);
        for (const line of await coveredWhileScrolling(page)) covered.push(`${path} ${line}`);
      }
      expect(covered).toEqual([]);
    });
  });
}

test("with the purchase dialog open, the floating buttons are hidden; they are back once it closes", async ({
  page,
}) => {
  await page.setViewportSize(viewports.laptop);
  await page.goto(`/productos/kit-${kitIds[6]}`);
  await waitForHydration(page);
  const floating = page.locator("[data-floating-button]");
  await expect(floating).toHaveCount(2);
  const shown = () =>
    floating.evaluateAll((buttons) =>
      buttons.map((button) => button.checkVisibility({ opacityProperty: true, visibilityProperty: true })),
    );
  expect(await shown()).toEqual([true, true]);
  await page.getByRole("link", { name: "Comprar", exact: true }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect.poll(shown, { message: "no floating button shows above the dialog" }).toEqual([false, false]);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect.poll(shown).toEqual([true, true]);
});

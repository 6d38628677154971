import { expect, test } from "@playwright/test";
import { galleryUploadPath, kitIds, waitForHydration } from "./support";

/**
 * Goal (issue 24, "Aligned and clear"; docs/decisions/072): a page's title and its text share one
 * column; /como-funciona's two numbered lists say why there are two; a kit page's "en acción"
 * captions show on touch screens, which cannot hover, and on keyboard focus.
 */

const laptop = { width: 1280, height: 800 };

/** The inner pages whose title band (components/page-header.tsx) heads a column of text. */
const contentPages = [
  "/como-funciona",
  "/proposito",
  "/faq",
  "/contacto",
  "/galeria",
  "/terminos",
  "/privacidad",
  galleryUploadPath,
  "/newsletter",
];

test("at 1,280 px, the title and the text below it share one column on every content page", async ({
  page,
}) => {
  await page.setViewportSize(laptop);
  const misaligned: string[] = [];
  for (const path of contentPages) {
    await page.goto(path);
    const edges = await page.evaluate(() => {
      const heading = document.querySelector("main h1")!;
      const band = heading.closest("main > *")!;
      const below = band.getBoundingClientRect().bottom;
      // The text column's left edge: the leftmost line of text, framed box (a bordered answer's frame
      // is the column's edge, not its text) or leaf element below the title band.
      const main = document.querySelector("main")!;
      const lefts: number[] = [];
      const counts = (rect: DOMRect) => rect.top >= below && rect.width > 1 && rect.left >= 0;
      for (const element of main.querySelectorAll("*")) {
        if (band.contains(element) || !element.checkVisibility()) continue;
        const style = getComputedStyle(element);
        const framed =
          element.children.length === 0 ||
          parseFloat(style.borderLeftWidth) > 0 ||
          style.backgroundColor !== "rgba(0, 0, 0, 0)";
        const rect = element.getBoundingClientRect();
        if (framed && counts(rect)) lefts.push(rect.left);
      }
      const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || !node.parentElement?.checkVisibility()) continue;
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (counts(rect)) lefts.push(rect.left);
      }
      const text = Math.min(...lefts);
      return { title: heading.getBoundingClientRect().left, text };
    });
    if (Math.abs(edges.title - edges.text) > 4) {
      misaligned.push(
        `${path}: title at ${Math.round(edges.title)} px, text at ${Math.round(edges.text)} px`,
      );
    }
  }
  expect(misaligned).toEqual([]);
});

test("/como-funciona: each numbered list has its own title, and the titles say why there are two", async ({
  page,
}) => {
  await page.goto("/como-funciona");
  const main = page.getByRole("main");
  const lists = main.getByRole("list").filter({ has: page.getByRole("heading", { level: 3 }) });
  await expect(lists).toHaveCount(2);
  const titles: string[] = [];
  for (const list of await lists.all()) {
    // The list's title: the visible heading of its section.
    const title = await list.evaluate((element) => {
      const section = element.closest("section");
      const heading = section?.querySelector("h2");
      return heading && heading.checkVisibility() ? (heading.textContent ?? "") : "";
    });
    expect(title, "a numbered list without a visible title").not.toBe("");
    titles.push(title);
  }
  expect(titles).toEqual([
    "Tu pedido en tres pasos",
    "Por dentro: lo que hacemos desde tu pago hasta tu puerta",
  ]);
  // Sentence case (D26): after the first letter, capitals only where a sentence starts.
  for (const title of titles) expect(title.slice(1)).not.toMatch(/(?<![.:] )\p{Lu}/u);
});

test('on a touch screen at 390 px, a kit\'s "en acción" captions are shown without a hover', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await page.goto(`/productos/kit-${kitIds[0]}`);
  await waitForHydration(page);
  const captions = page.getByRole("region", { name: /en acción$/ }).locator("figcaption");
  await expect(captions).not.toHaveCount(0);
  for (const caption of await captions.all()) {
    await caption.scrollIntoViewIfNeeded();
    await expect(caption).toBeVisible();
    await expect(caption).toHaveCSS("opacity", "1");
  }
  await context.close();
});

test("with a mouse, a caption shows on hover and on keyboard focus, and not otherwise", async ({ page }) => {
  await page.setViewportSize(laptop);
  await page.goto(`/productos/kit-${kitIds[0]}`);
  await waitForHydration(page);
  const figures = page.getByRole("region", { name: /en acción$/ }).locator("figure");
  const first = figures.first().locator("figcaption");
  await figures.first().scrollIntoViewIfNeeded();
  await page.mouse.move(0, 0);
  await expect(first).toHaveCSS("opacity", "0");
  await figures.first().hover();
  await expect(first).toHaveCSS("opacity", "1");
  await page.mouse.move(0, 0);
  await figures.nth(1).focus();
  await expect(figures.nth(1).locator("figcaption")).toHaveCSS("opacity", "1");
});

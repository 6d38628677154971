import { expect, test } from "@playwright/test";
import { indexablePaths, thanksPath } from "./support";

/**
 * Goal: the small things a customer notices on every public page, on a phone and on a laptop:
 * icons keep their shape, and a temperature never breaks between the number and its unit.
 */

const pages = [...indexablePaths, thanksPath];
const widths = [390, 1280];

test.describe("page details", () => {
  for (const width of widths) {
    test(`icons keep their aspect ratio at ${width} px on every public page`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      const squeezed: string[] = [];
      for (const path of pages) {
        await page.goto(path);
        const found = await page.locator("svg[viewBox]").evaluateAll((icons) =>
          icons.flatMap((icon) => {
            const box = icon.getBoundingClientRect();
            const viewBox = (icon as SVGSVGElement).viewBox.baseVal;
            if (box.width === 0 || box.height === 0 || !viewBox || viewBox.height === 0) return [];
            const drawn = box.width / box.height;
            const drawing = viewBox.width / viewBox.height;
            if (Math.abs(drawn / drawing - 1) < 0.05) return [];
            const where = icon.closest("p, li, a, button, h2, h3, dd, dt, div")?.textContent?.trim();
            return [
              `${icon.getAttribute("class") ?? "svg"} ${box.width.toFixed(0)}×${box.height.toFixed(0)} px beside "${where?.slice(0, 40)}"`,
            ];
          }),
        );
        squeezed.push(...found.map((line) => `${path}: ${line}`));
      }
      expect(squeezed).toEqual([]);
    });
  }

  test("on a phone the WhatsApp button covers no link or button, at the top or the end of a page", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const covered: string[] = [];
    for (const path of pages) {
      await page.goto(path);
      for (const where of ["top", "end"] as const) {
        if (where === "end")
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const found = await page.evaluate(() => {
          const shown = Array.from(document.querySelectorAll('a[href^="https://wa.me/"]')).filter(
            (link) => link.checkVisibility() && !link.closest("main, footer"),
          );
          const whatsapp = shown[0];
          if (shown.length !== 1 || !whatsapp) return [`${shown.length} WhatsApp buttons shown`];
          const button = whatsapp.getBoundingClientRect();
          const controls = document.querySelectorAll("a, button, input, select, textarea, summary");
          return Array.from(controls).flatMap((control) => {
            if (control === whatsapp || whatsapp.contains(control)) return [];
            const box = control.getBoundingClientRect();
            // Not in a closed menu (a closed <details> keeps its links' boxes) nor hidden.
            const visible =
              box.width > 0 && box.height > 0 && control.checkVisibility({ visibilityProperty: true });
            const overlaps =
              box.left < button.right &&
              box.right > button.left &&
              box.top < button.bottom &&
              box.bottom > button.top;
            return visible && overlaps
              ? [
                  (
                    control.textContent?.trim() ||
                    control.getAttribute("aria-label") ||
                    control.tagName
                  ).slice(0, 40),
                ]
              : [];
          });
        });
        covered.push(...found.map((name) => `${path} (${where}): "${name}"`));
      }
    }
    expect(covered).toEqual([]);
    // On a phone it sits in the header (docs/decisions/031).
    await expect(page.getByRole("banner").getByRole("link", { name: /WhatsApp/ })).toBeVisible();
  });

  test("a temperature never breaks between the number and °C", async ({ page }) => {
    const breakable: string[] = [];
    for (const path of pages) {
      await page.goto(path);
      const text = await page.locator("body").innerText();
      for (const match of text.matchAll(/\S*\d[ \t\n]+°C/g)) breakable.push(`${path}: "${match[0]}"`);
    }
    expect(breakable).toEqual([]);
  });
});

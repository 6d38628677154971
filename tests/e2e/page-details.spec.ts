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

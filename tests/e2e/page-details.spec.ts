import { expect, test } from "@playwright/test";
import { galleryUploadPath, indexablePaths, thanksPath, waitForHydration } from "./support";

/**
 * Goal: the small things a customer notices on every public page, on a phone and on a laptop:
 * icons keep their shape, the WhatsApp and chat buttons cover nothing, and a temperature never
 * breaks between the number and its unit.
 */

const pages = [...indexablePaths, thanksPath, galleryUploadPath];
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

  // The WhatsApp and chat buttons stay outside the page's content: in the header on phones
  // (docs/decisions/031, 038), floating at the bottom right on a laptop.
  const buttons = [
    { name: "WhatsApp", selector: 'a[href^="https://wa.me/"]' },
    { name: "chat", selector: "[data-chat-button]" },
  ];
  for (const width of widths) {
    test(`at ${width} px the WhatsApp and chat buttons cover no link or button, at the top or the end of a page`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 844 });
      const covered: string[] = [];
      for (const path of pages) {
        await page.goto(path);
        await waitForHydration(page);
        for (const where of ["top", "end"] as const) {
          if (where === "end")
            await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          const found = await page.evaluate((buttons) => {
            return buttons.flatMap(({ name, selector }) => {
              const shown = Array.from(document.querySelectorAll(selector)).filter(
                (link) => link.checkVisibility() && !link.closest("main, footer"),
              );
              const floating = shown[0];
              if (shown.length !== 1 || !floating) return [`${shown.length} ${name} buttons shown`];
              const button = floating.getBoundingClientRect();
              const controls = document.querySelectorAll("a, button, input, select, textarea, summary");
              return Array.from(controls).flatMap((control) => {
                if (control === floating || floating.contains(control)) return [];
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
                      `${name} covers "${(
                        control.textContent?.trim() ||
                        control.getAttribute("aria-label") ||
                        control.tagName
                      ).slice(0, 40)}"`,
                    ]
                  : [];
              });
            });
          }, buttons);
          covered.push(...found.map((line) => `${path} (${where}): ${line}`));
        }
      }
      expect(covered).toEqual([]);
      const banner = page.getByRole("banner");
      if (width < 768) {
        // On a phone they sit in the header.
        await expect(banner.getByRole("link", { name: /WhatsApp/ })).toBeVisible();
        await expect(banner.getByRole("button", { name: "Abrir chat de ayuda" })).toBeVisible();
      } else {
        await expect(banner.getByRole("link", { name: /WhatsApp/ })).toBeHidden();
        await expect(banner.getByRole("button", { name: "Abrir chat de ayuda" })).toBeHidden();
      }
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

import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { indexablePaths, thanksPath, waitForHydration } from "./support";

/**
 * Goal: every public page meets WCAG 2.1 A and AA as far as axe can tell, on a phone and on a
 * desktop, including the states a visitor opens (FAQ answer, products dropdown, mobile menu).
 */

const publicPaths = [...indexablePaths, thanksPath, "/pagina-que-no-existe"];

const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

/** Runs axe (WCAG 2.0/2.1 A and AA) and fails with one readable line per violating node. */
async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const lines = results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}) ${node.target.join(" ")}: ${node.failureSummary?.replace(/\s+/g, " ")}`,
    ),
  );
  expect(lines, `axe violations on ${label}`).toEqual([]);
}

for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`axe at ${name} width`, () => {
    test.use({ viewport });

    for (const path of publicPaths) {
      test(`${path} has no WCAG A/AA violations`, async ({ page }) => {
        await page.goto(path);
        await waitForHydration(page);
        await expectNoViolations(page, `${path} (${name})`);
      });
    }

    test("/faq with an answer open has no violations", async ({ page }) => {
      await page.goto("/faq");
      await waitForHydration(page);
      const item = page.getByTestId("faq-accordion").locator("details").first();
      await item.locator("summary").click();
      await expect(item).toHaveAttribute("open");
      await expectNoViolations(page, `/faq with an item open (${name})`);
    });
  });
}

test.describe("axe on opened menus", () => {
  test("desktop products dropdown open", async ({ page }) => {
    await page.setViewportSize(viewports.desktop);
    await page.goto("/");
    await waitForHydration(page);
    const trigger = page
      .getByRole("navigation", { name: "Principal" })
      .getByRole("button", { name: "Productos" });
    await trigger.click();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("link", { name: "Todos los productos" })).toBeVisible();
    await expectNoViolations(page, "/ with the products dropdown open");
  });

  test("mobile menu open", async ({ page }) => {
    await page.setViewportSize(viewports.mobile);
    await page.goto("/productos");
    await waitForHydration(page);
    await page.getByTestId("mobile-menu").locator("summary").click();
    await expect(page.getByRole("navigation", { name: "Menú móvil" })).toBeVisible();
    await expectNoViolations(page, "/productos with the mobile menu open");
  });
});

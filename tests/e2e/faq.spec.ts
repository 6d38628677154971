import { expect, test, type Page } from "@playwright/test";

/**
 * Goal: a visitor reads one answer at a time in the FAQ accordion (single-open and collapsible,
 * by mouse or keyboard) and search engines get every question as FAQPage data.
 */

const items = (page: Page) => page.getByTestId("faq-accordion").locator("details");

test.describe("FAQ accordion", () => {
  test("opening one item closes the other, and an open item collapses", async ({ page }) => {
    await page.goto("/faq");
    const accordion = items(page);
    expect(await accordion.count()).toBeGreaterThan(3);
    for (const item of await accordion.all()) await expect(item).not.toHaveAttribute("open");

    const first = accordion.nth(0);
    const second = accordion.nth(1);
    await first.locator("summary").click();
    await expect(first).toHaveAttribute("open");
    await expect(first.locator("p")).toBeVisible();

    await second.locator("summary").click();
    await expect(second).toHaveAttribute("open");
    await expect(second.locator("p")).toBeVisible();
    await expect(first).not.toHaveAttribute("open");
    await expect(first.locator("p")).toBeHidden();

    await second.locator("summary").click();
    await expect(second).not.toHaveAttribute("open");
    await expect(page.getByTestId("faq-accordion").locator("details[open]")).toHaveCount(0);
  });

  test("works with the keyboard", async ({ page }) => {
    await page.goto("/faq");
    const third = items(page).nth(2);
    const fourth = items(page).nth(3);
    await third.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(third).toHaveAttribute("open");
    await fourth.locator("summary").focus();
    await page.keyboard.press("Space");
    await expect(fourth).toHaveAttribute("open");
    await expect(third).not.toHaveAttribute("open");
    await page.keyboard.press("Enter");
    await expect(fourth).not.toHaveAttribute("open");
  });

  test("every question is a heading inside its summary, with its answer in the HTML", async ({ page }) => {
    await page.goto("/faq");
    const count = await items(page).count();
    await expect(page.getByTestId("faq-accordion").locator("summary h2")).toHaveCount(count);
    for (const answer of await items(page).locator("p").allTextContents())
      expect(answer.trim().length).toBeGreaterThan(20);
  });

  test("the home page has a shorter accordion with a link to the FAQ page", async ({ page }) => {
    await page.goto("/");
    const accordion = items(page);
    await expect(accordion).toHaveCount(5);
    await accordion.nth(0).locator("summary").click();
    await accordion.nth(4).locator("summary").click();
    await expect(accordion.nth(0)).not.toHaveAttribute("open");
    await expect(accordion.nth(4)).toHaveAttribute("open");
    await expect(page.getByRole("link", { name: "Ver todas las preguntas" })).toHaveAttribute("href", "/faq");
  });

  test("FAQPage structured data lists the questions shown", async ({ page }) => {
    await page.goto("/faq");
    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (block) => JSON.parse(block) as Record<string, unknown>,
    );
    const faqPage = blocks.find((block) => block["@type"] === "FAQPage");
    expect(faqPage, "FAQPage JSON-LD").toBeDefined();
    const questions = faqPage!.mainEntity as Array<{
      "@type": string;
      name: string;
      acceptedAnswer: { text: string };
    }>;
    const shown = (await page.getByTestId("faq-accordion").locator("summary").allTextContents()).map((text) =>
      text.trim(),
    );
    expect(questions.map((question) => question.name)).toEqual(shown);
    for (const question of questions) {
      expect(question["@type"]).toBe("Question");
      expect(question.acceptedAnswer.text.length).toBeGreaterThan(20);
    }
  });
});

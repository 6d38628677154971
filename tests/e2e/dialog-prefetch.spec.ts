import { expect, test, type Page } from "@playwright/test";
import {
  fillQuoteForm,
  kits,
  purchaseFields,
  quoteData,
  quoteFields,
  quoteTexts,
  submitTimeout,
} from "./forms-support";
import { waitForHydration } from "./support";

/**
 * Goal: a tap on "Comprar" or "Cotizar" answers at once (docs/decisions/066). The dialog's code
 * (Radix Dialog, Conform, the zod schema, the ALTCHA widget) is not part of a page's first load;
 * it is fetched once the page has loaded and settled, on pages with those buttons only; the dialog
 * then opens without fetching anything, its title first and its form right after, and the captcha
 * solves in the background: the form takes what is typed and a send meanwhile, and sends once the
 * captcha is solved.
 */

test.describe.configure({ timeout: 60_000 });

/** What marks each kind of dialog code in a script's text. */
const dialogCode = {
  zod: "ZodError",
  Conform: "__intent__",
  "Radix Dialog": "DialogContent",
  ALTCHA: "altcha.org",
};

/** Every script the page requests from now on, with when it was requested (ms since this call). */
function scriptsOf(page: Page) {
  const started = Date.now();
  const scripts: { url: string; at: number }[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push({ url: request.url(), at: Date.now() - started });
  });
  return scripts;
}

/** Each script with the kinds of dialog code it holds. */
async function kindsIn<Script extends { url: string }>(page: Page, scripts: Script[]) {
  return Promise.all(
    scripts.map(async (script) => {
      const text = await (await page.request.get(script.url)).text();
      const kinds = Object.entries(dialogCode).filter(([, marker]) => text.includes(marker));
      return { ...script, kinds: kinds.map(([kind]) => kind) };
    }),
  );
}

/** The kinds of dialog code these scripts hold, in the order of `dialogCode`. */
async function codeIn(page: Page, scripts: { url: string }[]) {
  const found = new Set((await kindsIn(page, scripts)).flatMap((script) => script.kinds));
  return Object.keys(dialogCode).filter((kind) => found.has(kind));
}

/** Loads `path` and waits for its load event and hydration; returns the scripts requested. */
async function visit(page: Page, path: string) {
  const scripts = scriptsOf(page);
  await page.goto(path, { waitUntil: "load" });
  await waitForHydration(page);
  return scripts;
}

test("a kit page fetches its dialogs' code once idle, not with its first load, and opens the dialog from it", async ({
  page,
}) => {
  const scripts = await visit(page, "/productos/kit-essential");
  const firstLoad = scripts.length;
  expect(await codeIn(page, scripts)).toEqual([]);

  // Nothing is touched: the page alone, once settled, fetches the dialog's code.
  await expect.poll(async () => codeIn(page, scripts), { timeout: 15_000 }).toEqual(Object.keys(dialogCode));
  // Not in the first seconds of the page: after its load event and a pause.
  const prefetched = (await kindsIn(page, scripts.slice(firstLoad))).filter((script) => script.kinds.length);
  expect(Math.min(...prefetched.map((script) => script.at))).toBeGreaterThanOrEqual(2500);

  const fetched = scripts.length;
  await page.getByRole("link", { name: "Comprar", exact: true }).first().click();
  const dialog = page.getByRole("dialog", { name: `Producto ${kits.essential.name}` });
  await expect(dialog).toBeVisible();
  // The focus moves into the form, as the dialog's first field appears.
  await expect(purchaseFields(dialog).name).toBeFocused();
  // The dialog's code was already here: nothing more of it is fetched.
  expect(await codeIn(page, scripts.slice(fetched))).toEqual([]);
});

test("a page without Comprar or Cotizar buttons fetches no form code, even once idle", async ({ page }) => {
  const scripts = await visit(page, "/proposito");
  await page.waitForTimeout(6000);
  // Radix Dialog comes with the chat panel's code, which every page fetches once idle (decision 078).
  expect(await codeIn(page, scripts)).toEqual(["Radix Dialog"]);
});

test("the quotation dialog opens and takes the request while the captcha is still working, and sends it once solved", async ({
  page,
}) => {
  const kit = kits.nautical;
  const data = quoteData("cotizacion-antes-del-captcha");
  // Every captcha challenge waits until released.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let challenges = 0;
  await page.route("**/api/captcha**", async (route) => {
    challenges++;
    await released;
    await route.continue();
  });
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });

  const scripts = await visit(page, "/productos");
  await expect.poll(async () => codeIn(page, scripts), { timeout: 15_000 }).toContain("ALTCHA");

  await page.getByRole("link", { name: `Cotizar para empresa: ${kit.name}`, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: quoteTexts.title });
  await expect(dialog).toBeVisible();
  const fields = quoteFields(dialog);
  await expect(fields.fullName).toBeFocused();
  await expect.poll(() => challenges).toBeGreaterThan(0);

  await fillQuoteForm(dialog, data);
  await fields.submit.click();
  // The send waits for the captcha, with the fields as they were typed.
  await expect(dialog.getByRole("button", { name: "Enviando..." })).toBeVisible();
  await page.waitForTimeout(500);
  expect(posts).toEqual([]);
  await expect(fields.fullName).toHaveValue(data.fullName);

  release();
  await expect(page).toHaveURL(new RegExp(`/gracias\\?producto=${kit.id}&tipo=cotizacion$`), {
    timeout: submitTimeout,
  });
  expect(posts).toHaveLength(1);
});

import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./support";

/**
 * Goal: a visitor narrows the catalogue by line and version and sorts it, with or without
 * JavaScript, sees how many kits match, and can share the result as a link.
 */

const cards = (page: Page) => page.getByTestId("kit-card");
const count = (page: Page) => page.getByTestId("catalogue-count");

async function names(page: Page): Promise<string[]> {
  return (await cards(page).getByRole("heading").allTextContents()).map((name) => name.trim());
}

/** Card prices in pesos ("$139.990" → 139990). */
async function prices(page: Page): Promise<number[]> {
  return (await cards(page).getByTestId("kit-price").allTextContents()).map((price) =>
    Number(price.replace(/\D/g, "")),
  );
}

/** Component counts of the cards ("11 componentes" → 11). */
async function componentCounts(page: Page): Promise<number[]> {
  return (await cards(page).getByTestId("kit-components").allTextContents()).map((text) => {
    const match = /(\d+)\s+componentes/.exec(text);
    expect(match, `component text "${text}"`).not.toBeNull();
    return Number(match![1]);
  });
}

const isSorted = (values: number[], direction: "asc" | "desc") =>
  values.every(
    (value, i) => i === 0 || (direction === "asc" ? values[i - 1]! <= value : values[i - 1]! >= value),
  );

/** Marks the current document; the mark survives client-side navigation but not a page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as Record<string, unknown>).__sameDocument = true));
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__sameDocument)).toBe(true);
}

const allByName = [
  "LifeBox Essential",
  "LifeBox Essential Mini",
  "LifeBox Expedition",
  "LifeBox Expedition Mini",
  "LifeBox Industry",
  "LifeBox Industry Mini",
  "LifeBox Nautical",
  "LifeBox Nautical Mini",
];

test.describe("catalogue with JavaScript", () => {
  test("shows all eight kits sorted by price, cheapest first", async ({ page }) => {
    await page.goto("/productos");
    await expect(count(page)).toHaveText("Mostrando 8 de 8 productos");
    await expect(cards(page)).toHaveCount(8);
    await expect(cards(page).first().getByRole("heading")).toHaveText("LifeBox Essential Mini");
    await expect(cards(page).first().getByTestId("kit-price")).toHaveText("$139.990");
    const values = await prices(page);
    expect(isSorted(values, "asc"), `prices ${values.join(", ")}`).toBe(true);
    await expect(page.getByLabel("Categoría")).toHaveValue("todas");
    await expect(page.getByLabel("Versión")).toHaveValue("todas");
    await expect(page.getByLabel("Ordenar por")).toHaveValue("precio-asc");
    // The "Aplicar" button is only for visitors without JavaScript.
    await expect(page.getByRole("button", { name: "Aplicar" })).toHaveCount(0);
  });

  test("filtering by line updates the URL and the list without a page load", async ({ page }) => {
    await page.goto("/productos");
    await waitForHydration(page);
    await markDocument(page);

    await page.getByLabel("Categoría").selectOption("nautical");
    await expect(page).toHaveURL(/[?&]linea=nautical(&|$)/);
    await expect(count(page)).toHaveText("Mostrando 2 de 8 productos");
    expect(await names(page)).toEqual(["LifeBox Nautical Mini", "LifeBox Nautical"]);
    await expectSameDocument(page);

    await page.getByLabel("Versión").selectOption("mini");
    await expect(page).toHaveURL(/[?&]version=mini(&|$)/);
    await expect(page).toHaveURL(/[?&]linea=nautical(&|$)/);
    await expect(count(page)).toHaveText("Mostrando 1 de 8 productos");
    expect(await names(page)).toEqual(["LifeBox Nautical Mini"]);

    await page.getByLabel("Categoría").selectOption("todas");
    await expect(count(page)).toHaveText("Mostrando 4 de 8 productos");
    const miniNames = await names(page);
    expect(miniNames).toHaveLength(4);
    for (const name of miniNames) expect(name).toMatch(/ Mini$/);
    await expect(cards(page).getByText("Mini", { exact: true })).toHaveCount(4);
    await expectSameDocument(page);
  });

  test("the standard version leaves out the minis", async ({ page }) => {
    await page.goto("/productos");
    await waitForHydration(page);
    await page.getByLabel("Versión").selectOption("estandar");
    await expect(count(page)).toHaveText("Mostrando 4 de 8 productos");
    expect(await names(page)).toEqual([
      "LifeBox Essential",
      "LifeBox Expedition",
      "LifeBox Nautical",
      "LifeBox Industry",
    ]);
  });

  test("sorts by name", async ({ page }) => {
    await page.goto("/productos");
    await waitForHydration(page);
    await page.getByLabel("Ordenar por").selectOption("nombre");
    await expect(page).toHaveURL(/[?&]orden=nombre(&|$)/);
    await expect(cards(page).first().getByRole("heading")).toHaveText("LifeBox Essential");
    expect(await names(page)).toEqual(allByName);
    await expect(count(page)).toHaveText("Mostrando 8 de 8 productos");
  });

  test("sorts by price, highest first", async ({ page }) => {
    await page.goto("/productos");
    await waitForHydration(page);
    await page.getByLabel("Ordenar por").selectOption("precio-desc");
    await expect(page).toHaveURL(/[?&]orden=precio-desc(&|$)/);
    await expect(cards(page).first().getByRole("heading")).toHaveText("LifeBox Industry");
    await expect(cards(page).first().getByTestId("kit-price")).toHaveText("$539.990");
    const values = await prices(page);
    expect(isSorted(values, "desc"), `prices ${values.join(", ")}`).toBe(true);
    expect(values).toEqual([539990, 349990, 289990, 219990, 199990, 185990, 179990, 139990]);
  });

  test("sorts by number of components, most first", async ({ page }) => {
    await page.goto("/productos");
    await waitForHydration(page);
    await page.getByLabel("Ordenar por").selectOption("componentes");
    await expect(page).toHaveURL(/[?&]orden=componentes(&|$)/);
    await expect(cards(page).first().getByRole("heading")).toHaveText("LifeBox Expedition");
    const counts = await componentCounts(page);
    expect(isSorted(counts, "desc"), `components ${counts.join(", ")}`).toBe(true);
    expect(counts).toEqual([13, 11, 10, 10, 9, 9, 7, 6]);
  });

  test("sorting back to price ascending restores the default order", async ({ page }) => {
    await page.goto("/productos?orden=nombre");
    await waitForHydration(page);
    await page.getByLabel("Ordenar por").selectOption("precio-asc");
    await expect(cards(page).first().getByRole("heading")).toHaveText("LifeBox Essential Mini");
    expect(isSorted(await prices(page), "asc")).toBe(true);
  });

  test("a shared link shows exactly the filtered result", async ({ page }) => {
    await page.goto("/productos?linea=nautical&version=mini&orden=precio-desc");
    await expect(count(page)).toHaveText("Mostrando 1 de 8 productos");
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).getByRole("heading")).toHaveText("LifeBox Nautical Mini");
    await expect(cards(page).getByTestId("kit-price")).toHaveText("$199.990");
    await expect(page.getByLabel("Categoría")).toHaveValue("nautical");
    await expect(page.getByLabel("Versión")).toHaveValue("mini");
    await expect(page.getByLabel("Ordenar por")).toHaveValue("precio-desc");
  });

  test("unknown query values fall back to the full catalogue", async ({ page }) => {
    const response = await page.goto("/productos?linea=espacial&version=xl&orden=azar");
    expect(response?.status()).toBe(200);
    await expect(count(page)).toHaveText("Mostrando 8 de 8 productos");
    await expect(cards(page).first().getByRole("heading")).toHaveText("LifeBox Essential Mini");
  });

  test("the browser's back button returns to the previous filter", async ({ page }) => {
    await page.goto("/productos?linea=industry");
    await waitForHydration(page);
    await expect(count(page)).toHaveText("Mostrando 2 de 8 productos");
    await page.getByRole("link", { name: "Ver detalles del LifeBox Industry Mini" }).click();
    await expect(page.locator("h1")).toHaveText("LifeBox Industry Mini");
    await page.goBack();
    await expect(count(page)).toHaveText("Mostrando 2 de 8 productos");
    await expect(page.getByLabel("Categoría")).toHaveValue("industry");
  });

  test("each card links to its kit page, purchase page and quotation page", async ({ page }) => {
    await page.goto("/productos");
    const card = cards(page).filter({
      has: page.getByRole("heading", { name: "LifeBox Expedition", exact: true }),
    });
    await expect(card.getByRole("link", { name: "Ver detalles del LifeBox Expedition" })).toHaveAttribute(
      "href",
      "/productos/kit-expedition",
    );
    await expect(card.getByRole("link", { name: "Comprar LifeBox Expedition" })).toHaveAttribute(
      "href",
      "/comprar/expedition",
    );
    await expect(card.getByRole("link", { name: /Cotizar para empresa/ })).toHaveAttribute(
      "href",
      "/cotizar/expedition",
    );
    await expect(card.getByTestId("kit-components")).toHaveText("13 componentes");
    await expect(card.getByText("Estándar", { exact: true })).toBeVisible();
    // The picture names what it shows: the kit open with its components (docs/decisions/073).
    await expect(card.getByRole("img", { name: /^LifeBox Expedition abierto con .+ y / })).toHaveAttribute(
      "src",
      "/art/kits/expedition.svg",
    );
  });
});

test.describe("catalogue without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a shared link shows exactly the filtered result", async ({ page }) => {
    await page.goto("/productos?linea=nautical&version=mini&orden=precio-desc");
    await expect(count(page)).toHaveText("Mostrando 1 de 8 productos");
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).getByRole("heading")).toHaveText("LifeBox Nautical Mini");
    await expect(page.getByLabel("Categoría")).toHaveValue("nautical");
    await expect(page.getByLabel("Versión")).toHaveValue("mini");
    await expect(page.getByLabel("Ordenar por")).toHaveValue("precio-desc");
  });

  test("changing the selects and pressing Aplicar submits the filter form", async ({ page }) => {
    await page.goto("/productos");
    await expect(count(page)).toHaveText("Mostrando 8 de 8 productos");
    const apply = page.getByRole("button", { name: "Aplicar" });
    await expect(apply).toBeVisible();

    await page.getByLabel("Categoría").selectOption("expedition");
    // Without JavaScript nothing happens until the form is submitted.
    await expect(count(page)).toHaveText("Mostrando 8 de 8 productos");
    await apply.click();
    await expect(page).toHaveURL(/\/productos\?.*linea=expedition/);
    await expect(count(page)).toHaveText("Mostrando 2 de 8 productos");
    expect(await names(page)).toEqual(["LifeBox Expedition Mini", "LifeBox Expedition"]);
    await expect(page.getByLabel("Categoría")).toHaveValue("expedition");

    await page.getByLabel("Ordenar por").selectOption("precio-desc");
    await page.getByRole("button", { name: "Aplicar" }).click();
    await expect(page).toHaveURL(/orden=precio-desc/);
    await expect.poll(() => names(page)).toEqual(["LifeBox Expedition", "LifeBox Expedition Mini"]);
  });

  test("the version filter works with Aplicar", async ({ page }) => {
    await page.goto("/productos");
    await page.getByLabel("Versión").selectOption("mini");
    await page.getByRole("button", { name: "Aplicar" }).click();
    await expect(page).toHaveURL(/version=mini/);
    await expect(count(page)).toHaveText("Mostrando 4 de 8 productos");
    for (const name of await names(page)) expect(name).toMatch(/ Mini$/);
  });
});

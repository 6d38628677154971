import { expect, test, type Page } from "@playwright/test";

/**
 * Goal: on each kit's page a visitor sees its price and how many components it has, finds its
 * sibling (the standard or Mini version of the same line) and the way back to the catalogue;
 * search engines get the Product and BreadcrumbList data.
 */

interface KitSpec {
  id: string;
  name: string;
  price: number;
  components: number;
  sibling: string;
}

/** SPEC table: prices in CLP (IVA included) and component counts. */
const spec: Record<string, Omit<KitSpec, "id" | "sibling">> = {
  essential: { name: "LifeBox Essential", price: 219990, components: 11 },
  expedition: { name: "LifeBox Expedition", price: 289990, components: 13 },
  nautical: { name: "LifeBox Nautical", price: 349990, components: 9 },
  industry: { name: "LifeBox Industry", price: 539990, components: 10 },
  "essential-mini": { name: "LifeBox Essential Mini", price: 139990, components: 9 },
  "expedition-mini": { name: "LifeBox Expedition Mini", price: 179990, components: 10 },
  "nautical-mini": { name: "LifeBox Nautical Mini", price: 199990, components: 6 },
  "industry-mini": { name: "LifeBox Industry Mini", price: 185990, components: 7 },
};

const kits: KitSpec[] = Object.entries(spec).map(([id, kit]) => ({
  id,
  ...kit,
  sibling: id.endsWith("-mini") ? id.slice(0, -"-mini".length) : `${id}-mini`,
}));

/** "$219.990": Chilean pesos with a dot as thousands separator. */
const formatted = (pesos: number) => `$${pesos.toLocaleString("de-DE")}`;

/** Every JSON-LD block of the page, parsed. */
async function structuredData(page: Page): Promise<Array<Record<string, unknown>>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((block) => JSON.parse(block) as Record<string, unknown>);
}

test.describe("kit pages", () => {
  for (const kit of kits) {
    test(`${kit.name}: price, components, sibling, catalogue link and structured data`, async ({
      page,
      baseURL,
    }) => {
      const path = `/productos/kit-${kit.id}`;
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("h1")).toHaveText(kit.name);

      // Price, as the shop writes it, in the hero and in the buy section.
      await expect(page.getByTestId("kit-price")).toHaveText(formatted(kit.price));
      await expect(page.locator("#comprar")).toContainText(formatted(kit.price));
      await expect(page.getByTestId("kit-components")).toContainText(`${kit.components} componentes`);
      await expect(page.getByRole("main")).toContainText(`IVA incluido · ${kit.components} componentes`);

      // The picture is the kit open with each of its components, and its alt text says so (073).
      const picture = page.getByRole("img", { name: new RegExp(`^${kit.name} abierto con .+ [ye] `) });
      await expect(picture).toHaveAttribute("src", `/art/kits/${kit.id}.svg`);
      const svg = await (await page.request.get(`/art/kits/${kit.id}.svg`)).text();
      expect(svg.match(/data-component="/g)).toHaveLength(kit.components);

      // The sibling card shows the sibling's own name, count and price and links to it.
      const sibling = spec[kit.sibling]!;
      const card = page.getByTestId("sibling-card");
      await expect(card).toHaveCount(1);
      await expect(card).toHaveAttribute("href", `/productos/kit-${kit.sibling}`);
      await expect(card).toContainText(sibling.name);
      await expect(card.getByTestId("sibling-components")).toContainText(`${sibling.components} componentes`);
      await expect(card.getByTestId("sibling-components")).toContainText(formatted(sibling.price));

      await expect(page.getByRole("link", { name: "Ver todos los productos" })).toHaveAttribute(
        "href",
        "/productos",
      );
      const breadcrumb = page.getByRole("navigation", { name: "Ruta de navegación" });
      await expect(breadcrumb.getByRole("link", { name: "Productos" })).toHaveAttribute("href", "/productos");

      // Structured data: a Product with its offer in CLP, and the breadcrumb trail.
      const data = await structuredData(page);
      const product = data.find((block) => block["@type"] === "Product");
      expect(product, "Product JSON-LD").toBeDefined();
      expect(product!.name).toBe(kit.name);
      const offers = product!.offers as Record<string, unknown>;
      expect(offers.priceCurrency).toBe("CLP");
      expect(Number(offers.price)).toBe(kit.price);
      expect(new URL(String(offers.url)).pathname).toBe(path);

      const breadcrumbs = data.find((block) => block["@type"] === "BreadcrumbList");
      expect(breadcrumbs, "BreadcrumbList JSON-LD").toBeDefined();
      const items = breadcrumbs!.itemListElement as Array<Record<string, unknown>>;
      expect(items.map((item) => item.position)).toEqual([1, 2, 3]);
      expect(items.map((item) => new URL(String(item.item)).pathname)).toEqual(["/", "/productos", path]);
      expect(items[2]!.name).toBe(kit.name);
      expect(new URL(baseURL!).origin).toBe(new URL(String(items[0]!.item)).origin);
    });
  }

  test("the sibling card navigates to the sibling, and back again", async ({ page }) => {
    await page.goto("/productos/kit-nautical");
    await page.getByTestId("sibling-card").click();
    await expect(page).toHaveURL(/\/productos\/kit-nautical-mini$/);
    await expect(page.locator("h1")).toHaveText("LifeBox Nautical Mini");
    await expect(page.getByTestId("kit-price")).toHaveText("$199.990");
    await page.getByTestId("sibling-card").click();
    await expect(page).toHaveURL(/\/productos\/kit-nautical$/);
    await expect(page.locator("h1")).toHaveText("LifeBox Nautical");
    await expect(page.getByTestId("kit-price")).toHaveText("$349.990");
  });

  test("the buy and quotation buttons link to the kit's purchase and quotation pages", async ({ page }) => {
    await page.goto("/productos/kit-industry-mini");
    // Both the hero and the buy section offer them, as links that also work without JavaScript.
    const hero = page.locator("section").filter({ has: page.getByTestId("kit-price") });
    for (const scope of [hero, page.locator("#comprar")]) {
      const buy = scope.getByRole("link", { name: "Comprar", exact: true });
      await expect(buy).toHaveAttribute("href", "/comprar/industry-mini");
      await expect(buy).not.toHaveAttribute("target", "_blank");
      await expect(scope.getByRole("link", { name: "Cotizar para empresa" })).toHaveAttribute(
        "href",
        "/cotizar/industry-mini",
      );
    }
    await expect(page.getByRole("link", { name: "Comprar", exact: true })).toHaveCount(2);
  });

  test("the catalogue's Ver detalles reaches the kit page with the same price", async ({ page }) => {
    await page.goto("/productos");
    await page.getByRole("link", { name: "Ver detalles del LifeBox Expedition Mini" }).click();
    await expect(page).toHaveURL(/\/productos\/kit-expedition-mini$/);
    // The URL changes as the client navigation starts; wait for the new page before reading it.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("LifeBox Expedition Mini");
    await expect(page.getByTestId("kit-price")).toHaveText("$179.990");
  });
});

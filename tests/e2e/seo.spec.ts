import { expect, test } from "@playwright/test";
import { indexablePaths, thanksPath } from "./support";

/**
 * Goal: search engines find every public page (sitemap, robots.txt), read the Organization data
 * on each page, and skip what should not be indexed.
 */

const allPublicPaths = [...indexablePaths, thanksPath];

/** The JSON-LD blocks of a server-rendered page, as a crawler without JavaScript reads them. */
function jsonLdBlocks(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

test.describe("sitemap and robots.txt", () => {
  test("/sitemap.xml lists every public page and not /gracias", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/xml/);
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect([...locations].sort()).toEqual([...indexablePaths].sort());
    expect(locations.some((path) => path.startsWith("/gracias"))).toBe(false);
  });

  test("every page in the sitemap answers 200", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    for (const [, loc] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const response = await request.get(new URL(loc!).pathname);
      expect(response.status(), loc).toBe(200);
    }
  });

  test("/robots.txt keeps crawlers out of /admin and points to the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/admin$/m);
    const sitemap = /^Sitemap: (\S+)$/m.exec(text);
    expect(sitemap, "Sitemap line").not.toBeNull();
    expect(new URL(sitemap![1]!).pathname).toBe("/sitemap.xml");
  });
});

test.describe("structured data and indexing", () => {
  test("every public page carries the Organization JSON-LD", async ({ request }) => {
    for (const path of allPublicPaths) {
      const blocks = jsonLdBlocks(await (await request.get(path)).text());
      const organization = blocks.find((block) => block["@type"] === "Organization");
      expect(organization, `Organization JSON-LD on ${path}`).toBeDefined();
      expect(organization!["@context"]).toBe("https://schema.org");
      expect(organization!.name).toBe("LifeBox");
      expect(organization!.url).toMatch(/^https?:\/\//);
      expect(Array.isArray(organization!.sameAs)).toBe(true);
    }
  });

  test("the Organization JSON-LD is in the page once hydrated, too", async ({ page }) => {
    await page.goto("/contacto");
    const types = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (block) => (JSON.parse(block) as Record<string, unknown>)["@type"],
    );
    expect(types.filter((type) => type === "Organization")).toHaveLength(1);
  });

  test("indexable pages have Open Graph tags and no noindex", async ({ request }) => {
    for (const path of indexablePaths) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toMatch(/<meta name="robots" content="[^"]*noindex/);
      for (const property of ["og:title", "og:description", "og:url", "og:image"]) {
        expect(html, `${property} on ${path}`).toMatch(
          new RegExp(`<meta property="${property}" content="[^"]+"`),
        );
      }
    }
  });

  test("the thank-you and not-found pages are noindex", async ({ request }) => {
    for (const path of ["/gracias?producto=nautical&tipo=cotizacion", "/no-existe"]) {
      const html = await (await request.get(path)).text();
      expect(html, path).toMatch(/<meta name="robots" content="[^"]*noindex/);
    }
  });
});

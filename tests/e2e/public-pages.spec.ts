import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./support";

/**
 * Goal: every public page answers, in Spanish, with its own title, one main heading, a description
 * and a canonical address; unknown addresses answer a real 404; the old /thanks address redirects.
 */

interface PublicPage {
  path: string;
  h1: string;
  /** Pages marked noindex carry no canonical link (they should not be indexed at all). */
  noindex?: boolean;
}

const kitPages: PublicPage[] = [
  ["essential", "LifeBox Essential"],
  ["expedition", "LifeBox Expedition"],
  ["nautical", "LifeBox Nautical"],
  ["industry", "LifeBox Industry"],
  ["essential-mini", "LifeBox Essential Mini"],
  ["expedition-mini", "LifeBox Expedition Mini"],
  ["nautical-mini", "LifeBox Nautical Mini"],
  ["industry-mini", "LifeBox Industry Mini"],
].map(([id, name]) => ({ path: `/productos/kit-${id}`, h1: name! }));

const publicPages: PublicPage[] = [
  { path: "/", h1: "LifeBox Survival Kits" },
  { path: "/productos", h1: "Nuestros productos" },
  ...kitPages,
  { path: "/como-funciona", h1: "Cómo funciona" },
  { path: "/proposito", h1: "Nuestro propósito" },
  { path: "/faq", h1: "Preguntas frecuentes" },
  { path: "/galeria", h1: "Galería de clientes" },
  { path: "/galeria/compartir", h1: "Comparte tu LifeBox", noindex: true },
  { path: "/contacto", h1: "Contacto" },
  { path: "/gracias?producto=nautical&tipo=cotizacion", h1: "¡Gracias por cotizar!", noindex: true },
  { path: "/terminos", h1: "Términos y condiciones" },
  { path: "/privacidad", h1: "Política de privacidad" },
];

/** Collects uncaught page errors and React hydration complaints while a page is open. */
function watchForErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|did not match|minified react error/i.test(message.text())) {
      problems.push(`console: ${message.text().slice(0, 200)}`);
    }
  });
  return problems;
}

test.describe("public pages render", () => {
  for (const { path, h1, noindex } of publicPages) {
    test(`${path} answers 200 with title, one h1, lang, description and canonical`, async ({
      page,
      baseURL,
    }) => {
      const problems = watchForErrors(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);

      await expect(page.locator("html")).toHaveAttribute("lang", "es-CL");
      await expect(page).toHaveTitle(/\S/);

      const headings = page.locator("h1");
      await expect(headings).toHaveCount(1);
      await expect(headings).toHaveText(h1);

      const description = page.locator('head meta[name="description"]');
      await expect(description).toHaveCount(1);
      expect((await description.getAttribute("content"))?.trim().length ?? 0).toBeGreaterThan(50);

      const canonical = page.locator('head link[rel="canonical"]');
      if (noindex) {
        await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", /noindex/);
        await expect(canonical).toHaveCount(0);
      } else {
        await expect(canonical).toHaveCount(1);
        // Canonical addresses are absolute and carry no query string.
        expect(new URL((await canonical.getAttribute("href"))!).pathname).toBe(
          new URL(path, baseURL).pathname,
        );
      }

      await waitForHydration(page);
      expect(problems).toEqual([]);
    });
  }

  test("every page has a different title", async ({ request }) => {
    const titles = new Map<string, string>();
    for (const { path } of publicPages) {
      const html = await (await request.get(path)).text();
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1]?.trim() ?? "";
      expect(title, `title of ${path}`).not.toBe("");
      expect(titles.get(title), `${path} repeats the title of ${titles.get(title)}`).toBeUndefined();
      titles.set(title, path);
    }
  });

  test("no page breaks its own Content-Security-Policy", async ({ page }) => {
    test.slow();
    // Record every violation the browser reports (directive, what was blocked, a sample of it).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) => {
        seen.push(
          `${event.effectiveDirective} blocked ${event.blockedURI || "inline"}: ${event.sample || "(no sample)"}`,
        );
      });
    });
    const violations: string[] = [];
    for (const { path } of [...publicPages, { path: "/pagina-que-no-existe" }]) {
      await page.goto(path);
      await waitForHydration(page);
      const seen = await page.evaluate(
        () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
      );
      violations.push(...seen.map((violation) => `${path}: ${violation}`));
    }
    expect(violations).toEqual([]);
  });

  test("every image has an alt attribute, a width and a height", async ({ page }) => {
    test.slow();
    for (const { path } of publicPages) {
      await page.goto(path);
      const offenders = await page
        .locator("img")
        .evaluateAll((images) =>
          images
            .filter(
              (image) =>
                !image.hasAttribute("alt") || !image.getAttribute("width") || !image.getAttribute("height"),
            )
            .map((image) => image.outerHTML.slice(0, 160)),
        );
      expect(offenders, `images without alt/width/height on ${path}`).toEqual([]);
    }
  });
});

test.describe("redirects and not found", () => {
  test("/thanks moves permanently to /gracias and keeps the query", async ({ request }) => {
    const response = await request.get("/thanks?producto=essential&tipo=cotizacion", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    const location = new URL(response.headers()["location"] ?? "", "http://example.test");
    expect(location.pathname).toBe("/gracias");
    expect(location.searchParams.get("producto")).toBe("essential");
    expect(location.searchParams.get("tipo")).toBe("cotizacion");
  });

  for (const path of ["/esta-pagina-no-existe", "/productos/kit-nope"]) {
    test(`${path} answers 404 with the Spanish not-found page`, async ({ page }) => {
      const problems = watchForErrors(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.locator("h1")).toHaveText("¡Ups! Página no encontrada");
      await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      const home = page.getByRole("main").getByRole("link", { name: "Volver al inicio" });
      await expect(home).toHaveAttribute("href", "/");
      await waitForHydration(page);
      // Still the not-found page once the client has taken over.
      await expect(page.locator("h1")).toHaveText("¡Ups! Página no encontrada");
      expect(problems).toEqual([]);
    });
  }
});

import { describe, expect, it } from "vitest";
import { kitIds } from "~/content/types";
import { publicPaths, robotsTxt, sitemapXml } from "~/lib/sitemap";

describe("sitemap", () => {
  it("lists every public page once", () => {
    const paths = publicPaths();
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      "/",
      "/productos",
      "/como-funciona",
      "/proposito",
      "/faq",
      "/galeria",
      "/contacto",
      "/terminos",
      "/privacidad",
    ]) {
      expect(paths).toContain(path);
    }
    for (const id of kitIds) expect(paths).toContain(`/productos/kit-${id}`);
    expect(paths).toHaveLength(9 + 8);
  });

  it("writes absolute URLs on the configured origin", () => {
    const xml = sitemapXml("https://lifebox.cl");
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain("<loc>https://lifebox.cl/</loc>");
    expect(xml).toContain("<loc>https://lifebox.cl/productos/kit-nautical-mini</loc>");
    expect(xml.match(/<url>/g)).toHaveLength(publicPaths().length);
    expect(xml).not.toContain("/gracias");
    // The gallery's first page only; its upload form is not for search results.
    expect(xml).toContain("<loc>https://lifebox.cl/galeria</loc>");
    expect(xml).not.toContain("pagina=");
    expect(xml).not.toContain("/galeria/compartir");
  });

  it("keeps robots out of the admin and points them to the sitemap", () => {
    const robots = robotsTxt("https://lifebox.cl");
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toContain("Sitemap: https://lifebox.cl/sitemap.xml");
  });
});

import { kitList, kitPath } from "~/content/kits";

/**
 * Every public page a search engine should index. The thank-you page (/gracias) is left out: it
 * only makes sense after a quotation and is marked noindex; so is the gallery's upload form, for
 * customers who ordered. The gallery is listed by its first page (the others link from it).
 */
export function publicPaths(): string[] {
  return [
    "/",
    "/productos",
    ...kitList.map((kit) => kitPath(kit)),
    "/como-funciona",
    "/proposito",
    "/faq",
    "/galeria",
    "/contacto",
    "/terminos",
    "/privacidad",
  ];
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!,
  );

export function sitemapXml(siteUrl: string, paths: string[] = publicPaths()): string {
  const urls = paths
    .map((path) => `  <url><loc>${escapeXml(new URL(path, `${siteUrl}/`).toString())}</loc></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

import { sitemapXml } from "~/lib/sitemap";
import { getEnv } from "~/infra/env.server";

export function loader() {
  return new Response(sitemapXml(getEnv().SITE_URL), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

import { robotsTxt } from "~/lib/sitemap";
import { getEnv } from "~/infra/env.server";

export function loader() {
  return new Response(robotsTxt(getEnv().SITE_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

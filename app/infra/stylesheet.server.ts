import fs from "node:fs";
import path from "node:path";

let cached: { url: string; css: string } | undefined;

/**
 * The text of the built stylesheet at `url` (/assets/app-….css), read once from build/client.
 * Production only (development links the stylesheet); a missing file is a broken build, said loudly.
 */
export function builtStylesheet(url: string): string {
  if (cached?.url === url) return cached.css;
  const css = fs.readFileSync(path.join(process.cwd(), "build", "client", url), "utf8");
  cached = { url, css };
  return css;
}

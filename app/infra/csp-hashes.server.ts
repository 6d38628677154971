import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";

/**
 * Inline styles that libraries inject at run time and our Content-Security-Policy must allow by
 * hash (a nonce cannot be given to them): sonner adds its stylesheet as a <style> element when its
 * module loads. The hash is computed from the installed package, so an upgrade cannot silently
 * break the toasts.
 */
function sonnerStylesheet(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const file = require.resolve("sonner").replace(/index\.js$/, "index.mjs");
    const source = fs.readFileSync(file, "utf8");
    const call = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source);
    return call ? (JSON.parse(call[1]!) as string) : undefined;
  } catch {
    return undefined;
  }
}

export function styleHash(css: string): string {
  return `'sha256-${crypto.createHash("sha256").update(css, "utf8").digest("base64")}'`;
}

let hashes: string[] | undefined;

/** The CSP hash sources of the injected stylesheets (empty if none could be read). */
export function injectedStyleHashes(): string[] {
  if (!hashes) {
    const css = sonnerStylesheet();
    // sonner appends its <style> element before filling it, so the empty element is checked too.
    hashes = css ? [styleHash(""), styleHash(css)] : [];
  }
  return hashes;
}

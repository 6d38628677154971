import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { injectedStyleHashes, styleHash } from "~/infra/csp-hashes.server";

describe("injectedStyleHashes", () => {
  it("allows the empty style element and sonner's stylesheet, as the CommonJS build injects it too", () => {
    // Read independently from the other build of the package the server reads.
    const file = createRequire(import.meta.url).resolve("sonner");
    const source = fs.readFileSync(file, "utf8");
    const literal = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1];
    expect(literal).toBeDefined();
    const css = JSON.parse(literal!) as string;
    expect(css).toContain("[data-sonner-toaster]");
    expect(injectedStyleHashes()).toEqual([styleHash(""), styleHash(css)]);
  });

  it("formats a CSP hash source", () => {
    const digest = crypto.createHash("sha256").update("a{color:red}").digest("base64");
    expect(styleHash("a{color:red}")).toBe(`'sha256-${digest}'`);
    // The well-known hash of the empty string.
    expect(styleHash("")).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
  });
});

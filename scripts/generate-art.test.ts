import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The artwork in public/ is what scripts/generate-art.mjs draws from the current sources (the kits'
 * contents among them; docs/decisions/073): the generator, run into a scratch folder, writes the
 * same bytes as are committed. A content change that alters a kit picture must regenerate it.
 */
const root = path.resolve(import.meta.dirname, "..");
const out = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-art-"));
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

/** The files under `dir`, relative to it. */
const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();

describe("generate-art", () => {
  it("writes exactly the committed artwork", () => {
    execFileSync(process.execPath, ["scripts/generate-art.mjs", "--out", out], { cwd: root, stdio: "pipe" });
    const generated = filesUnder(out);
    expect(generated).toContain("art/kits/nautical-mini.svg");
    const stale = generated.filter(
      (file) =>
        !fs.readFileSync(path.join(out, file)).equals(fs.readFileSync(path.join(root, "public", file))),
    );
    expect(stale, "run `node scripts/generate-art.mjs` and commit public/").toEqual([]);
  });
});

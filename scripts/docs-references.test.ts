import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A clone explains itself: the code, tests and docs cite the product rules and the layers by anchors
 * of docs/product.md and docs/architecture.md, never documents outside the repository (the first
 * specification, its rulings "D1"–"D26" and its architecture notes, which a clone does not have).
 */
const root = path.resolve(import.meta.dirname, "..");

/** Folders that are not the project's own text: dependencies, builds, generated types, local data. */
const skippedFolders = new Set([
  ".git",
  "node_modules",
  "build",
  ".react-router",
  "data",
  "test-results",
  "playwright-report",
  ".cache",
]);
const textFile = /\.(ts|tsx|mjs|cjs|js|md|css|json|ya?ml|html|sh|svg)$|^(run|\.gitignore|\.prettierignore)$/;

function projectFiles(folder = ""): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = folder === "" ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : projectFiles(relative);
    return entry.isFile() && textFile.test(entry.name) && relative !== "package-lock.json" ? [relative] : [];
  });
}

const files = projectFiles().map((file) => ({ file, text: readFileSync(path.join(root, file), "utf8") }));

/** Mentions of the outside documents or of any folder beside the repository. */
const outside = [
  /\.\.\/shared/,
  new RegExp(["SPEC", "md"].join("\\.")),
  new RegExp(["ARCHITECTURE", "md"].join("\\.")),
  new RegExp(["DECISIONS", "D\\d"].join(" ")),
];

/** The anchors a document offers: explicit `<a id="…">` and its headings' slugs. */
function anchorsOf(doc: string): Set<string> {
  const text = readFileSync(path.join(root, "docs", doc), "utf8");
  const ids = [...text.matchAll(/<a id="([^"]+)"><\/a>/g)].map((match) => match[1]!);
  const slugs = [...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) =>
    match[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s-]/gu, "")
      .replace(/\s/g, "-"),
  );
  return new Set([...ids, ...slugs]);
}

describe("references to the project's documents", () => {
  it("finds the project's files to read", () => {
    expect(files.map(({ file }) => file)).toEqual(
      expect.arrayContaining(["README.md", "docs/product.md", "app/routes.ts", "server/app.ts"]),
    );
  });

  it("never cites a document outside the repository", () => {
    const found = files.flatMap(({ file, text }) =>
      text
        .split("\n")
        .flatMap((line, index) =>
          outside.some((pattern) => pattern.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });

  it("cites only anchors that docs/product.md and docs/architecture.md have", () => {
    const anchors = { product: anchorsOf("product.md"), architecture: anchorsOf("architecture.md") };
    const missing = files.flatMap(({ file, text }) =>
      [...text.matchAll(/\b(product|architecture)\.md#([\w-]+)/g)]
        .filter((match) => !anchors[match[1] as keyof typeof anchors].has(match[2]!))
        .map((match) => `${file}: ${match[0]}`),
    );
    expect(missing).toEqual([]);
  });
});

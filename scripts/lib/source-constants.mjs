// Constants of the app's TypeScript sources, for the plain Node scripts that cannot import them.
import { readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** The strings of `export const <name> = [ … ] as const` in `file` (relative to the project), read as text. */
export function readConstArray(file, name) {
  const src = readFileSync(path.join(root, file), "utf8");
  const m = src.match(new RegExp(`export const ${name} = \\[([\\s\\S]*?)\\] as const`));
  if (!m) throw new Error(`${name} not found in ${file}`);
  return [...m[1].matchAll(/"([^"]+)"/g)].map((x) => x[1]);
}

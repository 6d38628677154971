// Constants of the app's TypeScript sources, for the plain Node scripts that cannot import them.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file) => readFileSync(path.join(root, file), "utf8");

/** The strings of `export const <name> = [ … ] as const` in `file` (relative to the project), read as text. */
export function readConstArray(file, name) {
  const src = read(file);
  const m = src.match(new RegExp(`export const ${name} = \\[([\\s\\S]*?)\\] as const`));
  if (!m) throw new Error(`${name} not found in ${file}`);
  return [...m[1].matchAll(/"([^"]+)"/g)].map((x) => x[1]);
}

const kitsDir = "app/content/kits";

/**
 * Each kit's component illustrations in content order (`{ essential: ["first-aid-kit", …], … }`),
 * read as text from app/content/kits/*.ts: the kits' `contents` name components of
 * app/content/kits/components.ts, each of which names its illustration. app/content/kit-art.test.ts
 * checks the result against the imported content, so this reader cannot drift from it unseen.
 */
export function readKitComponents() {
  // `{ name, description, illustration }`, or `{ ...another, name }` that takes another's illustration
  const definitions = new Map(
    [
      ...read(`${kitsDir}/components.ts`).matchAll(/export const (\w+): KitComponent = \{([\s\S]*?)\n\};/g),
    ].map(([, name, body]) => [name, body]),
  );
  const illustrationOf = (name) => {
    const body = definitions.get(name);
    const spread = body?.match(/^\s*\.\.\.(\w+),/)?.[1];
    return body?.match(/\n {2}illustration: "([^"]+)"/)?.[1] ?? (spread && illustrationOf(spread));
  };
  const kits = {};
  for (const file of readdirSync(path.join(root, kitsDir)).sort()) {
    for (const [, body] of read(`${kitsDir}/${file}`).matchAll(
      /export const \w+: Kit = \{([\s\S]*?)\n\};/g,
    )) {
      const id = body.match(/\n {2}id: "([^"]+)"/)?.[1];
      const contents = body.match(/\n {2}contents: \[([\s\S]*?)\n {2}\],/)?.[1];
      if (!id || !contents) throw new Error(`A kit in ${kitsDir}/${file} has no id or contents`);
      kits[id] = [...contents.matchAll(/items: \[([^\]]*)\]/g)].flatMap(([, items]) =>
        // component names: the identifiers left once strings and `key:` properties are removed
        [...items.replace(/"(?:[^"\\]|\\.)*"/g, "").matchAll(/([A-Za-z_]\w*)(\s*:)?/g)]
          .filter((m) => !m[2])
          .map(([, name]) => {
            const illustration = illustrationOf(name);
            if (!illustration) throw new Error(`Component ${name} of kit ${id} not found in components.ts`);
            return illustration;
          }),
      );
    }
  }
  return kits;
}

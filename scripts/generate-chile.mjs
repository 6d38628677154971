#!/usr/bin/env node
/**
 * Generates app/content/chile.ts, the typed list of Chile's 16 regions and 346 comunas
 * (docs/product.md#d7), from the CSV files in scripts/chile/ (their source: scripts/chile/README.md).
 *
 * Input:  {CHILE_DATA_DIR}/regiones.csv  (region_cut,nombre,nombre_corto,iso_3166_2)
 *         {CHILE_DATA_DIR}/comunas.csv   (cut,comuna,provincia_cut,region_cut)
 *         CHILE_DATA_DIR defaults to scripts/chile, relative to the repository root.
 * Output: app/content/chile.ts — committed; deterministic (same input → byte-identical output) and
 *         already in the project's Prettier style.
 *
 * The data are checked before anything is written: 16 regions, 346 comunas, well-formed and unique
 * CUT codes, every comuna in a known region, the non-continental comunas present.
 *
 * Usage: node scripts/generate-chile.mjs
 *        CHILE_DATA_DIR=/path/to/chile node scripts/generate-chile.mjs
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = path.resolve(repoRoot, process.env.CHILE_DATA_DIR ?? "scripts/chile");
const outFile = path.join(repoRoot, "app/content/chile.ts");

const EXPECTED_REGIONS = 16;
const EXPECTED_COMUNAS = 346;
/** Isla de Pascua, Juan Fernández, Antártica: shipping is arranged with the customer (D7). */
const NON_CONTINENTAL = ["05201", "05104", "12202"];
const PRINT_WIDTH = 110;

/**
 * Reads a simple CSV (no quoted fields: the data set has none, and a stray quote or comma is
 * rejected rather than misread) into objects keyed by the header.
 */
function readCsv(file, columns) {
  const text = readFileSync(path.join(dataDir, file), "utf8").replace(/^\uFEFF/, "");
  const [header, ...lines] = text.split(/\r?\n/).filter((line) => line.trim() !== "");
  if (header !== columns.join(",")) {
    throw new Error(`${file}: expected header "${columns.join(",")}", got "${header}"`);
  }
  return lines.map((line, i) => {
    if (line.includes('"')) throw new Error(`${file}:${i + 2}: quoted fields are not supported`);
    const cells = line.split(",").map((cell) => cell.trim());
    if (cells.length !== columns.length) {
      throw new Error(`${file}:${i + 2}: expected ${columns.length} fields, got ${cells.length}`);
    }
    return Object.fromEntries(columns.map((column, j) => [column, cells[j]]));
  });
}

function fail(message) {
  throw new Error(`Chile data check failed: ${message}`);
}

const collator = new Intl.Collator("es");
/** Code-point order, for the numeric CUT strings (independent of the locale). */
const byCode = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The regions north to south, by CUT: the order Chileans expect in a región list (Arica y
 * Parinacota … Magallanes), which CUT order is not (15 and 16 were created later).
 */
const NORTH_TO_SOUTH = [
  "15", // Arica y Parinacota
  "01", // Tarapacá
  "02", // Antofagasta
  "03", // Atacama
  "04", // Coquimbo
  "05", // Valparaíso
  "13", // Metropolitana de Santiago
  "06", // O'Higgins
  "07", // Maule
  "16", // Ñuble
  "08", // Biobío
  "09", // La Araucanía
  "14", // Los Ríos
  "10", // Los Lagos
  "11", // Aysén
  "12", // Magallanes
];
const geographic = (cut) => {
  const index = NORTH_TO_SOUTH.indexOf(cut);
  if (index === -1) fail(`region CUT "${cut}" has no place in NORTH_TO_SOUTH`);
  return index;
};

const regions = readCsv("regiones.csv", ["region_cut", "nombre", "nombre_corto", "iso_3166_2"])
  .map((row) => ({ cut: row.region_cut, name: row.nombre, shortName: row.nombre_corto, iso: row.iso_3166_2 }))
  .sort((a, b) => geographic(a.cut) - geographic(b.cut));

const regionOrder = new Map(regions.map((region, index) => [region.cut, index]));

const comunas = readCsv("comunas.csv", ["cut", "comuna", "provincia_cut", "region_cut"])
  .map((row) => ({ cut: row.cut, name: row.comuna, regionCut: row.region_cut }))
  .sort(
    (a, b) =>
      (regionOrder.get(a.regionCut) ?? 0) - (regionOrder.get(b.regionCut) ?? 0) ||
      collator.compare(a.name, b.name) ||
      byCode(a.cut, b.cut),
  );

// --- Checks -----------------------------------------------------------------------------------

if (regions.length !== EXPECTED_REGIONS) fail(`expected ${EXPECTED_REGIONS} regions, got ${regions.length}`);
if (comunas.length !== EXPECTED_COMUNAS) fail(`expected ${EXPECTED_COMUNAS} comunas, got ${comunas.length}`);
for (const region of regions) {
  if (!/^\d{2}$/.test(region.cut)) fail(`bad region CUT "${region.cut}"`);
  if (!/^CL-[A-Z]{2}$/.test(region.iso)) fail(`bad ISO code "${region.iso}" for region ${region.cut}`);
  if (!region.name || !region.shortName) fail(`region ${region.cut} has an empty name`);
}
for (const comuna of comunas) {
  if (!/^\d{5}$/.test(comuna.cut)) fail(`bad comuna CUT "${comuna.cut}"`);
  if (!comuna.name) fail(`comuna ${comuna.cut} has an empty name`);
  if (!regionOrder.has(comuna.regionCut))
    fail(`comuna ${comuna.cut} is in unknown region ${comuna.regionCut}`);
  if (!comuna.cut.startsWith(comuna.regionCut)) {
    fail(`comuna ${comuna.cut} does not start with its region CUT ${comuna.regionCut}`);
  }
}
for (const [what, list] of [
  ["region CUT", regions.map((r) => r.cut)],
  ["region ISO code", regions.map((r) => r.iso)],
  ["comuna CUT", comunas.map((c) => c.cut)],
]) {
  const seen = new Set();
  for (const value of list) {
    if (seen.has(value)) fail(`duplicate ${what} "${value}"`);
    seen.add(value);
  }
}
for (const cut of NON_CONTINENTAL) {
  if (!comunas.some((comuna) => comuna.cut === cut)) fail(`non-continental comuna ${cut} is missing`);
}

// --- Output (in Prettier style, printWidth 110) -------------------------------------------------

const str = (value) => JSON.stringify(value);

/** One object literal per line, or one property per line when it would not fit (as Prettier does). */
function objectLines(entries) {
  const props = entries.map(([key, value]) => `${key}: ${str(value)}`);
  const oneLine = `  { ${props.join(", ")} },`;
  if (oneLine.length <= PRINT_WIDTH) return [oneLine];
  return ["  {", ...props.map((prop) => `    ${prop},`), "  },"];
}

const source = [
  "/**",
  " * Chile's 16 regions and 346 comunas (docs/product.md#d7).",
  " *",
  " * GENERATED FILE — do not edit by hand.",
  " * Source: scripts/chile/regiones.csv and comunas.csv (CUT codes of SUBDERE, Ley 21.074, as",
  " * compiled in the MIT-licensed clregions data set).",
  " * Regenerate: node scripts/generate-chile.mjs (CHILE_DATA_DIR overrides the data folder).",
  " *",
  " * Regions run north to south (Arica y Parinacota … Magallanes); comunas are grouped by region in",
  " * that order and sorted by name in Spanish collation within each region. Helpers live in",
  " * app/lib/places.ts.",
  " */",
  "",
  "export interface Region {",
  '  /** Código Único Territorial of the region, two digits: "13". */',
  "  cut: string;",
  '  /** Official name: "Región Metropolitana de Santiago". */',
  "  name: string;",
  '  /** Name without "Región de …": "Metropolitana de Santiago". */',
  "  shortName: string;",
  '  /** ISO 3166-2 code: "CL-RM". */',
  "  iso: string;",
  "}",
  "",
  "export interface Comuna {",
  '  /** Código Único Territorial of the comuna, five digits: "13101". */',
  "  cut: string;",
  '  /** Name as written officially: "Santiago". */',
  "  name: string;",
  "  /** CUT of the region the comuna belongs to. */",
  "  regionCut: string;",
  "}",
  "",
  "export const regions: ReadonlyArray<Region> = [",
  ...regions.flatMap((r) =>
    objectLines([
      ["cut", r.cut],
      ["name", r.name],
      ["shortName", r.shortName],
      ["iso", r.iso],
    ]),
  ),
  "];",
  "",
  "export const comunas: ReadonlyArray<Comuna> = [",
  ...comunas.flatMap((c) =>
    objectLines([
      ["cut", c.cut],
      ["name", c.name],
      ["regionCut", c.regionCut],
    ]),
  ),
  "];",
  "",
  "/** Isla de Pascua, Juan Fernández and Antártica: not continental Chile, shipping is arranged (D7). */",
  `export const nonContinentalComunaCuts = [${NON_CONTINENTAL.map(str).join(", ")}] as const;`,
  "export type NonContinentalComunaCut = (typeof nonContinentalComunaCuts)[number];",
  "",
].join("\n");

writeFileSync(outFile, source);
console.log(
  `Wrote ${path.relative(repoRoot, outFile)}: ${regions.length} regions, ${comunas.length} comunas (from ${dataDir}).`,
);

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { comunas, nonContinentalComunaCuts, regions } from "~/content/chile";
import { comunasOfRegion, getComuna, getRegion, isComunaInRegion, shippingFor } from "~/lib/places";

/**
 * Comunas per region, north to south (the order Chileans expect in a región list), counted in the
 * official list (independent of the generated module).
 */
const comunasPerRegion: ReadonlyArray<readonly [string, number]> = [
  ["15", 4], // Arica y Parinacota
  ["01", 7], // Tarapacá
  ["02", 9], // Antofagasta
  ["03", 9], // Atacama
  ["04", 15], // Coquimbo
  ["05", 38], // Valparaíso
  ["13", 52], // Metropolitana de Santiago
  ["06", 33], // O'Higgins
  ["07", 30], // Maule
  ["16", 21], // Ñuble
  ["08", 33], // Biobío
  ["09", 32], // La Araucanía
  ["14", 12], // Los Ríos
  ["10", 30], // Los Lagos
  ["11", 10], // Aysén
  ["12", 11], // Magallanes
];

describe("the generated regions and comunas (app/content/chile.ts)", () => {
  it("has Chile's 16 regions, north to south, with unique CUT and ISO codes", () => {
    expect(regions).toHaveLength(16);
    expect(regions.map((r) => r.cut)).toEqual(comunasPerRegion.map(([cut]) => cut));
    expect(regions[0]?.name).toBe("Región de Arica y Parinacota");
    expect(regions.at(-1)?.shortName).toMatch(/^Magallanes/);
    expect(new Set(regions.map((r) => r.iso)).size).toBe(16);
    for (const region of regions) {
      expect(region.iso).toMatch(/^CL-[A-Z]{2}$/);
      expect(region.name.length).toBeGreaterThan(region.shortName.length);
    }
  });

  it("names the regions as the official list does", () => {
    expect(getRegion("13")).toEqual({
      cut: "13",
      name: "Región Metropolitana de Santiago",
      shortName: "Metropolitana de Santiago",
      iso: "CL-RM",
    });
    expect(getRegion("16")?.name).toBe("Región de Ñuble");
    expect(getRegion("15")?.shortName).toBe("Arica y Parinacota");
    expect(getRegion("06")?.name).toBe("Región del Libertador General Bernardo O'Higgins");
  });

  it("has 346 comunas with unique five-digit CUTs, each in an existing region", () => {
    expect(comunas).toHaveLength(346);
    expect(new Set(comunas.map((c) => c.cut)).size).toBe(346);
    for (const comuna of comunas) {
      expect(comuna.cut).toMatch(/^\d{5}$/);
      expect(getRegion(comuna.regionCut), comuna.cut).toBeDefined();
      expect(comuna.cut.startsWith(comuna.regionCut), comuna.cut).toBe(true);
    }
  });

  it("groups comunas by region, north to south, and sorts them by name in Spanish collation", () => {
    const regionCuts = [...new Set(comunas.map((c) => c.regionCut))];
    expect(regionCuts).toEqual(regions.map((r) => r.cut));
    const collator = new Intl.Collator("es");
    for (const region of regions) {
      const names = comunas.filter((c) => c.regionCut === region.cut).map((c) => c.name);
      expect(names).toEqual([...names].sort(collator.compare));
    }
    // Ñ between N and O, accented letters with their base letter (code-point order would differ).
    const santiago = comunasOfRegion("13").map((c) => c.name);
    expect(santiago[0]).toBe("Alhué");
    expect(santiago.indexOf("Ñuñoa")).toBe(santiago.indexOf("Melipilla") + 1);
    expect(santiago.indexOf("Padre Hurtado")).toBe(santiago.indexOf("Ñuñoa") + 1);
    expect(santiago.at(-1)).toBe("Vitacura");
  });

  it("lists the three non-continental comunas (D7)", () => {
    expect([...nonContinentalComunaCuts].sort()).toEqual(["05104", "05201", "12202"]);
    expect(getComuna("05201")).toEqual({ cut: "05201", name: "Isla de Pascua", regionCut: "05" });
    expect(getComuna("05104")).toEqual({ cut: "05104", name: "Juan Fernández", regionCut: "05" });
    expect(getComuna("12202")).toEqual({ cut: "12202", name: "Antártica", regionCut: "12" });
  });

  // The committed source files (scripts/chile/README.md); CHILE_DATA_DIR checks another copy.
  const dataDir = path.resolve(process.cwd(), process.env.CHILE_DATA_DIR ?? "scripts/chile");
  it("matches the source CSV files (regenerate with node scripts/generate-chile.mjs)", () => {
    const rows = (file: string) =>
      readFileSync(path.join(dataDir, file), "utf8")
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .map((line) => line.split(","));
    const csvRegions = rows("regiones.csv").map(([cut, name, shortName, iso]) => ({
      cut,
      name,
      shortName,
      iso,
    }));
    const csvComunas = rows("comunas.csv").map(([cut, name, , regionCut]) => ({ cut, name, regionCut }));
    const byCut = (a: { cut?: string }, b: { cut?: string }) => ((a.cut ?? "") < (b.cut ?? "") ? -1 : 1);
    expect([...regions].sort(byCut)).toEqual(csvRegions.sort(byCut));
    expect([...comunas].sort(byCut)).toEqual(csvComunas.sort(byCut));
  });
});

describe("getRegion and getComuna", () => {
  it("find by CUT", () => {
    expect(getRegion("05")?.shortName).toBe("Valparaíso");
    expect(getComuna("13101")).toEqual({ cut: "13101", name: "Santiago", regionCut: "13" });
    expect(getComuna("13120")?.name).toBe("Ñuñoa");
  });

  it.each(["", "00", "17", "13 ", "1", "CL-RM"])("return undefined for the unknown region %j", (cut) => {
    expect(getRegion(cut)).toBeUndefined();
  });

  it.each(["", "13100", "99999", "13101 ", "Santiago"])(
    "return undefined for the unknown comuna %j",
    (cut) => {
      expect(getComuna(cut)).toBeUndefined();
    },
  );
});

describe("comunasOfRegion", () => {
  it.each(comunasPerRegion)("region %s has %i comunas", (regionCut, count) => {
    const list = comunasOfRegion(regionCut);
    expect(list).toHaveLength(count);
    expect(list.every((c) => c.regionCut === regionCut)).toBe(true);
  });

  it("gives the Región Metropolitana (13) its 52 comunas", () => {
    expect(comunasOfRegion("13")).toHaveLength(52);
  });

  it("is empty for an unknown region", () => {
    expect(comunasOfRegion("17")).toEqual([]);
    expect(comunasOfRegion("")).toEqual([]);
  });
});

describe("isComunaInRegion", () => {
  it.each([
    ["13101", "13"], // Santiago, RM
    ["13120", "13"], // Ñuñoa, RM
    ["05101", "05"], // Valparaíso
    ["05201", "05"], // Isla de Pascua, Valparaíso
    ["12202", "12"], // Antártica, Magallanes
    ["16101", "16"], // Chillán, Ñuble
    ["15101", "15"], // Arica
  ])("comuna %s is in region %s", (comuna, region) => {
    expect(isComunaInRegion(comuna, region)).toBe(true);
  });

  it.each([
    ["13101", "05"], // Santiago is not in Valparaíso
    ["05201", "13"],
    ["16101", "08"], // Chillán moved from Biobío to Ñuble (Ley 21.074)
    ["13101", "17"],
    ["99999", "13"],
    ["", ""],
  ])("comuna %j is not in region %j", (comuna, region) => {
    expect(isComunaInRegion(comuna, region)).toBe(false);
  });
});

describe("shippingFor (D7)", () => {
  it.each([
    ["05201", "Isla de Pascua"],
    ["05104", "Juan Fernández"],
    ["12202", "Antártica"],
  ])("arranges shipping with the customer to %s (%s)", (cut) => {
    expect(shippingFor(cut)).toEqual({ kind: "arranged" });
  });

  it.each([
    ["13101", "Santiago"],
    ["05101", "Valparaíso"],
    ["12101", "Punta Arenas"],
    ["12201", "Cabo de Hornos"], // an island comuna, but D7 names only the three above
    ["11101", "Coyhaique"],
    ["15101", "Arica"],
  ])("ships free to continental %s (%s)", (cut) => {
    expect(shippingFor(cut)).toEqual({ kind: "free" });
  });

  it("ships free to every comuna except the three non-continental ones", () => {
    const arranged = comunas.filter((c) => shippingFor(c.cut).kind === "arranged").map((c) => c.cut);
    expect(arranged.sort()).toEqual(["05104", "05201", "12202"]);
  });

  it("never promises free shipping to an unknown comuna", () => {
    expect(shippingFor("99999")).toEqual({ kind: "arranged" });
    expect(shippingFor("")).toEqual({ kind: "arranged" });
  });
});

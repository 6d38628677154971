import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { readKitComponents } from "../../scripts/lib/source-constants.mjs";
import { kitImageAlt, kitPictureComponents } from "./kit-art";
import { kitList, kits } from "./kits";
import { productLines, type Kit } from "./types";

/**
 * The kit pictures show each kit's own components (issue 24; docs/decisions/073): what
 * scripts/generate-art.mjs drew into public/art/kits/ against the content, and the alt text.
 * (scripts/generate-art.test.ts checks that the committed files are the generator's output.)
 */
const heroOf = (kit: Kit) =>
  readFileSync(path.resolve(import.meta.dirname, `../../public/art/kits/${kit.id}.svg`), "utf8");
const drawnComponents = (svg: string) => [...svg.matchAll(/data-component="([^"]+)"/g)].map((m) => m[1]);
const caseWidth = (svg: string) => Number(svg.match(/data-case-width="(\d+)"/)?.[1]);
const itemNames = (kit: Kit) => kit.contents.flatMap((category) => category.items.map((item) => item.name));

describe("kit pictures", () => {
  it("the generator reads the same component lists as the content has", () => {
    const read = readKitComponents();
    expect(Object.keys(read).sort()).toEqual(kitList.map((kit) => kit.id).sort());
    for (const kit of kitList) expect(read[kit.id], kit.id).toEqual(kitPictureComponents(kit));
  });

  it.each(kitList.map((kit) => [kit.id, kit] as const))("%s shows exactly its components", (_, kit) => {
    const components = kitPictureComponents(kit);
    expect(components).toHaveLength(kit.contents.flatMap((category) => category.items).length);
    expect(drawnComponents(heroOf(kit))).toEqual(components);
  });

  it.each(productLines)("the %s Mini is a smaller case with fewer components", (line) => {
    const standard = heroOf(kits[line]);
    const mini = heroOf(kits[`${line}-mini`]);
    expect(caseWidth(mini)).toBeGreaterThan(0);
    expect(caseWidth(mini)).toBeLessThan(caseWidth(standard) * 0.8);
    expect(drawnComponents(mini).length).toBeLessThan(drawnComponents(standard).length);
  });

  it("each line's standard kit shows at least 3 components no other line's shows", () => {
    for (const line of productLines) {
      const others = productLines
        .filter((other) => other !== line)
        .flatMap((other) => kitPictureComponents(kits[other]));
      const own = kitPictureComponents(kits[line]).filter((component) => !others.includes(component));
      expect(own.length, line).toBeGreaterThanOrEqual(3);
    }
  });

  it.each(kitList.map((kit) => [kit.id, kit] as const))(
    "%s stays light: at most 6 KB with gzip",
    (_, kit) => {
      expect(gzipSync(heroOf(kit)).length).toBeLessThanOrEqual(6144);
    },
  );
});

describe("kitImageAlt", () => {
  it("says in Spanish that the kit is open and names each of its components", () => {
    for (const kit of kitList) {
      const alt = kitImageAlt(kit);
      expect(alt.startsWith(`${kit.name} abierto con `), alt).toBe(true);
      for (const name of itemNames(kit)) expect(alt.toLowerCase()).toContain(name.toLowerCase());
    }
  });

  it("lists them as Spanish writes a list", () => {
    expect(kitImageAlt(kits["nautical-mini"])).toBe(
      "LifeBox Nautical Mini abierto con agua potable en unidades de 350 ml, ración de alimento de emergencia, " +
        "espejo de señales, luz estroboscópica, botiquín de primeros auxilios compacto y mantas térmicas",
    );
    const item = (name: string) => ({ name, description: "", illustration: "rope" as const });
    const kit = (...names: string[]) => ({
      name: "LifeBox",
      contents: [{ name: "", items: names.map(item) }],
    });
    expect(kitImageAlt(kit("Cuerda", "Hilo encerado"))).toBe("LifeBox abierto con cuerda e hilo encerado");
    expect(kitImageAlt(kit("Cuerda", "Hielo seco"))).toBe("LifeBox abierto con cuerda y hielo seco");
    expect(kitImageAlt(kit("Cuerda", "KN95"))).toBe("LifeBox abierto con cuerda y KN95");
  });
});

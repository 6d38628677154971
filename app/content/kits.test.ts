import { describe, expect, it } from "vitest";
import { componentIllustrations, sceneIllustrations } from "./illustrations";
import { componentCount, getKit, kitList, kitPath, kits, lineNames, versionNames } from "./kits";
import type { Kit, KitId, ProductLine } from "./types";

/** docs/product.md#spec-3 catalogue table, written here as the independent truth (docs/product.md#d3). */
const catalogueTable: Record<KitId, { price: number; components: number }> = {
  essential: { price: 219990, components: 11 },
  expedition: { price: 289990, components: 13 },
  nautical: { price: 349990, components: 9 },
  industry: { price: 539990, components: 10 },
  "essential-mini": { price: 139990, components: 9 },
  "expedition-mini": { price: 179990, components: 10 },
  "nautical-mini": { price: 199990, components: 6 },
  "industry-mini": { price: 185990, components: 7 },
};

/**
 * docs/product.md#spec-3 "Specifications", with the conservative reading of docs/product.md#d4 for
 * Expedition.
 */
const specTable: Record<
  KitId,
  { dimensions: string; weight: string; capacity: string; temperature?: string }
> = {
  essential: {
    dimensions: "29,60 x 22,20 x 10,30 cm",
    weight: "3,2 kg",
    capacity: "Hasta 4 personas por 72 horas",
    temperature: "-20\u00a0°C a +60\u00a0°C",
  },
  "essential-mini": {
    dimensions: "21,00 x 16,70 x 9,40 cm",
    weight: "2,1 kg",
    capacity: "Hasta 2 personas por 48 horas",
  },
  expedition: {
    dimensions: "29,60 x 22,20 x 10,30 cm",
    weight: "4,8 kg",
    capacity: "1 persona por 5 días",
    temperature: "-40\u00a0°C a +70\u00a0°C",
  },
  "expedition-mini": {
    dimensions: "21,00 x 16,70 x 9,40 cm",
    weight: "2,1 kg",
    capacity: "1 persona por 3 días",
    temperature: "-40\u00a0°C a +70\u00a0°C",
  },
  nautical: {
    dimensions: "39,74 x 29,20 x 15,20 cm",
    weight: "4,2 kg",
    capacity: "Hasta 4 personas por 3 días en el mar",
  },
  "nautical-mini": {
    dimensions: "21,00 x 16,70 x 9,40 cm",
    weight: "2,1 kg",
    capacity: "Hasta 2 personas por 2 días",
  },
  industry: {
    dimensions: "39,74 x 29,20 x 15,20 cm",
    weight: "6,8 kg",
    capacity: "Hasta 50 trabajadores",
    temperature: "-30\u00a0°C a +80\u00a0°C",
  },
  "industry-mini": {
    dimensions: "21,00 x 16,70 x 9,40 cm",
    weight: "2,1 kg",
    capacity: "Hasta 25 trabajadores",
  },
};

const expectedOrder: KitId[] = [
  "essential",
  "expedition",
  "nautical",
  "industry",
  "essential-mini",
  "expedition-mini",
  "nautical-mini",
  "industry-mini",
];

/** The only certifications docs/product.md#spec-3 lists. */
const allowedCertifications = [
  "IP67",
  "GB 2626-2019 (KN95)",
  "EN 1869:2019 / NFPA 701",
  "MIL-B-131 (NASA Mylar)",
  "IPX-5/IPX-6 con RoHS/CE",
];

const scenesByLine: Record<ProductLine, string[]> = {
  essential: ["home", "office", "car"],
  expedition: ["mountain", "camp", "trail"],
  nautical: ["boat", "coast", "kayak"],
  industry: ["factory", "warehouse", "construction"],
};

const allKits = Object.values(kits);

/** Every visible string of a kit (ids and illustration/scene names excluded). */
function kitTexts(kit: Kit): string[] {
  return [
    kit.name,
    kit.description,
    kit.tagline,
    kit.ip67Note,
    ...kit.highlights,
    ...kit.benefits.flatMap((b) => [b.title, b.description]),
    ...kit.gallery.flatMap((g) => [g.alt, g.caption]),
    ...kit.contents.flatMap((c) => [
      c.name,
      ...c.items.flatMap((i) => [i.name, i.quantity ?? "", i.description]),
    ]),
    ...kit.specifications.flatMap((s) => [s.label, s.value]),
    ...kit.certifications.flatMap((c) => [c.name, c.description]),
  ].filter((t) => t !== "");
}

function spec(kit: Kit, label: string): string | undefined {
  return kit.specifications.find((s) => s.label === label)?.value;
}

function illustrationsOf(kit: Kit): string[] {
  return kit.contents.flatMap((c) => c.items.map((i) => i.illustration));
}

describe("kit catalogue", () => {
  it("has exactly 8 kits with unique ids matching their keys", () => {
    expect(Object.keys(kits)).toHaveLength(8);
    expect(allKits).toHaveLength(8);
    const ids = allKits.map((k) => k.id);
    expect(new Set(ids).size).toBe(8);
    for (const [key, kit] of Object.entries(kits)) expect(kit.id).toBe(key);
    expect(new Set(Object.keys(kits))).toEqual(new Set(expectedOrder));
  });

  it("lists the kits in catalogue order", () => {
    expect(kitList.map((k) => k.id)).toEqual(expectedOrder);
  });

  it.each(expectedOrder)("%s has the price and component count of the SPEC table", (id) => {
    const kit = kits[id];
    expect(kit.price).toBe(catalogueTable[id].price);
    expect(Number.isInteger(kit.price)).toBe(true);
    expect(componentCount(kit)).toBe(catalogueTable[id].components);
  });

  it("derives the component count from the contents", () => {
    const base = kits.essential;
    const item = base.contents[0]!.items[0]!;
    const synthetic: Kit = {
      ...base,
      contents: [
        { name: "A", items: [item, item, item] },
        { name: "B", items: [item, item] },
        { name: "C", items: [] },
      ],
    };
    expect(componentCount(synthetic)).toBe(5);
  });

  it("has line and version consistent with the id", () => {
    for (const kit of allKits) {
      const isMini = kit.id.endsWith("-mini");
      expect(kit.version).toBe(isMini ? "mini" : "standard");
      expect(kit.line).toBe(kit.id.replace(/-mini$/, ""));
      expect(kit.name).toBe(`LifeBox ${lineNames[kit.line]}${isMini ? " Mini" : ""}`);
    }
  });
});

describe("helpers", () => {
  it("getKit finds known ids and rejects others", () => {
    for (const id of expectedOrder) expect(getKit(id)).toBe(kits[id]);
    expect(getKit("kit-essential")).toBeUndefined();
    expect(getKit("toString")).toBeUndefined();
    expect(getKit("")).toBeUndefined();
  });

  it("kitPath builds the detail route from a kit or an id", () => {
    expect(kitPath("essential")).toBe("/productos/kit-essential");
    expect(kitPath(kits["nautical-mini"])).toBe("/productos/kit-nautical-mini");
  });

  it("names lines and versions in Spanish", () => {
    expect(lineNames).toEqual({
      essential: "Essential",
      expedition: "Expedition",
      nautical: "Nautical",
      industry: "Industry",
    });
    expect(versionNames).toEqual({ standard: "Estándar", mini: "Mini" });
  });
});

describe("sibling links", () => {
  it.each(expectedOrder)("%s links to the other version of its line, and back", (id) => {
    const kit = kits[id];
    const sibling = kits[kit.siblingId];
    expect(sibling).toBeDefined();
    expect(sibling.id).not.toBe(kit.id);
    expect(sibling.line).toBe(kit.line);
    expect(sibling.version).not.toBe(kit.version);
    expect(kits[kits[id].siblingId].siblingId).toBe(id);
  });
});

describe.each(expectedOrder)("kit %s is complete", (id) => {
  const kit = kits[id];

  it("has its texts", () => {
    for (const text of [kit.name, kit.description, kit.tagline, kit.ip67Note]) {
      expect(text.trim().length).toBeGreaterThan(0);
    }
    expect(kit.ip67Note).toContain("IP67");
  });

  it("has 7 or 8 highlights and 3 benefits", () => {
    expect(kit.highlights.length).toBeGreaterThanOrEqual(7);
    expect(kit.highlights.length).toBeLessThanOrEqual(8);
    for (const h of kit.highlights) expect(h.trim()).not.toBe("");
    expect(new Set(kit.highlights).size).toBe(kit.highlights.length);
    expect(kit.benefits).toHaveLength(3);
    for (const b of kit.benefits) {
      expect(b.title.trim()).not.toBe("");
      expect(b.description.trim()).not.toBe("");
    }
  });

  it("has a gallery of 3 scenes of its line with alt and caption", () => {
    expect(kit.gallery).toHaveLength(3);
    for (const g of kit.gallery) {
      expect(sceneIllustrations as readonly string[]).toContain(g.scene);
      expect(g.alt.trim().length).toBeGreaterThan(10);
      expect(g.caption.trim().length).toBeGreaterThan(10);
    }
    expect(kit.gallery.map((g) => g.scene)).toEqual(scenesByLine[kit.line]);
  });

  it("has contents by category, each component described and illustrated", () => {
    expect(kit.contents.length).toBeGreaterThanOrEqual(2);
    for (const category of kit.contents) {
      expect(category.name.trim()).not.toBe("");
      expect(category.items.length).toBeGreaterThan(0);
      for (const item of category.items) {
        expect(item.name.trim()).not.toBe("");
        expect(item.description.trim().length).toBeGreaterThan(20);
        expect(componentIllustrations as readonly string[]).toContain(item.illustration);
        if (item.quantity !== undefined) expect(item.quantity.trim()).not.toBe("");
      }
    }
    const names = kit.contents.flatMap((c) => c.items.map((i) => i.name));
    expect(new Set(names).size).toBe(names.length);
  });

  it("has the specifications of docs/product.md#spec-3", () => {
    expect(kit.specifications.length).toBeGreaterThanOrEqual(4);
    const truth = specTable[id];
    expect(spec(kit, "Dimensiones")).toBe(truth.dimensions);
    expect(spec(kit, "Peso")).toBe(truth.weight);
    expect(spec(kit, "Capacidad")).toBe(truth.capacity);
    expect(spec(kit, "Rango de temperatura")).toBe(truth.temperature);
    expect(spec(kit, "Hermeticidad")).toMatch(/^IP67/);
    const labels = kit.specifications.map((s) => s.label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const s of kit.specifications) expect(s.value.trim()).not.toBe("");
  });

  it("has at least 2 certifications, only from the SPEC list and matching its contents", () => {
    const names = kit.certifications.map((c) => c.name);
    expect(names.length).toBeGreaterThanOrEqual(2);
    expect(new Set(names).size).toBe(names.length);
    for (const c of kit.certifications) {
      expect(allowedCertifications).toContain(c.name);
      expect(c.description.trim()).not.toBe("");
    }
    expect(names).toContain("IP67");
    const illus = illustrationsOf(kit);
    const has = (...any: string[]) => any.some((i) => illus.includes(i));
    expect(names.includes("GB 2626-2019 (KN95)")).toBe(has("mask"));
    expect(names.includes("EN 1869:2019 / NFPA 701")).toBe(has("fire-blanket"));
    expect(names.includes("MIL-B-131 (NASA Mylar)")).toBe(has("thermal-blanket", "tent", "sleeping-bag"));
    expect(names.includes("IPX-5/IPX-6 con RoHS/CE")).toBe(has("headlamp", "radio", "strobe", "alarm"));
  });
});

describe("specific contents", () => {
  const componentNames = (id: KitId) =>
    kits[id].contents.flatMap((c) => c.items.map((i) => `${i.quantity ?? ""} ${i.name}`));

  it("Essential has exactly the SPEC list", () => {
    const illus = illustrationsOf(kits.essential).sort();
    expect(illus).toEqual(
      [
        "first-aid-kit",
        "gloves",
        "mask",
        "cpr-mask",
        "thermal-blanket",
        "fire-blanket",
        "matches",
        "radio",
        "headlamp",
        "oxygen",
        "dry-bag",
      ].sort(),
    );
    const names = componentNames("essential").join(" | ");
    expect(names).toContain("4 pares Guantes de nitrilo");
    expect(names).toContain("10 unidades Mascarillas KN95");
    expect(names).toContain("4 unidades Mantas térmicas");
    expect(names).toContain("2 unidades Mantas ignífugas");
    expect(names).toContain("12 minutos");
  });

  it("Essential Mini has 6 KN95, 2 thermal blankets, 1 fire blanket and no radio or oxygen", () => {
    const items = kits["essential-mini"].contents.flatMap((c) => c.items);
    expect(items.find((i) => i.illustration === "mask")?.quantity).toBe("6 unidades");
    expect(items.find((i) => i.illustration === "thermal-blanket")?.quantity).toBe("2 unidades");
    const fire = items.filter((i) => i.illustration === "fire-blanket");
    expect(fire).toHaveLength(1);
    expect(fire[0]?.quantity ?? "1").toMatch(/^1\b/);
    const illus = illustrationsOf(kits["essential-mini"]);
    expect(illus).not.toContain("radio");
    expect(illus).not.toContain("oxygen");
  });

  it("Expedition has rations, tent and foil bag, flint, hemorrhage kit, splint, first aid, compass and alarm", () => {
    const illus = illustrationsOf(kits.expedition);
    for (const i of [
      "food-ration",
      "tent",
      "sleeping-bag",
      "flint",
      "tourniquet",
      "splint",
      "first-aid-kit",
      "compass",
      "alarm",
    ]) {
      expect(illus).toContain(i);
    }
  });

  it("Nautical and Industry carry their line's essentials", () => {
    const nautical = illustrationsOf(kits.nautical);
    for (const i of ["water", "water-filter", "signal-mirror", "strobe", "air-horn", "dry-bag"]) {
      expect(nautical).toContain(i);
    }
    const industry = illustrationsOf(kits.industry);
    for (const i of [
      "eye-wash",
      "burn-gel",
      "fire-blanket",
      "first-aid-kit",
      "ear-protection",
      "safety-glasses",
    ]) {
      expect(industry).toContain(i);
    }
  });
});

describe("kit texts", () => {
  it.each(expectedOrder)("%s states no component count other than its real one", (id) => {
    const kit = kits[id];
    const real = componentCount(kit);
    for (const text of kitTexts(kit)) {
      for (const m of text.matchAll(/(\d+)\s+componentes/gi)) {
        expect(Number(m[1]), `"${text}"`).toBe(real);
      }
      if (real !== 10) expect(text).not.toContain("10 componentes");
    }
  });

  it.each(expectedOrder)("%s states no delivery time (docs/product.md#d2)", (id) => {
    for (const text of kitTexts(kits[id])) {
      expect(text).not.toContain("5 a 10 días");
      expect(text).not.toContain("3-5 días");
      expect(text).not.toMatch(/\d+\s*(a|-|–)\s*\d+\s*días/i);
      expect(text).not.toMatch(/hábiles|despacho|entrega en/i);
    }
  });

  it("Expedition keeps the conservative capacity (docs/product.md#d4)", () => {
    for (const id of ["expedition", "expedition-mini"] as const) {
      for (const text of kitTexts(kits[id])) {
        expect(text).not.toMatch(/2 personas por 5 días/i);
      }
    }
    expect(kits.expedition.highlights.join(" ")).toContain("1 persona por 5 días");
  });

  it.each(expectedOrder)("%s uses Spanish text with Chilean number formats", (id) => {
    for (const text of kitTexts(kits[id])) {
      // Decimal comma (3,2 kg), never a decimal point (3.2 kg); thousands may use a point (15.000).
      expect(text, `"${text}"`).not.toMatch(/\d\.\d{1,2}(?!\d)/);
      // No English left in visible text.
      expect(text, `"${text}"`).not.toMatch(/\b(the|and|with|your|for|from|days|people|hours)\b/i);
      // Opening marks for questions and exclamations.
      if (text.includes("?")) expect(text).toContain("¿");
      if (text.includes("!")) expect(text).toContain("¡");
    }
  });

  it("states product facts exactly as docs/product.md#spec-9 wherever they appear", () => {
    const facts: [RegExp, string][] = [
      [/([\d.]+)\s*lúmenes/g, "2000"],
      [/([\d.]+)\s*calorías/g, "3600"],
      [/([\d.]+)\s*usos/g, "15.000"],
      [/(\d+)\s*destellos/g, "60"],
      [/(\d+)\s*km\/h/g, "80"],
      [/(\d+)\s*%\s*del calor/g, "90"],
      [/(\d+)\s*millas/g, "15"],
      [/(\d+)\s*milla\b/g, "1"],
      [/oxígeno[^.]*?(\d+)\s*minutos/gi, "12"],
      [/lavaojos[^.]*?(\d+)\s*ml/gi, "250"],
      [/hasta (\d+)\s°C/g, "500"],
      [/hasta (\d+) m\b/g, "10|2"],
    ];
    const all = allKits.flatMap(kitTexts).join("\n");
    for (const [pattern, expected] of facts) {
      for (const m of all.matchAll(pattern)) {
        expect(m[1], `${pattern} in "${m[0]}"`).toMatch(new RegExp(`^(${expected})$`));
      }
    }
    expect(all).toMatch(/2000 lúmenes/);
    expect(all).toMatch(/15\.000 usos/);
    expect(all).toMatch(/60 destellos por minuto hasta 120 horas/);
    expect(all).toMatch(/5 años/);
  });
});

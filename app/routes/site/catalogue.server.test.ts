import { describe, expect, it } from "vitest";
import { componentCount } from "~/content/kits";
import { filterCatalogue } from "./catalogue.server";
import { parseCatalogueQuery, type CatalogueQuery } from "~/schemas/catalogue-query";

const query = (search: string): CatalogueQuery => parseCatalogueQuery(new URLSearchParams(search));
const ids = (search: string) => filterCatalogue(query(search)).map((kit) => kit.id);

describe("catalogue query", () => {
  it("defaults to every kit, price low to high", () => {
    expect(query("")).toEqual({ linea: "todas", version: "todas", orden: "precio-asc" });
  });

  it("falls back to the defaults for unknown values", () => {
    expect(query("linea=space&version=xl&orden=random")).toEqual({
      linea: "todas",
      version: "todas",
      orden: "precio-asc",
    });
  });
});

describe("filterCatalogue", () => {
  it("sorts all eight kits by price, low to high, by default", () => {
    expect(ids("")).toEqual([
      "essential-mini",
      "expedition-mini",
      "industry-mini",
      "nautical-mini",
      "essential",
      "expedition",
      "nautical",
      "industry",
    ]);
  });

  it("sorts by price high to low", () => {
    expect(ids("orden=precio-desc")).toEqual([
      "industry",
      "nautical",
      "expedition",
      "essential",
      "nautical-mini",
      "industry-mini",
      "expedition-mini",
      "essential-mini",
    ]);
  });

  it("sorts by name A-Z", () => {
    const names = filterCatalogue(query("orden=nombre")).map((kit) => kit.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "es-CL")));
    expect(names[0]).toBe("LifeBox Essential");
    expect(names[1]).toBe("LifeBox Essential Mini");
  });

  it("sorts by most components, ties by price", () => {
    const kits = filterCatalogue(query("orden=componentes"));
    expect(kits.map(componentCount)).toEqual([13, 11, 10, 10, 9, 9, 7, 6]);
    expect(kits.slice(2, 4).map((kit) => kit.id)).toEqual(["expedition-mini", "industry"]);
  });

  it("filters by line", () => {
    expect(ids("linea=nautical")).toEqual(["nautical-mini", "nautical"]);
  });

  it("filters by version", () => {
    expect(ids("version=mini")).toHaveLength(4);
    expect(filterCatalogue(query("version=estandar")).every((kit) => kit.version === "standard")).toBe(true);
  });

  it("combines line, version and sort", () => {
    expect(ids("linea=nautical&version=mini&orden=precio-desc")).toEqual(["nautical-mini"]);
    expect(ids("linea=industry&version=estandar")).toEqual(["industry"]);
  });
});

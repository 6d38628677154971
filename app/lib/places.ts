/**
 * Chile's places as the shop uses them: look-ups over the regions and comunas (app/content/chile.ts,
 * generated: the data only) and the shipping rule of docs/product.md#d7: free shipping to continental
 * Chile; Isla de Pascua, Juan Fernández and Antártica are arranged with the customer.
 *
 * No Node imports: shared by the browser (región → comuna selects) and the server (order action).
 */
import { comunas, nonContinentalComunaCuts, regions } from "~/content/chile";
import type { Comuna, Region } from "~/content/chile";

export type { Comuna, Region } from "~/content/chile";

/** How an order to a comuna ships: free (continental Chile) or arranged with the customer. */
export type Shipping = { kind: "free" } | { kind: "arranged" };

const regionsByCut: ReadonlyMap<string, Region> = new Map(regions.map((region) => [region.cut, region]));
const comunasByCut: ReadonlyMap<string, Comuna> = new Map(comunas.map((comuna) => [comuna.cut, comuna]));
const comunasByRegion: ReadonlyMap<string, ReadonlyArray<Comuna>> = new Map(
  regions.map((region) => [region.cut, comunas.filter((comuna) => comuna.regionCut === region.cut)]),
);
const nonContinental: ReadonlySet<string> = new Set(nonContinentalComunaCuts);

/** The region with this CUT ("13"), or undefined. */
export function getRegion(cut: string): Region | undefined {
  return regionsByCut.get(cut);
}

/** The comuna with this CUT ("13101"), or undefined. */
export function getComuna(cut: string): Comuna | undefined {
  return comunasByCut.get(cut);
}

/** The comunas of a region, sorted by name (Spanish collation); empty for an unknown region. */
export function comunasOfRegion(regionCut: string): ReadonlyArray<Comuna> {
  return comunasByRegion.get(regionCut) ?? [];
}

/** True when both CUTs exist and the comuna belongs to the region. */
export function isComunaInRegion(comunaCut: string, regionCut: string): boolean {
  return getComuna(comunaCut)?.regionCut === regionCut && regionsByCut.has(regionCut);
}

/**
 * Shipping for an order to this comuna (D7): free to continental Chile, arranged with the customer
 * for Isla de Pascua, Juan Fernández and Antártica. An unknown CUT is never promised free shipping.
 */
export function shippingFor(comunaCut: string): Shipping {
  if (!comunasByCut.has(comunaCut) || nonContinental.has(comunaCut)) return { kind: "arranged" };
  return { kind: "free" };
}

/**
 * Chile's regiones with their comunas as the purchase forms' selects show them, and the comunas
 * whose shipping is quoted before paying (D25): plain data, so that a page can have it from its
 * loader (the cart's checkout) instead of in its scripts.
 */
export interface Places {
  regions: Array<{ cut: string; name: string; comunas: Array<[cut: string, name: string]> }>;
  quoted: string[];
}

export function placesOf(): Places {
  return {
    regions: regions.map((region) => ({
      cut: region.cut,
      name: region.name,
      comunas: comunasOfRegion(region.cut).map((comuna): [string, string] => [comuna.cut, comuna.name]),
    })),
    quoted: [...nonContinentalComunaCuts],
  };
}

import { nonContinentalComunaCuts, regions } from "~/content/chile";
import { comunasOfRegion } from "~/lib/chile";

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

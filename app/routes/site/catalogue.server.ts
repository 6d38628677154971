import type { KitCardData } from "~/components/kit-card";
import { kitImage } from "~/content/illustrations";
import { kitImageAlt } from "~/content/kit-art";
import { componentCount, kitList, kitPath } from "~/content/kits";
import type { Kit } from "~/content/types";
import type { CatalogueQuery } from "~/schemas/catalogue-query";

/** The catalogue page's server side: which kits a query shows, and what their cards need. */

const byName = new Intl.Collator("es-CL", { sensitivity: "base" });

const comparators: Record<CatalogueQuery["orden"], (a: Kit, b: Kit) => number> = {
  nombre: (a, b) => byName.compare(a.name, b.name),
  "precio-asc": (a, b) => a.price - b.price,
  "precio-desc": (a, b) => b.price - a.price,
  componentes: (a, b) => componentCount(b) - componentCount(a) || a.price - b.price,
};

/** The kits a catalogue query shows, in its order. */
export function filterCatalogue(query: CatalogueQuery, kits: readonly Kit[] = kitList): Kit[] {
  return kits
    .filter((kit) => query.linea === "todas" || kit.line === query.linea)
    .filter(
      (kit) =>
        query.version === "todas" ||
        (query.version === "mini" ? kit.version === "mini" : kit.version === "standard"),
    )
    .sort(comparators[query.orden]);
}

/** The part of a kit a card shows (all a loader needs to send to the browser). */
export function toKitCard(kit: Kit): KitCardData {
  return {
    id: kit.id,
    name: kit.name,
    description: kit.description,
    version: kit.version,
    price: kit.price,
    components: componentCount(kit),
    path: kitPath(kit),
    image: kitImage(kit.id),
    imageAlt: kitImageAlt(kit),
  };
}

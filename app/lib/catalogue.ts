import { componentCount, kitList } from "~/content/kits";
import type { Kit } from "~/content/types";
import type { CatalogueQuery } from "~/schemas/catalogue-query";

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

/** The query string of a catalogue view, leaving out the defaults (for clean, shareable links). */
export function catalogueSearch(query: CatalogueQuery): string {
  const params = new URLSearchParams();
  if (query.linea !== "todas") params.set("linea", query.linea);
  if (query.version !== "todas") params.set("version", query.version);
  if (query.orden !== "precio-asc") params.set("orden", query.orden);
  const search = params.toString();
  return search ? `?${search}` : "";
}

import { z } from "zod";
import { productLines } from "~/content/types";

/**
 * The catalogue's filters and sort as they appear in the URL query
 * (/productos?linea=nautical&version=mini&orden=precio-desc). Unknown or missing values fall back
 * to the defaults, so a hand-edited or old link still shows the catalogue.
 */
export const catalogueSorts = ["precio-asc", "precio-desc", "nombre", "componentes"] as const;
export type CatalogueSort = (typeof catalogueSorts)[number];

export const catalogueQuerySchema = z.object({
  linea: z.enum(["todas", ...productLines]).catch("todas"),
  version: z.enum(["todas", "estandar", "mini"]).catch("todas"),
  orden: z.enum(catalogueSorts).catch("precio-asc"),
});

export type CatalogueQuery = z.infer<typeof catalogueQuerySchema>;

export function parseCatalogueQuery(params: URLSearchParams): CatalogueQuery {
  return catalogueQuerySchema.parse({
    linea: params.get("linea") ?? undefined,
    version: params.get("version") ?? undefined,
    orden: params.get("orden") ?? undefined,
  });
}

export const sortLabels: Record<CatalogueSort, string> = {
  nombre: "Nombre (A-Z)",
  "precio-asc": "Precio: menor a mayor",
  "precio-desc": "Precio: mayor a menor",
  componentes: "Más componentes",
};

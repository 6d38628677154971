import "~/schemas/zod-setup";
import { z } from "zod";
import { catalogueSorts } from "~/content/catalogue-options";
import { productLines } from "~/content/types";

/**
 * The catalogue's filters and sort in the URL (/productos?linea=nautical&version=mini&orden=precio-desc).
 * Unknown or missing values fall back to the defaults: an old or hand-edited link still works.
 */
const catalogueQuerySchema = z.object({
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

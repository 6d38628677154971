/** The catalogue's sort options as they appear in the URL (orden=…) and in the select. */
export const catalogueSorts = ["precio-asc", "precio-desc", "nombre", "componentes"] as const;
export type CatalogueSort = (typeof catalogueSorts)[number];

export const sortLabels: Record<CatalogueSort, string> = {
  nombre: "Nombre (A-Z)",
  "precio-asc": "Precio: menor a mayor",
  "precio-desc": "Precio: mayor a menor",
  componentes: "Más componentes",
};

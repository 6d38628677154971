const clp = new Intl.NumberFormat("es-CL", { style: "currency", currency: "CLP" });

/** Formats whole Chilean pesos the way the shop shows them: 219990 → "$219.990". */
export function formatPrice(pesos: number): string {
  return clp.format(pesos);
}

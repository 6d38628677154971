const clp = new Intl.NumberFormat("es-CL", { style: "currency", currency: "CLP" });

/** Formats whole Chilean pesos the way the shop shows them: 219990 → "$219.990". */
export function formatPrice(pesos: number): string {
  return clp.format(pesos);
}

const counts = new Intl.NumberFormat("es-CL");

/** Formats a whole count the way Chile writes it: 1200 → "1.200". */
export function formatCount(count: number): string {
  return counts.format(count);
}

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

/**
 * Text as the admin lists search it (decision 017): lower case, without diacritics ("ÑUÑOA" →
 * "nunoa"). The list engine folds what staff type with it; a model that keeps a column only for
 * searching stores it folded (the chat conversations' text, decision 039).
 */
export function foldForSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

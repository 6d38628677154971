/**
 * Text as the admin lists search it (decision 017): lower case, without diacritics ("ÑUÑOA" →
 * "nunoa"). The list engine folds what staff type with it; a model that keeps a column only for
 * searching stores it folded (the chat conversations' text, decision 039).
 */
export function foldForSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

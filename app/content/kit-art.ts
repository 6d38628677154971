/**
 * What a kit's picture shows (public/art/kits/{kitId}.svg, drawn by scripts/generate-art.mjs): the
 * kit's case open with each of its components, in content order (docs/decisions/073). The picture's
 * alt text names the same components, from the same contents, wherever the picture informs.
 */
import type { ComponentIllustration } from "./illustrations";
import type { Kit } from "./types";

/** The kit's items, in content order: what the picture draws and its alt text names. */
function itemsOf(kit: Pick<Kit, "contents">) {
  return kit.contents.flatMap((category) => category.items);
}

/** The components the picture draws, one per item of the kit's contents, in content order. */
export function kitPictureComponents(kit: Pick<Kit, "contents">): ComponentIllustration[] {
  return itemsOf(kit).map((item) => item.illustration);
}

/** "Botiquín…" → "botiquín…", but an acronym such as "KN95" keeps its capitals. */
function lowerFirst(name: string): string {
  return /^\p{Lu}{2}/u.test(name) ? name : name.charAt(0).toLowerCase() + name.slice(1);
}

/** "a, b y c"; "e" instead of "y" before a sound of i ("… e hilo"), as Spanish writes it. */
function spanishList(items: string[]): string {
  if (items.length < 2) return items.join("");
  const last = items.at(-1)!;
  const and = /^h?[ií](?![aeiouáéó])/i.test(last) ? "e" : "y";
  return `${items.slice(0, -1).join(", ")} ${and} ${last}`;
}

/**
 * The Spanish alt text of the kit's picture: what it shows, e.g. "LifeBox Nautical abierto con agua
 * potable en unidades de 350 ml, filtro de agua, … y bolsa estanca".
 */
export function kitImageAlt(kit: Pick<Kit, "name" | "contents">): string {
  const names = itemsOf(kit).map((item) => lowerFirst(item.name));
  return `${kit.name} abierto con ${spanishList(names)}`;
}

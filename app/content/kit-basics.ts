/**
 * The small kit facts a browser bundle may need (names of lines and versions, detail paths),
 * apart from the full kit content in ./kits, which only loaders read.
 */
import type { Kit, KitId, KitVersion, ProductLine } from "./types";

/** The kit's detail page, e.g. /productos/kit-essential-mini. */
export function kitPath(kit: Pick<Kit, "id"> | KitId): string {
  const id = typeof kit === "string" ? kit : kit.id;
  return `/productos/kit-${id}`;
}

export const lineNames: Record<ProductLine, string> = {
  essential: "Essential",
  expedition: "Expedition",
  nautical: "Nautical",
  industry: "Industry",
};

export const versionNames: Record<KitVersion, string> = {
  standard: "Estándar",
  mini: "Mini",
};

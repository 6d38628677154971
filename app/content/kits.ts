/**
 * The eight LifeBox kits: the one source for their prices, contents, specifications and page texts
 * (docs/product.md#d1, #d5). Component counts are derived from the contents, never written (D3). Kit texts
 * state no delivery time: pages take the promise from ./policies (D2).
 */
import { essential, essentialMini } from "./kits/essential";
import { expedition, expeditionMini } from "./kits/expedition";
import { industry, industryMini } from "./kits/industry";
import { nautical, nauticalMini } from "./kits/nautical";
import { kitIds, type Kit, type KitId } from "./types";

export const kits: Record<KitId, Kit> = {
  essential,
  expedition,
  nautical,
  industry,
  "essential-mini": essentialMini,
  "expedition-mini": expeditionMini,
  "nautical-mini": nauticalMini,
  "industry-mini": industryMini,
};

/** All kits in catalogue order: the four standard kits, then the four minis. */
export const kitList: Kit[] = kitIds.map((id) => kits[id]);

function isKitId(id: string): id is KitId {
  return (kitIds as readonly string[]).includes(id);
}

/** The kit with this id, or undefined for anything else (e.g. an unknown URL segment). */
export function getKit(id: string): Kit | undefined {
  return isKitId(id) ? kits[id] : undefined;
}

/** Number of components in the kit: the items across all its content categories (D3). */
export function componentCount(kit: Kit): number {
  return kit.contents.reduce((total, category) => total + category.items.length, 0);
}

export { kitPath, lineNames, versionNames } from "./kit-basics";

import { componentCount, kitPath } from "~/content/kits";
import { kitImage } from "~/content/illustrations";
import type { Kit } from "~/content/types";
import type { KitCardData } from "~/components/kit-card";

/** The part of a kit a card shows (all a loader needs to send to the browser). */
export function toKitCard(kit: Kit): KitCardData {
  return {
    id: kit.id,
    name: kit.name,
    description: kit.description,
    version: kit.version,
    price: kit.price,
    components: componentCount(kit),
    path: kitPath(kit),
    image: kitImage(kit.id),
  };
}

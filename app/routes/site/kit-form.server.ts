import { data } from "react-router";
import { getKit, kitPath } from "~/content/kits";
import type { Kit } from "~/content/types";

/**
 * The kit of a kit form page (/comprar/{kit}, /cotizar/{kit}), named by the URL (404 otherwise).
 * On the server only, so the kits' content stays out of the pages' scripts.
 */
export function pageKit(kitId: string): Kit {
  const kit = getKit(kitId);
  if (!kit) throw data(null, { status: 404 });
  return kit;
}

/** The loader data of a kit form page. */
export function kitFormData(kitId: string) {
  const kit = pageKit(kitId);
  return { kit: { id: kit.id, name: kit.name, price: kit.price }, kitPath: kitPath(kit) };
}

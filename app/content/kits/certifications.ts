/**
 * The certifications the spec lists (docs/product.md#spec-3), written once. Each kit lists only those that
 * apply to what its box actually contains; no certification outside this list may be claimed.
 */
import type { Certification } from "~/content/types";

/** The enclosure of every kit. */
export const ip67: Certification = {
  name: "IP67",
  description: "La caja está totalmente protegida contra el polvo y resiste la inmersión temporal en agua.",
};

/** Applies to kits that contain KN95 masks. */
export const gb2626: Certification = {
  name: "GB 2626-2019 (KN95)",
  description:
    "Norma de protección respiratoria de las mascarillas KN95, que filtran al menos el 95 % de las partículas en suspensión.",
};

/** Applies to kits that contain fire blankets. */
export const en1869: Certification = {
  name: "EN 1869:2019 / NFPA 701",
  description:
    "Normas para mantas ignífugas y para la resistencia a la llama de textiles, que cumplen las mantas contra el fuego del kit.",
};

/** Applies to kits that contain Mylar thermal blankets, thermal tents or foil bags. */
export const milB131: Certification = {
  name: "MIL-B-131 (NASA Mylar)",
  description:
    "Especificación del material laminado de Mylar, del tipo desarrollado por la NASA, con que se fabrican las mantas y refugios térmicos.",
};

/** Applies to kits that contain electronic devices (headlamp, radio, strobe, alarm). */
export const ipx56RohsCe: Certification = {
  name: "IPX-5/IPX-6 con RoHS/CE",
  description:
    "Los equipos electrónicos resisten chorros de agua (IPX-5/IPX-6) y cumplen las normas europeas RoHS y CE.",
};

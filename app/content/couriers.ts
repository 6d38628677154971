/**
 * The couriers a kit ships with (issue 12), with each one's public tracking page. `{codigo}` stands
 * for the tracking number. These are the couriers' own addresses (2026); if one changes, change it
 * here. "otro": a courier not listed, named by staff, without a tracking link.
 */
export const couriers = {
  chilexpress: {
    name: "Chilexpress",
    trackingUrl: "https://centrodeayuda.chilexpress.cl/seguimiento/{codigo}",
  },
  starken: { name: "Starken", trackingUrl: "https://www.starken.cl/seguimiento?codigo={codigo}" },
  correos: {
    name: "Correos de Chile",
    trackingUrl: "https://www.correos.cl/web/guest/seguimiento-en-linea?codigos={codigo}",
  },
  bluexpress: {
    name: "Blue Express",
    trackingUrl: "https://www.blue.cl/seguimiento/?n_seguimiento={codigo}",
  },
  otro: { name: "Otro", trackingUrl: null },
} as const satisfies Record<string, { name: string; trackingUrl: string | null }>;

/** The courier ids, in the order staff choose from (above). */
export type CourierId = keyof typeof couriers;

export const courierIds = Object.keys(couriers) as CourierId[];

export function isCourierId(value: unknown): value is CourierId {
  return typeof value === "string" && Object.hasOwn(couriers, value);
}

/** Whether staff must give a tracking number: every listed courier has one ("otro" may not). */
export function needsTrackingNumber(courier: CourierId): boolean {
  return couriers[courier].trackingUrl !== null;
}

/** How a shipment's courier is named: the listed name, or the one staff typed for "otro". */
export function courierLabel(courier: string | null, courierName?: string | null): string | null {
  if (!isCourierId(courier)) return null;
  if (courier === "otro") return courierName?.trim() || couriers.otro.name;
  return couriers[courier].name;
}

/** The courier's public tracking page for this number, or null (unknown courier, no number). */
export function trackingUrlFor(courier: string | null, trackingNumber: string | null): string | null {
  if (!isCourierId(courier) || !trackingNumber?.trim()) return null;
  const template = couriers[courier].trackingUrl;
  return template === null ? null : template.replace("{codigo}", encodeURIComponent(trackingNumber.trim()));
}

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

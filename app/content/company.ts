/**
 * The seller's identity and contact data (docs/product.md#d1, #d14). The spec leaves them unstated, so
 * they are configuration (see app/infra/env.server.ts and the README); the defaults below are
 * plainly marked examples, and the server logs a warning in production while any is still in use.
 */
export interface CompanyInfo {
  /** Brand shown to visitors. */
  brand: string;
  /** Razón social of the seller (Ley 19.496, DS 6). */
  legalName: string;
  /** RUT of the seller, formatted like 76.123.456-7. */
  rut: string;
  /** Street address of the seller. */
  address: string;
  email: string;
  /** Phone as shown, e.g. "+56 9 1234 5678". */
  phone: string;
  /** WhatsApp number in international format, digits only, e.g. "56912345678". */
  whatsappNumber: string;
  facebookUrl: string;
  instagramUrl: string;
}

export const exampleCompany: CompanyInfo = {
  brand: "LifeBox",
  legalName: "LifeBox SpA (ejemplo)",
  rut: "76.000.000-0",
  address: "Av. Ejemplo 1234, Santiago, Región Metropolitana",
  email: "contacto@lifebox.example",
  phone: "+56 9 0000 0000",
  whatsappNumber: "56900000000",
  facebookUrl: "https://www.facebook.com/lifebox.example",
  instagramUrl: "https://www.instagram.com/lifebox.example",
};

export const whatsappMessage = "Hola, me interesa conocer más sobre los productos LifeBox";

/** A WhatsApp chat with the shop, prefilled with `message` (by default the spec's greeting). */
export function whatsappLink(
  company: Pick<CompanyInfo, "whatsappNumber">,
  message = whatsappMessage,
): string {
  return `https://wa.me/${company.whatsappNumber}?text=${encodeURIComponent(message)}`;
}

export function telLink(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

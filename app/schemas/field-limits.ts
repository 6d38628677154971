/**
 * Maximum lengths of the public forms' fields: the schemas enforce them and the inputs carry them as
 * maxLength. Kept apart from the zod schemas so a page renders its form without loading zod
 * (docs/decisions/029).
 */
export const contactFieldLimits = {
  name: 100,
  email: 254,
  subject: 150,
  message: 5000,
} as const;

export const orderFieldLimits = {
  name: 100,
  email: 254,
  phone: 20,
  address: 200,
  notes: 500,
  /** A factura's company (D24; migration 0017 bounds the columns alike). */
  invoiceName: 150,
  invoiceGiro: 100,
  invoiceAddress: 200,
  invoiceEmail: 254,
} as const;

export const quoteFieldLimits = {
  fullName: 100,
  email: 254,
  phone: 20,
  company: 150,
  city: 100,
  additionalNotes: 2000,
  /** "Cantidad de kits" as typed: "10.000" or "10 000" with room for stray spaces. */
  quantity: 12,
} as const;

/** How many kits one quotation may ask for (docs/decisions/062); the database checks it too (0015). */
export const quoteQuantityBounds = { min: 1, max: 10_000 } as const;

export const newsletterFieldLimits = {
  email: 254,
} as const;

export const galleryFieldLimits = {
  /** A number as customers type it ("lb 7k3f9q", "LB-7K3F9Q"), loosely: room for spaces. */
  orderNumber: 20,
  email: 254,
  comment: 500,
} as const;

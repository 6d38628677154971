import "~/schemas/zod-setup";
import { z } from "zod";
import { quoteFieldLimits, quoteQuantityBounds } from "~/schemas/field-limits";
import { kitIds } from "~/content/types";
import { digitCount, optional, visibleText } from "~/schemas/text";

/**
 * The company quotation form ("Solicitar cotización", docs/product.md#spec-5) for one kit (the hidden
 * productId), shared by the browser and the quotation action. Texts follow `visibleText` (schemas/text.ts); a
 * missing field gets the empty one's message, and unknown fields (honeypot, captcha) are dropped.
 */

/** A whole number as Chile writes it, with a dot between thousands: 10000 → "10.000". */
const chilean = (count: number) => String(count).replace(/\B(?=(\d{3})+$)/g, ".");
const { min: fewestKits, max: mostKits } = quoteQuantityBounds;

const messages = {
  fullNameMin: "El nombre debe tener al menos 2 caracteres.",
  fullNameMax: `El nombre debe tener como máximo ${quoteFieldLimits.fullName} caracteres.`,
  email: "Ingresa un email válido.",
  emailMax: `El email debe tener como máximo ${quoteFieldLimits.email} caracteres.`,
  phone: "Ingresa un número de teléfono válido.",
  phoneMax: `El teléfono debe tener como máximo ${quoteFieldLimits.phone} caracteres.`,
  companyMin: "Ingresa el nombre de la empresa u organización.",
  companyMax: `El nombre de la empresa debe tener como máximo ${quoteFieldLimits.company} caracteres.`,
  cityMin: "Ingresa una ciudad válida.",
  cityMax: `La ciudad debe tener como máximo ${quoteFieldLimits.city} caracteres.`,
  additionalNotesMax: `Las notas adicionales deben tener como máximo ${quoteFieldLimits.additionalNotes} caracteres.`,
  quantity: `Indica cuántos kits necesitas (de ${chilean(fewestKits)} a ${chilean(mostKits)}).`,
  quantityWhole: `Indica la cantidad de kits con números, sin decimales (de ${chilean(fewestKits)} a ${chilean(mostKits)}).`,
  quantityMin: `Indica al menos ${chilean(fewestKits)} kit.`,
  quantityMax: `Cotizamos hasta ${chilean(mostKits)} kits por solicitud. Si necesitas más, cuéntanos en las notas adicionales.`,
  productId: "El producto no es válido. Recarga la página e intenta nuevamente.",
} as const;

/**
 * "Cantidad de kits" as people type it: digits ("1500"), or groups of three after a dot or a space
 * as Chile writes thousands ("1.500", "10 000"), a sign allowed. A decimal ("2,5", "2.5") or
 * anything else is undefined: never a guess (a browser's number input would read "10.000" as ten).
 */
export function parseKitQuantity(text: string): number | undefined {
  const typed = text.trim();
  const grouped = /^[+-]?\d{1,3}(?:(?:\.\d{3})+|(?: \d{3})+)$/.test(typed);
  if (!grouped && !/^[+-]?\d+$/.test(typed)) return undefined;
  return Number(typed.replace(/[. ]/g, ""));
}

export const quoteSchema = z.object({
  fullName: visibleText({
    message: messages.fullNameMin,
    min: 2,
    max: { length: quoteFieldLimits.fullName, message: messages.fullNameMax },
  }),
  email: visibleText({
    message: messages.email,
    min: 1,
    max: { length: quoteFieldLimits.email, message: messages.emailMax },
  }).pipe(z.email({ error: messages.email })),
  phone: visibleText({
    message: messages.phone,
    max: { length: quoteFieldLimits.phone, message: messages.phoneMax },
  })
    // One message for both faults: fewer than 8 digits, or not only digits, spaces and a leading "+".
    .refine((phone) => digitCount(phone) >= 8 && /^\+?[0-9 ]+$/.test(phone), messages.phone),
  company: visibleText({
    message: messages.companyMin,
    min: 2,
    max: { length: quoteFieldLimits.company, message: messages.companyMax },
  }),
  city: visibleText({
    message: messages.cityMin,
    min: 2,
    max: { length: quoteFieldLimits.city, message: messages.cityMax },
  }),
  /**
   * Text, as the browser sends it (an input with inputmode="numeric", not type="number": see
   * parseKitQuantity), stored as a whole number within quoteQuantityBounds.
   */
  quantity: z
    .string({ error: messages.quantity })
    .trim()
    .min(1, messages.quantity)
    .transform((text, context) => {
      const quantity = parseKitQuantity(text);
      if (quantity !== undefined && quantity >= fewestKits && quantity <= mostKits) return quantity;
      const message =
        quantity === undefined
          ? messages.quantityWhole
          : quantity < fewestKits
            ? messages.quantityMin
            : messages.quantityMax;
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    }),
  additionalNotes: optional(
    visibleText({
      message: messages.additionalNotesMax,
      max: { length: quoteFieldLimits.additionalNotes, message: messages.additionalNotesMax },
      multiline: true,
    }),
  ),
  productId: z.enum(kitIds, { error: messages.productId }),
});

export type QuoteFormData = z.infer<typeof quoteSchema>;

/** What the quotation form sends, already checked by its schema. */
export interface NewQuote {
  productId: string;
  fullName: string;
  email: string;
  phone: string;
  company: string;
  city: string;
  /** Kits asked for, a whole number within quoteQuantityBounds. */
  quantity: number;
  /** Optional; blank is stored as null. */
  additionalNotes?: string | null;
}

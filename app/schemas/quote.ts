import "~/schemas/zod-setup";
import { z } from "zod";
import { quoteFieldLimits } from "~/schemas/field-limits";
import { kitIds } from "~/content/types";
import { digitCount, optional, visibleText } from "~/schemas/text";

/**
 * The company quotation form ("Solicitar Cotización", SPEC §5) for one kit (the hidden productId),
 * shared by the browser and the quotation action. Texts follow `visibleText` (schemas/text.ts); a
 * missing field gets the empty one's message, and unknown fields (honeypot, captcha) are dropped.
 */

const messages = {
  fullNameMin: "El nombre debe tener al menos 2 caracteres",
  fullNameMax: `El nombre debe tener como máximo ${quoteFieldLimits.fullName} caracteres`,
  email: "Ingresa un email válido",
  emailMax: `El email debe tener como máximo ${quoteFieldLimits.email} caracteres`,
  phone: "Ingresa un número de teléfono válido",
  phoneMax: `El teléfono debe tener como máximo ${quoteFieldLimits.phone} caracteres`,
  companyMin: "Ingresa el nombre de la empresa u organización",
  companyMax: `El nombre de la empresa debe tener como máximo ${quoteFieldLimits.company} caracteres`,
  cityMin: "Ingresa una ciudad válida",
  cityMax: `La ciudad debe tener como máximo ${quoteFieldLimits.city} caracteres`,
  additionalNotesMax: `Las notas adicionales deben tener como máximo ${quoteFieldLimits.additionalNotes} caracteres`,
  productId: "El producto no es válido. Recarga la página e intenta nuevamente.",
} as const;

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
  /** Optional; blank is stored as null. */
  additionalNotes?: string | null;
}

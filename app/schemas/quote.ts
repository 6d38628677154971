import "~/schemas/zod-setup";
import { z } from "zod";
import { kitIds } from "~/content/types";

/**
 * The company quotation form ("Solicitar Cotización", SPEC §5), for one kit (the hidden productId).
 * Shared by the dialog in the browser and the quotation action on the server.
 *
 * Values arrive as strings from FormData: every text is trimmed, empty additional notes count as
 * missing, and a missing required field gets the same Spanish message as an empty one. Fields the
 * schema does not know (honeypot, captcha, anything added by hand) are dropped.
 */

/** Maximum lengths, also for the inputs' maxLength attributes. */
export const quoteFieldLimits = {
  fullName: 100,
  email: 254,
  phone: 20,
  company: 150,
  city: 100,
  additionalNotes: 2000,
} as const;

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

/** "" (or only spaces) and null, as FormData gives them, count as a missing optional field. */
function blankToUndefined(value: unknown): unknown {
  return value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;
}

export const quoteSchema = z.object({
  fullName: z
    .string({ error: messages.fullNameMin })
    .trim()
    .min(2, messages.fullNameMin)
    .max(quoteFieldLimits.fullName, messages.fullNameMax),
  email: z
    .string({ error: messages.email })
    .trim()
    .max(quoteFieldLimits.email, messages.emailMax)
    .pipe(z.email({ error: messages.email })),
  phone: z
    .string({ error: messages.phone })
    .trim()
    // One message for both faults (too short, or not only digits, spaces and a leading "+"); the
    // length counts characters after trimming, as the spec does.
    .refine((phone) => phone.length >= 8 && /^\+?[0-9 ]+$/.test(phone), messages.phone)
    .max(quoteFieldLimits.phone, messages.phoneMax),
  company: z
    .string({ error: messages.companyMin })
    .trim()
    .min(2, messages.companyMin)
    .max(quoteFieldLimits.company, messages.companyMax),
  city: z
    .string({ error: messages.cityMin })
    .trim()
    .min(2, messages.cityMin)
    .max(quoteFieldLimits.city, messages.cityMax),
  additionalNotes: z.preprocess(
    blankToUndefined,
    z
      .string({ error: messages.additionalNotesMax })
      .trim()
      .max(quoteFieldLimits.additionalNotes, messages.additionalNotesMax)
      .optional(),
  ),
  productId: z.enum(kitIds, { error: messages.productId }),
});

export type QuoteFormData = z.infer<typeof quoteSchema>;

import "~/schemas/zod-setup";
import { z } from "zod";
import { contactFieldLimits } from "~/schemas/field-limits";
import { visibleText } from "~/schemas/text";

/**
 * The contact form (/contacto, docs/product.md#spec-2 and #spec-5), all fields required, shared by the
 * browser and the contact action. Texts follow `visibleText` (schemas/text.ts); a missing field gets the
 * empty one's message, and unknown fields (honeypot, captcha) are dropped.
 */

const messages = {
  name: "Ingresa tu nombre.",
  nameMax: `El nombre debe tener como máximo ${contactFieldLimits.name} caracteres.`,
  email: "Ingresa un email válido.",
  emailMax: `El email debe tener como máximo ${contactFieldLimits.email} caracteres.`,
  subject: "Ingresa el asunto.",
  subjectMax: `El asunto debe tener como máximo ${contactFieldLimits.subject} caracteres.`,
  message: "Escribe tu mensaje.",
  messageMax: `El mensaje debe tener como máximo ${contactFieldLimits.message} caracteres.`,
} as const;

export const contactSchema = z.object({
  name: visibleText({
    message: messages.name,
    min: 1,
    max: { length: contactFieldLimits.name, message: messages.nameMax },
  }),
  email: visibleText({
    message: messages.email,
    min: 1,
    max: { length: contactFieldLimits.email, message: messages.emailMax },
  }).pipe(z.email({ error: messages.email })),
  subject: visibleText({
    message: messages.subject,
    min: 1,
    max: { length: contactFieldLimits.subject, message: messages.subjectMax },
  }),
  message: visibleText({
    message: messages.message,
    min: 1,
    max: { length: contactFieldLimits.message, message: messages.messageMax },
    multiline: true,
  }),
});

export type ContactFormData = z.infer<typeof contactSchema>;

/** What the contact form sends, already checked by its schema. */
export interface NewContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

import "~/schemas/zod-setup";
import { z } from "zod";

/**
 * The contact form (/contacto: Nombre, Email, Asunto, Mensaje; SPEC §2 and §5), all required.
 * Shared by the form in the browser and the contact action on the server.
 *
 * Values arrive as strings from FormData: every text is trimmed, so a field of only spaces is empty,
 * and a missing field gets the same Spanish message as an empty one. Fields the schema does not know
 * (honeypot, captcha, anything added by hand) are dropped.
 */

/** Maximum lengths, also for the inputs' maxLength attributes. */
export const contactFieldLimits = {
  name: 100,
  email: 254,
  subject: 150,
  message: 5000,
} as const;

const messages = {
  name: "Ingresa tu nombre",
  nameMax: `El nombre debe tener como máximo ${contactFieldLimits.name} caracteres`,
  email: "Ingresa un email válido",
  emailMax: `El email debe tener como máximo ${contactFieldLimits.email} caracteres`,
  subject: "Ingresa el asunto",
  subjectMax: `El asunto debe tener como máximo ${contactFieldLimits.subject} caracteres`,
  message: "Escribe tu mensaje",
  messageMax: `El mensaje debe tener como máximo ${contactFieldLimits.message} caracteres`,
} as const;

export const contactSchema = z.object({
  name: z
    .string({ error: messages.name })
    .trim()
    .min(1, messages.name)
    .max(contactFieldLimits.name, messages.nameMax),
  email: z
    .string({ error: messages.email })
    .trim()
    .max(contactFieldLimits.email, messages.emailMax)
    .pipe(z.email({ error: messages.email })),
  subject: z
    .string({ error: messages.subject })
    .trim()
    .min(1, messages.subject)
    .max(contactFieldLimits.subject, messages.subjectMax),
  message: z
    .string({ error: messages.message })
    .trim()
    .min(1, messages.message)
    .max(contactFieldLimits.message, messages.messageMax),
});

export type ContactFormData = z.infer<typeof contactSchema>;

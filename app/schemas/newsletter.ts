import "~/schemas/zod-setup";
import { z } from "zod";
import { newsletterFieldLimits } from "~/schemas/field-limits";
import { visibleText } from "~/schemas/text";

/**
 * The newsletter signup in the footer (SPEC §5, DECISIONS D15): one e-mail, following the shared
 * text rules (`visibleText`) and lower-cased so that "Ana@Correo.cl " and "ana@correo.cl" are the
 * same subscriber. Shared by the form in the browser and the subscribe action on the server. Fields
 * the schema does not know (honeypot, captcha, anything added by hand) are dropped.
 */

const messages = {
  email: "Ingresa un email válido",
  emailMax: `El email debe tener como máximo ${newsletterFieldLimits.email} caracteres`,
} as const;

export const newsletterSchema = z.object({
  email: visibleText({
    message: messages.email,
    min: 1,
    max: { length: newsletterFieldLimits.email, message: messages.emailMax },
  })
    .toLowerCase()
    .pipe(z.email({ error: messages.email })),
});

export type NewsletterFormData = z.infer<typeof newsletterSchema>;

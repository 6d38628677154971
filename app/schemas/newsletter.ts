import "~/schemas/zod-setup";
import { z } from "zod";
import { newsletterFieldLimits } from "~/schemas/field-limits";
import { visibleText } from "~/schemas/text";

/**
 * The newsletter signup (docs/product.md#spec-5, docs/product.md#d15), shared by the browser and the
 * subscribe action: one e-mail, lower-cased so that "Ana@Correo.cl " and "ana@correo.cl" are the same
 * subscriber.
 */

const messages = {
  email: "Ingresa un email válido.",
  emailMax: `El email debe tener como máximo ${newsletterFieldLimits.email} caracteres.`,
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

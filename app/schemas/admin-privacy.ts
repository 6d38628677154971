import "~/schemas/zod-setup";
import { z } from "zod";
import { visibleText } from "~/schemas/text";

/** /admin/privacy's lookup and erasure of one e-mail address (docs/decisions/020-privacy-requests.md). */

export const privacyFieldLimits = { email: 254 } as const;

export const privacyMessages = {
  email: "Ingresa un email válido.",
  emailRequired: "Ingresa el email de la persona.",
  emailMax: `El email debe tener como máximo ${privacyFieldLimits.email} caracteres.`,
  confirm: "Confirma que la persona pidió eliminar sus datos.",
} as const;

const email = visibleText({
  message: privacyMessages.emailRequired,
  min: 1,
  max: { length: privacyFieldLimits.email, message: privacyMessages.emailMax },
})
  .pipe(z.email({ error: privacyMessages.email }))
  .transform((value) => value.toLowerCase());

/** The lookup (a GET form: the address is in the URL of the results). */
export const privacyLookupSchema = z.object({ email });

/** The erasure: the address looked up, and the staff member's confirmation. */
export const privacyErasureSchema = z.object({
  email,
  confirm: z.literal("on", { error: privacyMessages.confirm }),
});

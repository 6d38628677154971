import "~/schemas/zod-setup";
import { z } from "zod";
import { textFieldMessages } from "~/content/forms";
import { hasControlCharacters, visibleText } from "~/schemas/text";

/**
 * The staff forms (issue 4): sign-in, adding an admin, changing one's password. Shared by the forms
 * in the browser, the route actions and `npm run admin:create`. Names and e-mails follow the shared
 * text rules (`visibleText`). Passwords are never trimmed; a new one may not hold control characters.
 *
 * Password policy (docs/product.md#spec-5 "Backend password policy", docs/product.md#d12): at least 8
 * characters, with a lower-case letter, an upper-case letter, a digit and a symbol (any character that is
 * neither a letter nor a digit). Letters and digits of any alphabet count (ñ, Á).
 */

export const adminFieldLimits = {
  name: 100,
  email: 254,
  passwordMin: 8,
  /** Better Auth's maximum (services/auth.server.ts). */
  passwordMax: 128,
} as const;

export const passwordMessages = {
  required: "Ingresa una contraseña.",
  tooShort: `La contraseña debe tener al menos ${adminFieldLimits.passwordMin} caracteres.`,
  tooLong: `La contraseña debe tener como máximo ${adminFieldLimits.passwordMax} caracteres.`,
  lower: "La contraseña debe incluir una letra minúscula.",
  upper: "La contraseña debe incluir una letra mayúscula.",
  digit: "La contraseña debe incluir un número.",
  symbol: "La contraseña debe incluir un símbolo (por ejemplo ! ? # $ %).",
  mismatch: "Las contraseñas no coinciden.",
  sameAsCurrent: "La nueva contraseña debe ser distinta de la actual.",
} as const;

const messages = {
  email: "Ingresa un email válido.",
  emailRequired: "Ingresa tu email.",
  emailMax: `El email debe tener como máximo ${adminFieldLimits.email} caracteres.`,
  password: "Ingresa tu contraseña.",
  currentPassword: "Ingresa tu contraseña actual.",
  name: "El nombre debe tener al menos 2 caracteres.",
  nameMax: `El nombre debe tener como máximo ${adminFieldLimits.name} caracteres.`,
} as const;

/** A new password as the policy wants it; every broken rule gives its own message. */
export const passwordSchema = z
  .string({ error: passwordMessages.required })
  .min(1, passwordMessages.required)
  .min(adminFieldLimits.passwordMin, passwordMessages.tooShort)
  .max(adminFieldLimits.passwordMax, passwordMessages.tooLong)
  .refine((password) => !hasControlCharacters(password), textFieldMessages.disallowedCharacters)
  .regex(/\p{Ll}/u, passwordMessages.lower)
  .regex(/\p{Lu}/u, passwordMessages.upper)
  .regex(/\p{Nd}/u, passwordMessages.digit)
  .regex(/[^\p{L}\p{N}]/u, passwordMessages.symbol);

/** The policy's complaints about a password (empty: it is acceptable). */
export function passwordProblems(password: string): string[] {
  const result = passwordSchema.safeParse(password);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const emailSchema = (required: string) =>
  visibleText({
    message: required,
    min: 1,
    max: { length: adminFieldLimits.email, message: messages.emailMax },
  })
    .pipe(z.email({ error: messages.email }))
    .transform((email) => email.toLowerCase());

const nameSchema = visibleText({
  message: messages.name,
  min: 2,
  max: { length: adminFieldLimits.name, message: messages.nameMax },
});

/** /admin/login (docs/product.md#spec-5 "Admin login": both required; no length rules for signing in). */
export const adminSignInSchema = z.object({
  email: emailSchema(messages.emailRequired),
  password: z
    .string({ error: messages.password })
    .min(1, messages.password)
    .max(adminFieldLimits.passwordMax, messages.password),
  redirectTo: z.string().optional(),
});

/** /admin/users "Agregar administrador". */
export const newAdminSchema = z
  .object({
    name: nameSchema,
    email: emailSchema(messages.email),
    password: passwordSchema,
    passwordConfirmation: z.string({ error: passwordMessages.mismatch }),
  })
  .refine((value) => value.password === value.passwordConfirmation, {
    message: passwordMessages.mismatch,
    path: ["passwordConfirmation"],
  });

/** /admin/account "Cambiar contraseña". */
export const passwordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: messages.currentPassword })
      .min(1, messages.currentPassword)
      .max(adminFieldLimits.passwordMax, messages.currentPassword),
    newPassword: passwordSchema,
    passwordConfirmation: z.string({ error: passwordMessages.mismatch }),
  })
  .refine((value) => value.newPassword === value.passwordConfirmation, {
    message: passwordMessages.mismatch,
    path: ["passwordConfirmation"],
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    message: passwordMessages.sameAsCurrent,
    path: ["newPassword"],
  });

/** The command line's options of `npm run admin:create` (the password is checked separately). */
export const adminCreateOptionsSchema = z.object({
  email: emailSchema(messages.email),
  name: nameSchema,
});

import "~/schemas/zod-setup";
import { z } from "zod";
import { orderFieldLimits } from "~/schemas/field-limits";
import { kitIds } from "~/content/types";
import { getComuna, getRegion, isComunaInRegion, type Shipping } from "~/lib/chile";
import { formatRut, isValidRut } from "~/lib/rut";
import { digitCount, optional, visibleText } from "~/schemas/text";

/**
 * The purchase-data form ("Producto {nombre}", DECISIONS D6), shared by the browser and the order
 * action. Texts follow `visibleText` (schemas/text.ts); a missing field gets the empty one's message,
 * and unknown fields (honeypot, captcha) are dropped.
 */

const messages = {
  kitId: "El producto no es válido. Recarga la página e intenta nuevamente.",
  nameMin: "El nombre debe tener al menos 2 caracteres.",
  nameMax: `El nombre debe tener como máximo ${orderFieldLimits.name} caracteres.`,
  email: "Ingresa un email válido",
  emailMax: `El email debe tener como máximo ${orderFieldLimits.email} caracteres.`,
  phoneMin: "El teléfono debe tener al menos 8 dígitos.",
  phoneChars: "El teléfono solo puede tener números, espacios y el signo + al inicio.",
  phoneMax: `El teléfono debe tener como máximo ${orderFieldLimits.phone} caracteres.`,
  region: "Selecciona una región",
  comuna: "Selecciona una comuna de la región elegida",
  addressMin: "La dirección debe tener al menos 10 caracteres.",
  addressMax: `La dirección debe tener como máximo ${orderFieldLimits.address} caracteres.`,
  rut: "Ingresa un RUT válido (por ejemplo, 12.345.678-5)",
  notesMax: `Las notas deben tener como máximo ${orderFieldLimits.notes} caracteres.`,
  acceptTerms: "Debes aceptar los Términos y Condiciones para continuar",
} as const;

/** A checked checkbox posts "on" (or "true" from a fetcher); anything else is "not accepted". */
function isChecked(value: unknown): boolean {
  return value === true || value === "on" || value === "true";
}

export const orderSchema = z
  .object({
    kitId: z.enum(kitIds, { error: messages.kitId }),
    name: visibleText({
      message: messages.nameMin,
      min: 2,
      max: { length: orderFieldLimits.name, message: messages.nameMax },
    }),
    email: visibleText({
      message: messages.email,
      min: 1,
      max: { length: orderFieldLimits.email, message: messages.emailMax },
    }).pipe(z.email({ error: messages.email })),
    phone: visibleText({
      message: messages.phoneMin,
      max: { length: orderFieldLimits.phone, message: messages.phoneMax },
    })
      .regex(/^\+?[0-9 ]*$/, messages.phoneChars)
      .refine((phone) => digitCount(phone) >= 8, messages.phoneMin),
    region: z
      .string({ error: messages.region })
      .trim()
      .refine((cut) => getRegion(cut) !== undefined, messages.region),
    comuna: z
      .string({ error: messages.comuna })
      .trim()
      .refine((cut) => getComuna(cut) !== undefined, messages.comuna),
    address: visibleText({
      message: messages.addressMin,
      min: 10,
      max: { length: orderFieldLimits.address, message: messages.addressMax },
    }),
    rut: optional(
      visibleText({ message: messages.rut })
        .refine(isValidRut, messages.rut)
        .transform((rut) => formatRut(rut)),
    ),
    notes: optional(
      visibleText({
        message: messages.notesMax,
        max: { length: orderFieldLimits.notes, message: messages.notesMax },
        multiline: true,
      }),
    ),
    acceptTerms: z.preprocess(isChecked, z.literal(true, { error: messages.acceptTerms })),
  })
  .refine((order) => isComunaInRegion(order.comuna, order.region), {
    path: ["comuna"],
    error: messages.comuna,
    // Only compare a known región with a known comuna; otherwise their own messages already show.
    when: ({ value, issues }) =>
      typeof value === "object" &&
      value !== null &&
      !issues.some((issue) => issue.path?.[0] === "region" || issue.path?.[0] === "comuna"),
  });

export type OrderFormData = z.infer<typeof orderSchema>;

/** An order as it is stored: what the purchase-data form sent, checked, with its shipping (D7). */
export interface NewOrder {
  kitId: string;
  name: string;
  email: string;
  phone: string;
  /** Código Único Territorial of the región, e.g. "13". */
  region: string;
  /** Código Único Territorial of the comuna, e.g. "13101". */
  comuna: string;
  address: string;
  rut?: string | null;
  notes?: string | null;
  /** "free" for continental Chile, "arranged" otherwise (D7). */
  shippingKind: Shipping["kind"];
}

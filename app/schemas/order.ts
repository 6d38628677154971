import "~/schemas/zod-setup";
import { z } from "zod";
import { orderFieldLimits } from "~/schemas/field-limits";
import type { LineRequest } from "~/lib/order-lines";
import { quantityField } from "~/schemas/quantity";
import { getComuna, getRegion, isComunaInRegion, type Shipping } from "~/lib/places";
import { formatRut, isValidRut } from "~/lib/rut";
import { digitCount, optional, visibleText } from "~/schemas/text";

/**
 * The purchase-data forms, shared by the browser and the actions (docs/decisions/014, 067): the
 * quick "Comprar" dialog of one kit ("Producto {nombre}", orderSchema: the customer's data and the
 * quantity; the kit is the page's) and the cart's checkout (checkoutSchema: the customer's data; the
 * kits and quantities are the cart's). Texts follow `visibleText` (schemas/text.ts); a missing field
 * gets the empty one's message, and unknown fields (honeypot, captcha, a price or a total) are
 * dropped.
 */

const messages = {
  nameMin: "El nombre debe tener al menos 2 caracteres.",
  nameMax: `El nombre debe tener como máximo ${orderFieldLimits.name} caracteres.`,
  email: "Ingresa un email válido.",
  emailMax: `El email debe tener como máximo ${orderFieldLimits.email} caracteres.`,
  phoneMin: "El teléfono debe tener al menos 8 dígitos.",
  phoneChars: "El teléfono solo puede tener números, espacios y el signo + al inicio.",
  phoneMax: `El teléfono debe tener como máximo ${orderFieldLimits.phone} caracteres.`,
  region: "Selecciona una región.",
  comuna: "Selecciona una comuna de la región elegida.",
  addressMin: "La dirección debe tener al menos 10 caracteres.",
  addressMax: `La dirección debe tener como máximo ${orderFieldLimits.address} caracteres.`,
  rut: "Ingresa un RUT válido (por ejemplo, 12.345.678-5).",
  notesMax: `Las notas deben tener como máximo ${orderFieldLimits.notes} caracteres.`,
  acceptTerms: "Debes aceptar los Términos y condiciones para continuar.",
  documentType: "Elige boleta o factura.",
  invoiceRut: "Ingresa el RUT de la empresa (por ejemplo, 76.123.456-0).",
  invoiceRutInvalid: "El RUT de la empresa no es válido: revisa el número y el dígito verificador.",
  invoiceName: "Ingresa la razón social de la empresa.",
  invoiceNameMax: `La razón social debe tener como máximo ${orderFieldLimits.invoiceName} caracteres.`,
  invoiceGiro: "Ingresa el giro de la empresa.",
  invoiceGiroMax: `El giro debe tener como máximo ${orderFieldLimits.invoiceGiro} caracteres.`,
  invoiceAddress: "Ingresa la dirección de facturación (al menos 5 caracteres).",
  invoiceAddressMax: `La dirección de facturación debe tener como máximo ${orderFieldLimits.invoiceAddress} caracteres.`,
  invoiceRegion: "Selecciona la región de facturación.",
  invoiceComuna: "Selecciona la comuna de facturación de la región elegida.",
  invoiceEmail: "Ingresa un email válido para recibir la factura.",
  invoiceEmailMax: `El email de la factura debe tener como máximo ${orderFieldLimits.invoiceEmail} caracteres.`,
} as const;

/** A región's CUT from a select, or `message`; the same check for the shipping and the billing place. */
const regionCut = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((cut) => getRegion(cut) !== undefined, message);

/** A comuna's CUT from a select, or `message` (whether it lies in the región is checked with both). */
const comunaCut = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((cut) => getComuna(cut) !== undefined, message);

/** The tax document an order asks for (D24; docs/decisions/064): boleta unless the customer says factura. */
export const documentTypes = ["boleta", "factura"] as const;
export type DocumentType = (typeof documentTypes)[number];

/**
 * A factura's company, each field checked only when "Factura" is chosen: a boleta ignores whatever
 * was typed in them (the fields stay in the page, hidden, after switching back to boleta).
 */
const invoiceFields = {
  invoiceRut: visibleText({ message: messages.invoiceRut, min: 1 })
    .refine(isValidRut, messages.invoiceRutInvalid)
    .transform((rut) => formatRut(rut)),
  invoiceName: visibleText({
    message: messages.invoiceName,
    min: 2,
    max: { length: orderFieldLimits.invoiceName, message: messages.invoiceNameMax },
  }),
  invoiceGiro: visibleText({
    message: messages.invoiceGiro,
    min: 3,
    max: { length: orderFieldLimits.invoiceGiro, message: messages.invoiceGiroMax },
  }),
  invoiceAddress: visibleText({
    message: messages.invoiceAddress,
    min: 5,
    max: { length: orderFieldLimits.invoiceAddress, message: messages.invoiceAddressMax },
  }),
  invoiceRegion: regionCut(messages.invoiceRegion),
  invoiceComuna: comunaCut(messages.invoiceComuna),
  invoiceEmail: visibleText({
    message: messages.invoiceEmail,
    min: 1,
    max: { length: orderFieldLimits.invoiceEmail, message: messages.invoiceEmailMax },
  }).pipe(z.email({ error: messages.invoiceEmail })),
};

type InvoiceFieldName = keyof typeof invoiceFields;
const invoiceFieldNames = Object.keys(invoiceFields) as InvoiceFieldName[];

/** A factura's company as the order stores it. */
export type InvoiceData = { [K in InvoiceFieldName]: z.output<(typeof invoiceFields)[K]> };

/** Each factura field checked, or its first Spanish message; undefined when they are all fine. */
function checkInvoice(
  raw: Partial<Record<InvoiceFieldName, unknown>>,
):
  | { invoice: InvoiceData; problems?: undefined }
  | { invoice?: undefined; problems: Array<[InvoiceFieldName, string]> } {
  const invoice: Partial<Record<InvoiceFieldName, string>> = {};
  const problems: Array<[InvoiceFieldName, string]> = [];
  for (const name of invoiceFieldNames) {
    const result = invoiceFields[name].safeParse(raw[name]);
    if (result.success) invoice[name] = result.data;
    else problems.push([name, result.error.issues[0]?.message ?? messages[name]]);
  }
  if (problems.length > 0) return { problems };
  if (!isComunaInRegion(invoice.invoiceComuna!, invoice.invoiceRegion!)) {
    return { problems: [["invoiceComuna", messages.invoiceComuna]] };
  }
  return { invoice: invoice as InvoiceData };
}

/** A checked checkbox posts "on" (or "true" from a fetcher); anything else is "not accepted". */
function isChecked(value: unknown): boolean {
  return value === true || value === "on" || value === "true";
}

/** The customer's data of both purchase forms. */
const customerFields = {
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
  region: regionCut(messages.region),
  comuna: comunaCut(messages.comuna),
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
  documentType: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.enum(documentTypes, { error: messages.documentType }).default("boleta"),
  ),
  // Read as they come; checked below only for a factura (checkInvoice).
  ...(Object.fromEntries(invoiceFieldNames.map((name) => [name, z.unknown().optional()])) as Record<
    InvoiceFieldName,
    z.ZodOptional<z.ZodUnknown>
  >),
};

/** The customer's data as the fields read it, before the factura's fields are checked. */
type CustomerValue = z.output<z.ZodObject<typeof customerFields>>;

/** The customer's data checked: a boleta's, or a factura's with its company. */
type CustomerData = Omit<CustomerValue, InvoiceFieldName> & Partial<InvoiceData>;

/** A boleta carries no company; a factura its checked, cleaned fields. */
function withInvoice(value: CustomerValue): CustomerData {
  const {
    invoiceRut,
    invoiceName,
    invoiceGiro,
    invoiceAddress,
    invoiceRegion,
    invoiceComuna,
    invoiceEmail,
    ...order
  } = value;
  const raw = {
    invoiceRut,
    invoiceName,
    invoiceGiro,
    invoiceAddress,
    invoiceRegion,
    invoiceComuna,
    invoiceEmail,
  };
  return order.documentType === "factura" ? { ...order, ...checkInvoice(raw).invoice! } : order;
}

/**
 * A purchase form over the customer's data and `extra` fields, checked together (the comuna in its
 * región, a factura's company). The callbacks read the customer's part of the value.
 */
function purchaseSchema<Extra extends z.ZodRawShape>(extra: Extra) {
  return z
    .object({ ...extra, ...customerFields })
    .refine(
      (value) => {
        const order = value as CustomerValue;
        return isComunaInRegion(order.comuna, order.region);
      },
      {
        path: ["comuna"],
        error: messages.comuna,
        // Only compare a known región with a known comuna; otherwise their own messages already show.
        when: ({ value, issues }) =>
          typeof value === "object" &&
          value !== null &&
          !issues.some((issue) => issue.path?.[0] === "region" || issue.path?.[0] === "comuna"),
      },
    )
    .superRefine(
      (value, context) => {
        const order = value as CustomerValue;
        if (order.documentType !== "factura") return;
        for (const [name, message] of checkInvoice(order).problems ?? []) {
          context.addIssue({ code: "custom", path: [name], message, input: order[name] });
        }
      },
      // Also when other fields are wrong, so every message shows at once.
      { when: ({ value }) => typeof value === "object" && value !== null },
    )
    .transform(
      (value) =>
        withInvoice(value as CustomerValue) as CustomerData & { [K in keyof Extra]: z.output<Extra[K]> },
    );
}

/** The quick path's form ("Comprar", D23): one kit (the page's), how many, and the customer's data. */
export const orderSchema = purchaseSchema({ quantity: quantityField });

/** The cart's checkout form: the customer's data; the lines are the cart's (routes/site/cart*). */
export const checkoutSchema = purchaseSchema({});

/** The checkout's data: a boleta's, or a factura's with its company (InvoiceData). */
export type OrderFormData = z.output<typeof checkoutSchema>;

/** The purchase forms' field names (a factura's and the quick path's quantity included). */
export type OrderFieldName = keyof z.input<typeof orderSchema>;

/** An order as placed (placeOrder): the form's data, where a boleta may leave its type out. */
export type OrderPlacement = Omit<OrderFormData, "documentType" | InvoiceFieldName> & {
  documentType?: DocumentType;
} & Partial<InvoiceData>;

/** An order as it is stored: what the purchase-data form sent, checked, with its shipping (D7). */
export interface NewOrder {
  /** The kits and how many (priced by the model from the catalogue). */
  lines: readonly LineRequest[];
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
  /** Boleta when left out (D24); a factura comes with its company's fields. */
  documentType?: DocumentType;
  invoiceRut?: string | null;
  invoiceName?: string | null;
  invoiceGiro?: string | null;
  invoiceAddress?: string | null;
  invoiceRegion?: string | null;
  invoiceComuna?: string | null;
  invoiceEmail?: string | null;
  /** "free" for continental Chile, "arranged" otherwise (D7). */
  shippingKind: Shipping["kind"];
}

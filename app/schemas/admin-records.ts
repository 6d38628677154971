import "~/schemas/zod-setup";
import { z } from "zod";
import { courierIds, needsTrackingNumber } from "~/content/couriers";
import { orderStatuses } from "~/lib/order-status";
import { optional, visibleText } from "~/schemas/text";

/** The forms of the admin detail pages: an order's status change (docs/product.md#d9), "answered". */

export const adminRecordMessages = {
  chooseStatus: "Elige el nuevo estado.",
  shippingCost: "Escribe el costo de envío en pesos, sin decimales (por ejemplo, 45.000).",
  shippingCostTooHigh: "El costo de envío puede ser de hasta $5.000.000.",
  invalid: "No se entendió la acción. Recarga la página e inténtalo de nuevo.",
  confirmCancel: "Confirma la cancelación: un pedido cancelado ya no cambia de estado.",
  chooseCourier: "Elige el courier con que se despachó.",
  courierName: "Escribe el nombre del courier.",
  courierNameTooLong: `El nombre del courier puede tener hasta 60 caracteres.`,
  trackingNumber: "Escribe el número de seguimiento que entregó el courier.",
  trackingNumberTooLong: "El número de seguimiento puede tener hasta 40 caracteres.",
  trackingNumberCharacters: "El número de seguimiento lleva solo letras, números, guiones y espacios.",
  cancellationReason:
    "Escribe el motivo de la cancelación (al menos 5 caracteres); se lo enviamos al cliente.",
  cancellationReasonTooLong: "El motivo puede tener hasta 500 caracteres.",
  choosePaymentMeans: "Elige cómo pagó el cliente.",
  paymentReference: "Escribe el número de operación del pago (de la transferencia, el depósito o el recibo).",
  paymentReferenceTooLong: "El número de operación puede tener hasta 60 caracteres.",
  chooseDocumentType: "Elige el tipo de documento que emitiste.",
  folio: "Escribe el folio del documento, solo con números (por ejemplo, 1234).",
  folioZero: "El folio es un número desde 1: revisa el número del documento.",
  folioTooLong: "El folio tiene hasta 10 dígitos: revisa el número del documento.",
} as const;

/**
 * How a customer paid an order that staff mark "Pagado" by hand (migration 0014's
 * order_status_changes.payment_means), in the order the form offers them.
 */
export const manualPaymentMeans = ["transferencia", "deposito", "efectivo", "otro"] as const;

export type ManualPaymentMeansId = (typeof manualPaymentMeans)[number];

/** Lengths of what staff type when shipping or cancelling (the columns of migration 0007 hold more). */
export const orderStatusFieldLimits = {
  courierName: 60,
  trackingNumber: 40,
  cancellationReason: 500,
  paymentReference: 60,
} as const;

const m = adminRecordMessages;
const limits = orderStatusFieldLimits;

/**
 * The status the staff member saw (`from`) and the one chosen. "Enviado" needs the courier, its name
 * for "otro", and the tracking number for a listed courier; "cancelado" needs the reason the customer
 * is told and the box ticked (it is final). "Pagado", set by hand, needs how the customer paid and
 * the operation number (issue 22: a payment staff confirm must be traceable). `refund` is the box
 * "Devolver el pago por Webpay/Flow" offered when cancelling an order paid through a provider
 * (docs/decisions/060): ticked by default, so only a box the staff member unticked is missing. The
 * fields of one status are ignored for the others (the form shows them only for their status, but
 * sends them all without JavaScript).
 */
export const orderStatusChangeSchema = z
  .object({
    from: z.enum(orderStatuses, { error: m.invalid }),
    to: z.enum(orderStatuses, { error: m.chooseStatus }),
    confirmCancel: z.literal("on").optional().catch(undefined),
    courier: optional(z.enum(courierIds, { error: m.chooseCourier })),
    courierName: optional(
      visibleText({
        message: m.courierName,
        max: { length: limits.courierName, message: m.courierNameTooLong },
      }),
    ),
    trackingNumber: optional(
      visibleText({
        message: m.trackingNumber,
        max: { length: limits.trackingNumber, message: m.trackingNumberTooLong },
      }).regex(/^[\p{L}\p{N}][\p{L}\p{N} -]*$/u, m.trackingNumberCharacters),
    ),
    cancellationReason: optional(
      visibleText({
        message: m.cancellationReason,
        min: 5,
        max: { length: limits.cancellationReason, message: m.cancellationReasonTooLong },
        multiline: true,
      }),
    ),
    refund: z.literal("on").optional().catch(undefined),
    paymentMeans: optional(z.enum(manualPaymentMeans, { error: m.choosePaymentMeans })),
    paymentReference: optional(
      visibleText({
        message: m.paymentReference,
        max: { length: limits.paymentReference, message: m.paymentReferenceTooLong },
      }),
    ),
  })
  .superRefine((value, context) => {
    const missing = (path: string, message: string) =>
      context.addIssue({ code: "custom", path: [path], message });
    if (value.to === "enviado") {
      if (!value.courier) missing("courier", m.chooseCourier);
      else if (value.courier === "otro" && !value.courierName) missing("courierName", m.courierName);
      else if (needsTrackingNumber(value.courier) && !value.trackingNumber)
        missing("trackingNumber", m.trackingNumber);
    }
    if (value.to === "cancelado") {
      if (!value.cancellationReason) missing("cancellationReason", m.cancellationReason);
      if (value.confirmCancel !== "on") missing("confirmCancel", m.confirmCancel);
    }
    if (value.to === "pagado") {
      if (!value.paymentMeans) missing("paymentMeans", m.choosePaymentMeans);
      if (!value.paymentReference) missing("paymentReference", m.paymentReference);
    }
  });

/** What the change stores besides the status: only the fields of the chosen status. */
export type OrderStatusDetails = {
  courier?: (typeof courierIds)[number];
  courierName?: string;
  trackingNumber?: string;
  cancellationReason?: string;
};

/** A change to "pagado" made by hand: how the customer paid and the operation number. */
export type ManualPayment = { means: ManualPaymentMeansId; reference: string };

/** The most a shipping quote may be: more is a typing mistake (whole pesos). */
export const maxShippingCost = 5_000_000;

/**
 * The shipping cost staff set for an order outside the continent (D25): whole pesos, typed as staff
 * write them ("45000", "45.000", "$45.000"), 0 to maxShippingCost.
 */
export const shippingQuoteSchema = z.object({
  shippingCost: z
    .string({ error: adminRecordMessages.shippingCost })
    .transform((typed) => typed.replace(/[\s$]/g, "").replace(/\.(?=\d{3}(\D|$))/g, ""))
    .refine((typed) => /^\d{1,7}$/.test(typed), adminRecordMessages.shippingCost)
    .transform(Number)
    .refine((cost) => cost <= maxShippingCost, adminRecordMessages.shippingCostTooHigh),
});

/**
 * The SII document types staff record by hand (tipo de DTE), in the form's order: boleta electrónica
 * (39) and factura electrónica (33). The shop's kits are taxed sales, so the exempt ones (41, 34),
 * which a provider may still record (migration 0018), are not offered (docs/decisions/065).
 */
export const staffSiiTypes = ["39", "33"] as const;

/** The most digits of a folio: the DTE's Folio field is a number of up to 10 digits. */
export const maxFolioDigits = 10;

/**
 * The folio as the SII numbers it, from what staff type or paste: "1234", "001234", "1.234" (Chile's
 * thousands), "N° 1234" (as printed on the document) → "1234"; or what is wrong with it: not a whole
 * number, 0, more than 10 digits. Shared by the form and the model (which a provider calls too).
 */
export function readFolio(typed: string): { folio: string } | { problem: "invalid" | "zero" | "tooLong" } {
  const compact = typed.replace(/\s/g, "").replace(/^(n\.?[°º]|#)/i, "");
  const digits = /^\d{1,3}(\.\d{3})+$/.test(compact) ? compact.replaceAll(".", "") : compact;
  if (!/^\d+$/.test(digits)) return { problem: "invalid" };
  const folio = digits.replace(/^0+/, "");
  if (folio === "") return { problem: "zero" };
  return folio.length <= maxFolioDigits ? { folio } : { problem: "tooLong" };
}

const folioMessages = { invalid: m.folio, zero: m.folioZero, tooLong: m.folioTooLong } as const;

/** Recording the document issued for a paid order (D24): its type and its folio. */
export const documentRecordSchema = z.object({
  siiType: z.enum(staffSiiTypes, { error: m.chooseDocumentType }).transform(Number),
  folio: z.string({ error: m.folio }).transform((typed, context) => {
    const read = readFolio(typed);
    if ("folio" in read) return read.folio;
    context.addIssue({ code: "custom", message: folioMessages[read.problem] });
    return z.NEVER;
  }),
});

/** The undo of a change just made (docs/decisions/033-order-status-emails.md): the change's id. */
export const orderStatusUndoSchema = z.object({
  undo: z.string({ error: m.invalid }).regex(/^[0-9a-f-]{36}$/, m.invalid),
});

/** "true": mark answered; "false": pending again. */
export const answeredChangeSchema = z.object({
  answered: z.enum(["true", "false"], { error: adminRecordMessages.invalid }),
});

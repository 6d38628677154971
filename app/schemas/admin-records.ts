import "~/schemas/zod-setup";
import { z } from "zod";
import { courierIds, needsTrackingNumber } from "~/lib/couriers";
import { orderStatuses } from "~/lib/order-status";
import { optional, visibleText } from "~/schemas/text";

/** The forms of the admin detail pages: an order's status change (DECISIONS D9), "answered". */

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

/** The undo of a change just made (docs/decisions/033-order-status-emails.md): the change's id. */
export const orderStatusUndoSchema = z.object({
  undo: z.string({ error: m.invalid }).regex(/^[0-9a-f-]{36}$/, m.invalid),
});

/** "true": mark answered; "false": pending again. */
export const answeredChangeSchema = z.object({
  answered: z.enum(["true", "false"], { error: adminRecordMessages.invalid }),
});

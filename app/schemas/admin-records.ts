import "~/schemas/zod-setup";
import { z } from "zod";
import { courierIds, needsTrackingNumber } from "~/lib/couriers";
import { orderStatuses } from "~/lib/order-status";
import { optional, visibleText } from "~/schemas/text";

/** The forms of the admin detail pages: an order's status change (DECISIONS D9), "answered". */

export const adminRecordMessages = {
  chooseStatus: "Elige el nuevo estado.",
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
} as const;

/** Lengths of what staff type when shipping or cancelling (the columns of migration 0007 hold more). */
export const orderStatusFieldLimits = {
  courierName: 60,
  trackingNumber: 40,
  cancellationReason: 500,
} as const;

const m = adminRecordMessages;
const limits = orderStatusFieldLimits;

/**
 * The status the staff member saw (`from`) and the one chosen. "Enviado" needs the courier, its name
 * for "otro", and the tracking number for a listed courier; "cancelado" needs the reason the customer
 * is told and the box ticked (it is final). The shipping and cancelling fields are ignored for the
 * other statuses (the form shows them only for their status, but sends them all without JavaScript).
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
  });

/** What the change stores besides the status: only the fields of the chosen status. */
export type OrderStatusDetails = {
  courier?: (typeof courierIds)[number];
  courierName?: string;
  trackingNumber?: string;
  cancellationReason?: string;
};

/** The undo of a change just made (docs/decisions/033-order-status-emails.md): the change's id. */
export const orderStatusUndoSchema = z.object({
  undo: z.string({ error: m.invalid }).regex(/^[0-9a-f-]{36}$/, m.invalid),
});

/** "true": mark answered; "false": pending again. */
export const answeredChangeSchema = z.object({
  answered: z.enum(["true", "false"], { error: adminRecordMessages.invalid }),
});

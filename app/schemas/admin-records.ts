import "~/schemas/zod-setup";
import { z } from "zod";
import { orderStatuses } from "~/lib/order-status";

/**
 * The forms of the admin detail pages (issue 4): an order's status change (DECISIONS D9) and
 * "answered" on a quotation request or a contact message. Shared by the browser and the actions.
 */

export const adminRecordMessages = {
  chooseStatus: "Elige el nuevo estado.",
  invalid: "No se entendió la acción. Recarga la página e inténtalo de nuevo.",
  confirmCancel: "Confirma la cancelación: un pedido cancelado ya no cambia de estado.",
} as const;

/**
 * The status the staff member saw (`from`) and the one chosen (`to`). Cancelling is final, so it
 * also needs the confirmation box ticked.
 */
export const orderStatusChangeSchema = z
  .object({
    from: z.enum(orderStatuses, { error: adminRecordMessages.invalid }),
    to: z.enum(orderStatuses, { error: adminRecordMessages.chooseStatus }),
    confirmCancel: z.literal("on").optional().catch(undefined),
  })
  .superRefine((value, context) => {
    if (value.to === "cancelado" && value.confirmCancel !== "on") {
      context.addIssue({
        code: "custom",
        path: ["confirmCancel"],
        message: adminRecordMessages.confirmCancel,
      });
    }
  });

/** "true": mark answered; "false": pending again. */
export const answeredChangeSchema = z.object({
  answered: z.enum(["true", "false"], { error: adminRecordMessages.invalid }),
});

import "~/schemas/zod-setup";
import { z } from "zod";
import { orderStatuses } from "~/lib/order-status";

/** The forms of the admin detail pages: an order's status change (DECISIONS D9), "answered". */

export const adminRecordMessages = {
  chooseStatus: "Elige el nuevo estado.",
  invalid: "No se entendió la acción. Recarga la página e inténtalo de nuevo.",
  confirmCancel: "Confirma la cancelación: un pedido cancelado ya no cambia de estado.",
} as const;

/** The status the staff member saw (`from`) and the one chosen; cancelling, final, needs the box ticked. */
export const orderStatusChangeSchema = z
  .object({
    from: z.enum(orderStatuses, { error: adminRecordMessages.invalid }),
    to: z.enum(orderStatuses, { error: adminRecordMessages.chooseStatus }),
    confirmCancel: z.literal("on").optional().catch(undefined),
  })
  .refine((value) => value.to !== "cancelado" || value.confirmCancel === "on", {
    path: ["confirmCancel"],
    message: adminRecordMessages.confirmCancel,
  });

/** "true": mark answered; "false": pending again. */
export const answeredChangeSchema = z.object({
  answered: z.enum(["true", "false"], { error: adminRecordMessages.invalid }),
});

import "~/schemas/zod-setup";
import { z } from "zod";
import { quantityField as quantity } from "~/schemas/quantity";

/**
 * The cart's forms (docs/decisions/068): "Agregar al carro" on a kit, and each line's quantity and
 * "Quitar" on /carro. The browser sends a kit and a quantity, never a price. Whether the kit is sold
 * is the catalogue's to say (services/cart.server.ts).
 */

const kitId = z.string().trim().min(1).max(40);

export const cartActionSchema = z.discriminatedUnion("intent", [
  // One more of the kit unless said otherwise; `volver` ("carro"): show the cart afterwards.
  z.object({
    intent: z.literal("add"),
    kitId,
    quantity,
    volver: z.literal("carro").optional(),
  }),
  z.object({ intent: z.literal("update"), kitId, quantity }),
  z.object({ intent: z.literal("remove"), kitId }),
]);

export type CartAction = z.output<typeof cartActionSchema>;

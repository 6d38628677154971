import "~/schemas/zod-setup";
import { z } from "zod";
import { maxQuantityPerKit } from "~/lib/order-lines";

/** Why a quantity was refused, under its field. */
export const quantityMessage = `Ingresa una cantidad de 1 a ${maxQuantityPerKit} kits.`;

/**
 * How many of a kit (the "Comprar" dialog, the cart): a whole number from 1 to maxQuantityPerKit,
 * typed or from a stepper; "", "2.5", "-1", "21" or "dos" get the Spanish message. Left out (a page
 * from before quantities, a script), it is one kit: what "Comprar" always bought.
 */
export const quantityField = z.preprocess(
  (value) =>
    value === undefined
      ? 1
      : typeof value === "string" && /^ *\d{1,6} *$/.test(value)
        ? Number(value)
        : value,
  z
    .number({ error: quantityMessage })
    .int({ error: quantityMessage })
    .min(1, { error: quantityMessage })
    .max(maxQuantityPerKit, { error: quantityMessage }),
);

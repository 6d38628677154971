import type { KitId } from "~/content/types";
import { createOrder } from "~/models/orders.server";
import type { Db } from "~/infra/db.server";

/** An order as a customer in Valparaíso places it, for tests that need one (the gallery's uploads). */
export async function createTestOrder(
  db: Db,
  { name, email, kitId = "nautical" }: { name: string; email: string; kitId?: KitId },
) {
  const order = await createOrder(db, {
    kitId,
    name,
    email,
    phone: "+56 9 8765 4321",
    region: "05",
    comuna: "05101",
    address: "Calle Esmeralda 12, Valparaíso",
    rut: "",
    notes: "",
    shippingKind: "free",
  });
  return { ...order, email, customerName: name };
}

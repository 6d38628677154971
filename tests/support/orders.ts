import type { KitId } from "~/content/types";
import { createOrder } from "~/models/orders.server";
import type { Db } from "~/infra/db.server";

/** An order as a customer in Valparaíso places it, for tests that need one (the gallery's uploads). */
export async function createTestOrder(
  db: Db,
  { name, email, kitId = "nautical" }: { name: string; email: string; kitId?: KitId },
) {
  const order = await createOrder(db, {
    lines: [{ kitId, quantity: 1 }],
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

/**
 * A company's factura data (D24) as the purchase forms post it and the order keeps it, for every test
 * of a factura: the forms, the order model, the e-mails, the back office.
 */
export const facturaCompany = {
  documentType: "factura",
  invoiceRut: "76.086.428-5",
  invoiceName: "Comercial Austral SpA",
  invoiceGiro: "Venta de artículos de seguridad",
  invoiceAddress: "Av. Apoquindo 4500, oficina 12",
  invoiceRegion: "13",
  invoiceComuna: "13114",
  invoiceEmail: "facturas@austral.cl",
} as const;

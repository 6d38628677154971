import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RecordField } from "~/components/admin/admin-record";
import { createOrder } from "~/models/orders.server";
import { createAdminAccount } from "~/services/auth.server";
import type { Db } from "~/infra/db.server";
import * as order from "./order";
import {
  args,
  get,
  settle,
  signedInCookie,
  useAsProcessDatabase,
} from "../../../tests/support/admin-requests";
import { removeAdminTestEnv } from "../../../tests/support/admin-env";
import { adminOrdersList } from "../../../tests/support/admin-orders";
import { dialectsUnderTest, useMigratedDatabase } from "../../../tests/support/databases";
import { facturaCompany } from "../../../tests/support/orders";

/**
 * Boleta or factura in the back office (issue 23, D24; docs/decisions/064), through the real
 * loaders with a real staff session and a real migrated database of every dialect: the order page's
 * "Documento tributario", the orders list's "Documento" filter and the CSV.
 */
const testEnv = vi.hoisted(async () =>
  (await import("../../../tests/support/admin-env")).stubAdminTestEnv("tax-documents"),
);
afterAll(async () => removeAdminTestEnv(await testEnv));

const password = "Refugio#2026";
const field = (fields: RecordField[], label: string) => fields.find((entry) => entry.label === label);

describe.each(dialectsUnderTest)("boleta or factura in the back office on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  useAsProcessDatabase(database);
  let db: Db;
  let cookie: string;
  let boleta: { id: string; number: string };
  let factura: { id: string; number: string };

  beforeAll(async () => {
    db = database().db;
    await createAdminAccount({ name: "Marta Admin", email: "marta@lifebox.test", password }, db);
    cookie = await signedInCookie("marta@lifebox.test", password);
    const customer = {
      lines: [{ kitId: "essential", quantity: 1 }],
      phone: "+56 9 8765 4321",
      region: "13",
      comuna: "13101",
      address: "Calle Huérfanos 1234, Santiago",
      shippingKind: "free",
    } as const;
    boleta = await createOrder(db, { ...customer, name: "Boleta Persona", email: "persona@example.cl" });
    factura = await createOrder(db, {
      ...customer,
      name: "Factura Empresa",
      email: "compras@austral.cl",
      ...facturaCompany,
    });
  });

  const load = async (id: string) => {
    const path = `/admin/orders/${id}`;
    const answer = await settle(() =>
      order.loader({ ...args<object>(get(path, cookie), undefined, { id }) } as never),
    );
    expect(answer.status).toBe(200);
    return (answer.body as unknown as { fields: { document: RecordField[] } }).fields.document;
  };

  it("shows on the order page which document the customer asked for, and a factura's company", async () => {
    const forBoleta = await load(boleta.id);
    expect(forBoleta.map((entry) => [entry.label, entry.value])).toEqual([
      ["Documento", "Boleta"],
      ["Folio", "Sin emitir"],
    ]);
    const forFactura = await load(factura.id);
    expect(forFactura.map((entry) => [entry.label, entry.value])).toEqual([
      ["Documento", "Factura"],
      ["RUT de la empresa", "76.086.428-5"],
      ["Razón social", "Comercial Austral SpA"],
      ["Giro", "Venta de artículos de seguridad"],
      ["Dirección de facturación", "Av. Apoquindo 4500, oficina 12"],
      ["Comuna de facturación", "Las Condes"],
      ["Región de facturación", "Región Metropolitana de Santiago"],
      ["Email para la factura", "facturas@austral.cl"],
      ["Folio", "Sin emitir"],
    ]);
    expect(field(forFactura, "Email para la factura")?.href).toBe("mailto:facturas@austral.cl");
  });

  it("filters the orders list on the document, and the CSV carries it with a factura's company", async () => {
    const { open, numbersIn, csv } = adminOrdersList(() => cookie);

    const all = await open("");
    const filter = all.filters.find((candidate) => candidate.label === "Documento")!;
    expect(filter.options.map((option) => option.label)).toEqual(["Todos", "Boleta", "Factura"]);
    expect(filter.options[2]!.href).toBe("/admin/orders?documento=factura");
    expect(numbersIn(await open("?documento=factura"))).toEqual([factura.number]);
    expect(numbersIn(await open("?documento=boleta"))).toEqual([boleta.number]);

    const { header, rows } = await csv("?documento=factura");
    expect(rows).toHaveLength(1);
    const cell = (label: string) => rows[0]![header.indexOf(label)];
    expect(cell("N.º de pedido")).toBe(factura.number);
    expect(cell("Documento")).toBe("Factura");
    expect(cell("RUT de la empresa")).toBe("76.086.428-5");
    expect(cell("Razón social")).toBe("Comercial Austral SpA");
    expect(cell("Giro")).toBe("Venta de artículos de seguridad");
    expect(cell("Dirección de facturación")).toBe(
      "Av. Apoquindo 4500, oficina 12, Las Condes, Metropolitana de Santiago",
    );
    expect(cell("Email para la factura")).toBe("facturas@austral.cl");
    expect(cell("Folio")).toBe("");
  });
});

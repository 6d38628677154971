import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getKit } from "~/content/kits";
import type { RandomSource } from "~/lib/order-number";
import { claimDueMail, markSent } from "~/models/mail-queue.server";
import {
  changeOrderStatus,
  changeOrderStatusAsStaff,
  createOrder,
  findOrderByNumberAndEmail,
  getOrderForCustomer,
  getOrderHistory,
  getOrderLines,
  getUndoableChange,
  OrderLinesRefusedError,
  OrderNotFoundError,
  OrderNumberUnavailableError,
  OrderStatusTransitionError,
  OrderStatusUndoError,
  statusMailDelayMs,
  statusUndoWindowMs,
  undoOrderStatusChange,
  UnknownKitError,
} from "~/models/orders.server";
import type { OrderStatus } from "~/lib/order-status";
import type { NewOrder } from "~/schemas/order";
import type { Db } from "~/infra/db.server";
import { dialectsUnderTest, useMigratedDatabase } from "../../tests/support/databases";

const orderNumber = /^LB-[A-HJ-KM-NP-Z2-9]{6}$/;

function newOrder(overrides: Partial<NewOrder> = {}): NewOrder {
  return {
    lines: [{ kitId: "essential", quantity: 1 }],
    name: "Ana Pérez Soto",
    email: "ana@example.cl",
    phone: "+56 9 1234 5678",
    region: "13",
    comuna: "13101",
    address: "Av. Libertador Bernardo O'Higgins 1234, depto. 56",
    rut: "12.345.678-5",
    notes: "Dejar en conserjería",
    shippingKind: "free",
    ...overrides,
  };
}

/** A random source that replays `first` on its first `times` calls, then is random. */
function repeatingSource(first: Uint8Array, times: number): RandomSource {
  let calls = 0;
  return (bytes) => {
    calls++;
    if (calls <= times) {
      bytes.set(first.subarray(0, bytes.length));
      return bytes;
    }
    return crypto.getRandomValues(bytes);
  };
}

/** The bytes a random source gave for one order number (12 per draw; these are all usable). */
const fixedBytes = Uint8Array.from([5, 17, 22, 3, 9, 28, 1, 2, 3, 4, 5, 6]);

async function countRows(db: Db, table: "orders" | "orderStatusChanges", column: string, value: string) {
  const result = await sql<{
    n: number | string;
  }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${value}`.execute(db);
  return Number(result.rows[0]?.n);
}

describe.each(dialectsUnderTest)("orders on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Db;
  beforeAll(() => {
    db = database().db;
  });

  it("stores exactly what was sent, with the catalogue's name and price, and the first status", async () => {
    const now = new Date("2025-03-01T12:34:56.789Z");
    const { id, number } = await createOrder(db, newOrder(), { now });
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(number).toMatch(orderNumber);

    const row = await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({
      id,
      number,
      linesSummary: "LifeBox Essential",
      kitCount: 1,
      shippingKind: "free",
      total: 219990,
      status: "pendiente_pago",
      customerName: "Ana Pérez Soto",
      email: "ana@example.cl",
      phone: "+56 9 1234 5678",
      regionCut: "13",
      comunaCut: "13101",
      address: "Av. Libertador Bernardo O'Higgins 1234, depto. 56",
      rut: "12.345.678-5",
      notes: "Dejar en conserjería",
      termsAcceptedAt: "2025-03-01T12:34:56.789Z",
      createdAt: "2025-03-01T12:34:56.789Z",
      updatedAt: "2025-03-01T12:34:56.789Z",
      courier: null,
      courierName: null,
      trackingNumber: null,
      cancellationReason: null,
      paidBy: null,
      subtotal: 219990,
      shippingCost: 0,
      shippingQuotedAt: null,
      shippingQuotedBy: null,
      // A boleta (the default, D24): no company, nothing issued yet.
      documentType: "boleta",
      invoiceRut: null,
      invoiceName: null,
      invoiceGiro: null,
      invoiceAddress: null,
      invoiceRegionCut: null,
      invoiceComunaCut: null,
      invoiceEmail: null,
      documentSiiType: null,
      documentFolio: null,
      documentIssuedAt: null,
      documentRecordedBy: null,
      documentProvider: null,
    });
    expect(await getOrderLines(db, id)).toEqual([
      { kitId: "essential", kitName: "LifeBox Essential", unitPrice: 219990, quantity: 1, lineTotal: 219990 },
    ]);

    const changes = await db.selectFrom("orderStatusChanges").selectAll().where("orderId", "=", id).execute();
    expect(changes).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        orderId: id,
        fromStatus: null,
        toStatus: "pendiente_pago",
        changedBy: null,
        changedAt: "2025-03-01T12:34:56.789Z",
        mailId: null,
        undoes: null,
        paymentMeans: null,
        paymentReference: null,
      },
    ]);
  });

  it("stores blank optional fields as null and keeps an arranged shipping", async () => {
    const { id } = await createOrder(
      db,
      newOrder({
        lines: [{ kitId: "nautical-mini", quantity: 1 }],
        rut: "",
        notes: undefined,
        comuna: "05201",
        region: "05",
        shippingKind: "arranged",
      }),
    );
    const row = await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      linesSummary: "LifeBox Nautical Mini",
      subtotal: 199990,
      shippingCost: null,
      total: 199990,
      shippingKind: "arranged",
      regionCut: "05",
      comunaCut: "05201",
      rut: null,
      notes: null,
    });
  });

  it("takes the price from the catalogue, never from the input", async () => {
    const tampered = {
      ...newOrder({ lines: [{ kitId: "industry", quantity: 1 }] }),
      price: 1,
      unitPrice: 1,
      total: 1,
      kitName: "Gratis",
    };
    const { id } = await createOrder(db, tampered);
    const row = await db
      .selectFrom("orders")
      .select(["linesSummary", "subtotal", "total"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const kit = getKit("industry");
    expect(row).toEqual({ linesSummary: kit?.name, subtotal: kit?.price, total: kit?.price });
    expect(await getOrderLines(db, id)).toEqual([
      { kitId: "industry", kitName: kit?.name, unitPrice: 539990, quantity: 1, lineTotal: 539990 },
    ]);
  });

  it("stores several lines with their quantities, each priced from the catalogue, and their sum", async () => {
    const { id, lines, subtotal, total } = await createOrder(
      db,
      newOrder({
        lines: [
          { kitId: "essential", quantity: 2 },
          { kitId: "essential-mini", quantity: 1 },
        ],
      }),
    );
    const essential = getKit("essential")!;
    const mini = getKit("essential-mini")!;
    const expected = [
      {
        kitId: "essential",
        kitName: essential.name,
        unitPrice: essential.price,
        quantity: 2,
        lineTotal: 2 * essential.price,
      },
      {
        kitId: "essential-mini",
        kitName: mini.name,
        unitPrice: mini.price,
        quantity: 1,
        lineTotal: mini.price,
      },
    ];
    expect(lines).toEqual(expected);
    expect(await getOrderLines(db, id)).toEqual(expected);
    expect(subtotal).toBe(2 * essential.price + mini.price);
    expect(total).toBe(subtotal);
    const row = await db
      .selectFrom("orders")
      .select(["linesSummary", "kitCount", "subtotal", "total"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      linesSummary: `2 × ${essential.name}, ${mini.name}`,
      kitCount: 3,
      subtotal,
      total: subtotal,
    });
  });

  it.each([
    ["no line", []],
    ["a quantity of 0", [{ kitId: "essential", quantity: 0 }]],
    ["a negative quantity", [{ kitId: "essential", quantity: -1 }]],
    ["a fractional quantity", [{ kitId: "essential", quantity: 1.5 }]],
    ["21 of a kit", [{ kitId: "essential", quantity: 21 }]],
    [
      "the same kit twice",
      [
        { kitId: "essential", quantity: 1 },
        { kitId: "essential", quantity: 2 },
      ],
    ],
  ])("refuses %s with a typed error and stores nothing", async (_case, lines) => {
    const email = `refused-${crypto.randomUUID()}@example.cl`;
    await expect(createOrder(db, newOrder({ lines, email }))).rejects.toBeInstanceOf(OrderLinesRefusedError);
    expect(await countRows(db, "orders", "email", email)).toBe(0);
  });

  it("refuses an unknown kit with a typed error and stores nothing", async () => {
    const email = "unknown-kit@example.cl";
    await expect(
      createOrder(db, newOrder({ lines: [{ kitId: "deluxe", quantity: 1 }], email })),
    ).rejects.toBeInstanceOf(UnknownKitError);
    await expect(
      createOrder(db, newOrder({ lines: [{ kitId: "toString", quantity: 1 }], email })),
    ).rejects.toBeInstanceOf(UnknownKitError);
    expect(await countRows(db, "orders", "email", email)).toBe(0);
  });

  it("retries an order number that is already taken", async () => {
    const first = await createOrder(db, newOrder(), { random: repeatingSource(fixedBytes, 1) });
    const second = await createOrder(db, newOrder(), { random: repeatingSource(fixedBytes, 2) });
    expect(first.number).toMatch(orderNumber);
    expect(second.number).toMatch(orderNumber);
    expect(second.number).not.toBe(first.number);
    expect(await countRows(db, "orders", "number", first.number)).toBe(1);
    expect(await countRows(db, "orders", "number", second.number)).toBe(1);
    expect(await countRows(db, "orderStatusChanges", "orderId", second.id)).toBe(1);
  });

  it("gives up after five taken numbers and stores nothing", async () => {
    const email = "five-collisions@example.cl";
    // The fixed number is taken (by this call, or by an earlier test and then this one retries).
    await createOrder(db, newOrder(), { random: repeatingSource(fixedBytes, 1) });
    await expect(
      createOrder(db, newOrder({ email }), { random: repeatingSource(fixedBytes, 5) }),
    ).rejects.toBeInstanceOf(OrderNumberUnavailableError);
    expect(await countRows(db, "orders", "email", email)).toBe(0);
    // Four taken numbers still succeed: the fifth attempt is made.
    const { number } = await createOrder(db, newOrder({ email }), { random: repeatingSource(fixedBytes, 4) });
    expect(number).toMatch(orderNumber);
    expect(await countRows(db, "orders", "email", email)).toBe(1);
  });

  it("writes the order and its first status change in one transaction", async () => {
    const email = "rollback@example.cl";
    // Make the second insert fail: without its table, the order written just before must go too.
    await sql`alter table order_status_changes rename to order_status_changes_away`.execute(db);
    try {
      await expect(createOrder(db, newOrder({ email }))).rejects.toThrow(/order_status_changes/);
    } finally {
      await sql`alter table order_status_changes_away rename to order_status_changes`.execute(db);
    }
    expect(await countRows(db, "orders", "email", email)).toBe(0);
    // And the database is fine afterwards.
    const { id } = await createOrder(db, newOrder({ email }));
    expect(await countRows(db, "orders", "email", email)).toBe(1);
    expect(await countRows(db, "orderStatusChanges", "orderId", id)).toBe(1);
  });

  it("shows a customer their order by its id, and nothing for anything else", async () => {
    const now = new Date("2025-04-02T10:00:00.000Z");
    const { id, number } = await createOrder(
      db,
      newOrder({ lines: [{ kitId: "expedition-mini", quantity: 1 }] }),
      { now },
    );
    expect(await getOrderForCustomer(db, id)).toEqual({
      id,
      number,
      linesSummary: "LifeBox Expedition Mini",
      lines: [
        {
          kitId: "expedition-mini",
          kitName: "LifeBox Expedition Mini",
          unitPrice: 179990,
          quantity: 1,
          lineTotal: 179990,
        },
      ],
      shippingKind: "free",
      total: 179990,
      status: "pendiente_pago",
      customerName: "Ana Pérez Soto",
      createdAt: "2025-04-02T10:00:00.000Z",
      courier: null,
      courierName: null,
      trackingNumber: null,
      cancellationReason: null,
      subtotal: 179990,
      shippingCost: 0,
      comunaCut: "13101",
      entered: { pendiente_pago: "2025-04-02T10:00:00.000Z" },
    });
    expect(await getOrderForCustomer(db, id.toUpperCase())).toMatchObject({ id });
    expect(await getOrderForCustomer(db, crypto.randomUUID())).toBeUndefined();
    expect(await getOrderForCustomer(db, number)).toBeUndefined();
    expect(await getOrderForCustomer(db, "")).toBeUndefined();
    expect(await getOrderForCustomer(db, `${id}' or '1'='1`)).toBeUndefined();
  });

  it("finds an order by its number and e-mail as a customer types them, and nothing when either is wrong", async () => {
    const { id, number } = await createOrder(db, newOrder({ email: "Ana.Perez@Example.cl" }));
    const other = await createOrder(db, newOrder({ email: "otra@example.cl" }));
    const loose = number.slice(3).toLowerCase();
    expect(await findOrderByNumberAndEmail(db, number, "Ana.Perez@Example.cl")).toMatchObject({ id, number });
    expect(await findOrderByNumberAndEmail(db, ` lb ${loose} `, " ana.perez@example.CL ")).toMatchObject({
      id,
    });
    expect(await findOrderByNumberAndEmail(db, number, "otra@example.cl")).toBeUndefined();
    expect(await findOrderByNumberAndEmail(db, other.number, "ana.perez@example.cl")).toBeUndefined();
    expect(await findOrderByNumberAndEmail(db, number, "")).toBeUndefined();
    expect(await findOrderByNumberAndEmail(db, "", "ana.perez@example.cl")).toBeUndefined();
    expect(await findOrderByNumberAndEmail(db, `${number}' or '1'='1`, "x' or '1'='1")).toBeUndefined();
  });

  it("moves an order along its lifecycle, keeping each change with time and staff user", async () => {
    const created = new Date("2025-05-01T09:00:00.000Z");
    const { id } = await createOrder(db, newOrder(), { now: created });
    const steps = [
      ["pagado", null, "2025-05-01T09:05:00.000Z"],
      ["en_preparacion", "staff-1", "2025-05-02T10:00:00.000Z"],
      ["enviado", "staff-2", "2025-05-05T15:30:00.000Z"],
      ["entregado", "staff-1", "2025-05-09T11:00:00.000Z"],
    ] as const;
    let from = "pendiente_pago";
    for (const [to, staff, at] of steps) {
      expect(await changeOrderStatus(db, id, to, staff, new Date(at))).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        from,
        to,
        changedAt: at,
        // Every step but "en preparación" tells the customer.
        mailId: to === "en_preparacion" ? null : expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      const order = await db
        .selectFrom("orders")
        .select(["status", "updatedAt", "createdAt"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(order).toEqual({ status: to, updatedAt: at, createdAt: created.toISOString() });
      from = to;
    }
    const history = await db
      .selectFrom("orderStatusChanges")
      .select(["fromStatus", "toStatus", "changedBy", "changedAt"])
      .where("orderId", "=", id)
      .orderBy("changedAt")
      .execute();
    expect(history).toEqual([
      { fromStatus: null, toStatus: "pendiente_pago", changedBy: null, changedAt: created.toISOString() },
      { fromStatus: "pendiente_pago", toStatus: "pagado", changedBy: null, changedAt: steps[0][2] },
      { fromStatus: "pagado", toStatus: "en_preparacion", changedBy: "staff-1", changedAt: steps[1][2] },
      { fromStatus: "en_preparacion", toStatus: "enviado", changedBy: "staff-2", changedAt: steps[2][2] },
      { fromStatus: "enviado", toStatus: "entregado", changedBy: "staff-1", changedAt: steps[3][2] },
    ]);
  });

  it("cancels before shipping", async () => {
    for (const path of [[], ["pagado"], ["pagado", "en_preparacion"]] as const) {
      const { id } = await createOrder(db, newOrder());
      for (const to of path) await changeOrderStatus(db, id, to, "staff-1");
      await changeOrderStatus(db, id, "cancelado", "staff-1");
      expect(await getOrderForCustomer(db, id)).toMatchObject({ status: "cancelado" });
    }
  });

  it("refuses transitions the lifecycle does not allow, changing nothing", async () => {
    const created = new Date("2025-06-01T09:00:00.000Z");
    const { id } = await createOrder(db, newOrder(), { now: created });
    for (const to of ["pendiente_pago", "en_preparacion", "enviado", "entregado"] as const) {
      const refusal = changeOrderStatus(db, id, to, "staff-1");
      await expect(refusal).rejects.toBeInstanceOf(OrderStatusTransitionError);
      await expect(refusal).rejects.toMatchObject({ from: "pendiente_pago", to });
    }
    await expect(changeOrderStatus(db, id, "reembolsado" as never, "staff-1")).rejects.toBeInstanceOf(
      OrderStatusTransitionError,
    );
    expect(await getOrderForCustomer(db, id)).toMatchObject({ status: "pendiente_pago" });
    expect(await countRows(db, "orderStatusChanges", "orderId", id)).toBe(1);
    const { updatedAt } = await db
      .selectFrom("orders")
      .select("updatedAt")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(updatedAt).toBe(created.toISOString());

    await changeOrderStatus(db, id, "pagado", "staff-1");
    await changeOrderStatus(db, id, "en_preparacion", "staff-1");
    await changeOrderStatus(db, id, "enviado", "staff-1");
    await expect(changeOrderStatus(db, id, "cancelado", "staff-1")).rejects.toBeInstanceOf(
      OrderStatusTransitionError,
    );
    await changeOrderStatus(db, id, "entregado", "staff-1");
    for (const to of ["cancelado", "enviado", "pendiente_pago"] as const) {
      await expect(changeOrderStatus(db, id, to, "staff-1")).rejects.toBeInstanceOf(
        OrderStatusTransitionError,
      );
    }
    expect(await countRows(db, "orderStatusChanges", "orderId", id)).toBe(5);
  });

  it("refuses to change an order that does not exist", async () => {
    await expect(changeOrderStatus(db, crypto.randomUUID(), "pagado", "staff-1")).rejects.toBeInstanceOf(
      OrderNotFoundError,
    );
    await expect(changeOrderStatus(db, "not-a-uuid", "pagado", "staff-1")).rejects.toBeInstanceOf(
      OrderNotFoundError,
    );
  });

  it("deletes an order's history with the order", async () => {
    const { id } = await createOrder(db, newOrder());
    await changeOrderStatus(db, id, "pagado", null);
    expect(await countRows(db, "orderStatusChanges", "orderId", id)).toBe(2);
    await db.deleteFrom("orders").where("id", "=", id).execute();
    expect(await countRows(db, "orderStatusChanges", "orderId", id)).toBe(0);
  });

  it("refuses values the database does not allow, the same on both databases", async () => {
    const { id } = await createOrder(db, newOrder());
    await expect(
      db
        .updateTable("orders")
        .set({ status: "perdido" as never })
        .where("id", "=", id)
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .updateTable("orders")
        .set({ shippingKind: "express" as never })
        .where("id", "=", id)
        .execute(),
    ).rejects.toThrow();
    await expect(
      db.updateTable("orders").set({ total: -1 }).where("id", "=", id).execute(),
    ).rejects.toThrow();
    await expect(
      db.updateTable("orders").set({ regionCut: "123456789" }).where("id", "=", id).execute(),
    ).rejects.toThrow();
  });
});

/**
 * The staff side of the order lifecycle (issue 12; docs/decisions/033-order-status-emails.md): the
 * customer's e-mail queued with each change, the shipment's and cancellation's details, and the
 * minute in which a mistaken change can be undone without the customer hearing of it.
 */

const staff = "5b0e3f4e-7d59-4b8e-9a3c-0f6c1d2e3a4b";
const t0 = new Date("2026-03-02T15:00:00.000Z");
const after = (ms: number) => new Date(t0.getTime() + ms);
const second = 1000;

describe.each(dialectsUnderTest)("the staff's order changes on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Db;
  beforeAll(() => {
    db = database().db;
  });

  /** A new order moved through `path` by the system, an hour before t0. */
  async function orderIn(path: OrderStatus[] = []) {
    const { id } = await createOrder(
      db,
      {
        lines: [{ kitId: "essential", quantity: 1 }],
        name: "Ana Pérez Soto",
        email: `ana.${crypto.randomUUID().slice(0, 8)}@example.cl`,
        phone: "+56 9 1234 5678",
        region: "13",
        comuna: "13101",
        address: "Av. Matta 100",
        rut: null,
        notes: null,
        shippingKind: "free",
      },
      { now: after(-3_600_000) },
    );
    for (const [index, to] of path.entries()) {
      await changeOrderStatus(db, id, to, null, after(-3_000_000 + index * 1000));
    }
    return id;
  }

  const mailRow = (id: string) =>
    db.selectFrom("mailQueue").selectAll().where("id", "=", id).executeTakeFirst();
  const orderRow = (id: string) =>
    db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("ships with courier and tracking number, and queues the customer's e-mail for two minutes later", async () => {
    const id = await orderIn(["pagado", "en_preparacion"]);
    const change = await changeOrderStatusAsStaff(db, id, "en_preparacion", "enviado", staff, {
      now: t0,
      details: { courier: "starken", courierName: "ignorado", trackingNumber: " 987654321 " },
    });
    expect(await orderRow(id)).toMatchObject({
      status: "enviado",
      courier: "starken",
      courierName: null,
      trackingNumber: "987654321",
    });
    const mail = await mailRow(change.mailId!);
    expect(mail).toMatchObject({
      kind: "order-shipped",
      status: "pending",
      createdAt: t0.toISOString(),
      nextAttemptAt: after(statusMailDelayMs).toISOString(),
    });
    expect(mail!.toAddress).toMatch(/^ana\..+@example\.cl$/);
    expect(JSON.parse(mail!.templateData!)).toMatchObject({
      status: "enviado",
      courier: "starken",
      trackingNumber: "987654321",
      changedAt: t0.toISOString(),
      name: "Ana Pérez Soto",
    });
    // Not offered to the mail worker during the undo minute, offered once the delay is over.
    expect((await claimDueMail(db, after(statusUndoWindowMs), 100)).map((row) => row.id)).not.toContain(
      change.mailId,
    );
    expect((await claimDueMail(db, after(statusMailDelayMs), 100)).map((row) => row.id)).toContain(
      change.mailId,
    );
  });

  it("says nothing to the customer about 'en preparación'", async () => {
    const id = await orderIn(["pagado"]);
    const change = await changeOrderStatusAsStaff(db, id, "pagado", "en_preparacion", staff, { now: t0 });
    expect(change.mailId).toBeNull();
  });

  it("cancels with the reason, telling whether a refund follows", async () => {
    const paid = await orderIn(["pagado"]);
    const cancelled = await changeOrderStatusAsStaff(db, paid, "pagado", "cancelado", staff, {
      now: t0,
      details: { cancellationReason: "Sin stock del kit.", courier: "starken" },
    });
    expect(await orderRow(paid)).toMatchObject({
      status: "cancelado",
      cancellationReason: "Sin stock del kit.",
      courier: null,
    });
    expect(JSON.parse((await mailRow(cancelled.mailId!))!.templateData!)).toMatchObject({
      status: "cancelado",
      cancellationReason: "Sin stock del kit.",
      paid: true,
    });
    const unpaid = await orderIn();
    const unpaidChange = await changeOrderStatusAsStaff(db, unpaid, "pendiente_pago", "cancelado", staff, {
      now: t0,
      details: { cancellationReason: "Pedido duplicado." },
    });
    expect(JSON.parse((await mailRow(unpaidChange.mailId!))!.templateData!)).toMatchObject({ paid: false });
  });

  it("undoes a mistaken change within the minute: status and details back, e-mail withdrawn, history kept", async () => {
    const id = await orderIn(["pagado", "en_preparacion"]);
    const change = await changeOrderStatusAsStaff(db, id, "en_preparacion", "enviado", staff, {
      now: t0,
      details: { courier: "chilexpress", trackingNumber: "123" },
    });
    expect(await getUndoableChange(db, id, after(59 * second))).toEqual({
      id: change.id,
      from: "en_preparacion",
      to: "enviado",
      changedBy: staff,
      until: after(statusUndoWindowMs).toISOString(),
    });
    // Only by the one who made it.
    await expect(
      undoOrderStatusChange(db, id, change.id, "another-staff-member", after(30 * second)),
    ).rejects.toBeInstanceOf(OrderStatusUndoError);

    const undo = await undoOrderStatusChange(db, id, change.id, staff, after(59 * second));
    expect(undo).toMatchObject({ from: "enviado", to: "en_preparacion", mailId: null });
    expect(await orderRow(id)).toMatchObject({
      status: "en_preparacion",
      courier: null,
      trackingNumber: null,
    });
    expect(await mailRow(change.mailId!)).toBeUndefined();
    const history = await getOrderHistory(db, id);
    expect(history.slice(-2)).toMatchObject([
      { id: change.id, from: "en_preparacion", to: "enviado", undoes: null },
      { from: "enviado", to: "en_preparacion", undoes: change.id, changedBy: staff },
    ]);
    // The customer's page never shows the shipment that did not happen.
    const shown = await getOrderForCustomer(db, id);
    expect(shown?.status).toBe("en_preparacion");
    expect(shown?.entered.enviado).toBeUndefined();
    expect(shown?.entered.en_preparacion).toBe(after(-3_000_000 + 1000).toISOString());
    // An undo is not itself undone, and the order can move on again.
    expect(await getUndoableChange(db, id, after(60 * second))).toBeUndefined();
    await expect(undoOrderStatusChange(db, id, change.id, staff, after(59 * second))).rejects.toBeInstanceOf(
      OrderStatusUndoError,
    );
    await changeOrderStatusAsStaff(db, id, "en_preparacion", "enviado", staff, {
      now: after(90 * second),
      details: { courier: "starken", trackingNumber: "456" },
    });
    expect((await getOrderForCustomer(db, id))?.entered.enviado).toBe(after(90 * second).toISOString());
  });

  it("refuses an undo after the minute, of an older change, of the system's change, or once the e-mail was taken", async () => {
    const late = await orderIn();
    const lateChange = await changeOrderStatusAsStaff(db, late, "pendiente_pago", "pagado", staff, {
      now: t0,
    });
    await expect(
      undoOrderStatusChange(db, late, lateChange.id, staff, after(statusUndoWindowMs)),
    ).rejects.toBeInstanceOf(OrderStatusUndoError);

    const older = await orderIn();
    const first = await changeOrderStatusAsStaff(db, older, "pendiente_pago", "pagado", staff, { now: t0 });
    await changeOrderStatusAsStaff(db, older, "pagado", "en_preparacion", staff, { now: after(10 * second) });
    await expect(
      undoOrderStatusChange(db, older, first.id, staff, after(20 * second)),
    ).rejects.toBeInstanceOf(OrderStatusUndoError);

    const bySystem = await orderIn();
    await changeOrderStatus(db, bySystem, "pagado", null, t0);
    expect(await getUndoableChange(db, bySystem, after(second))).toBeUndefined();

    // A worker whose clock runs ahead took the e-mail: the customer gets it, so the change stands.
    const taken = await orderIn();
    const takenChange = await changeOrderStatusAsStaff(db, taken, "pendiente_pago", "pagado", staff, {
      now: t0,
    });
    const claimed = await claimDueMail(db, after(statusMailDelayMs), 100);
    expect(claimed.map((row) => row.id)).toContain(takenChange.mailId);
    await markSent(db, takenChange.mailId!, after(statusMailDelayMs));
    await expect(
      undoOrderStatusChange(db, taken, takenChange.id, staff, after(30 * second)),
    ).rejects.toBeInstanceOf(OrderStatusUndoError);
    expect((await orderRow(taken)).status).toBe("pagado");
    expect(await mailRow(takenChange.mailId!)).toMatchObject({ status: "sent" });

    for (const id of [late, older]) expect((await orderRow(id)).status).not.toBe("pendiente_pago");
  });

  it("undoes at most once when two staff members click at the same moment", async () => {
    const id = await orderIn();
    const change = await changeOrderStatusAsStaff(db, id, "pendiente_pago", "pagado", staff, { now: t0 });
    const results = await Promise.allSettled([
      undoOrderStatusChange(db, id, change.id, staff, after(5 * second)),
      undoOrderStatusChange(db, id, change.id, staff, after(5 * second)),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const history = await getOrderHistory(db, id);
    expect(history.filter((entry) => entry.undoes === change.id)).toHaveLength(1);
    expect((await orderRow(id)).status).toBe("pendiente_pago");
  });

  it("keeps a payment marked by hand with its means and operation number, and forgets who paid on undo", async () => {
    const id = await orderIn();
    const paidBy = async () =>
      (await db.selectFrom("orders").select("paidBy").where("id", "=", id).executeTakeFirstOrThrow()).paidBy;
    const change = await changeOrderStatusAsStaff(db, id, "pendiente_pago", "pagado", staff, {
      now: t0,
      payment: { means: "deposito", reference: "  OP-778812  " },
    });
    expect(await paidBy()).toBe("manual");
    expect((await getOrderHistory(db, id)).at(-1)).toMatchObject({
      to: "pagado",
      changedBy: staff,
      paymentMeans: "deposito",
      paymentReference: "OP-778812",
    });
    await undoOrderStatusChange(db, id, change.id, staff, after(10 * second));
    expect(await paidBy()).toBeNull();
    expect((await orderRow(id)).status).toBe("pendiente_pago");
    // Paid again later, by the provider's word this time (decision 057: no staff user).
    await changeOrderStatus(db, id, "pagado", null, after(20 * second), { payment: { paidBy: "webpay" } });
    expect(await paidBy()).toBe("webpay");
    expect((await getOrderHistory(db, id)).at(-1)).toMatchObject({
      paymentMeans: null,
      paymentReference: null,
    });
  });
});

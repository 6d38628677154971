import { beforeAll, describe, expect, it } from "vitest";
import { claimDueMail, markSent } from "~/models/mail-queue.server";
import {
  changeOrderStatusAsStaff,
  getOrderHistory,
  getUndoableChange,
  OrderStatusUndoError,
  statusUndoWindowMs,
  undoOrderStatusChange,
} from "~/models/orders-admin.server";
import {
  changeOrderStatus,
  createOrder,
  getOrderForCustomer,
  statusMailDelayMs,
} from "~/models/orders.server";
import type { OrderStatus } from "~/lib/order-status";
import type { Db } from "~/infra/db.server";
import { dialectsUnderTest, useMigratedDatabase } from "../../tests/support/databases";

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

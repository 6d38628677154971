import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderNotification } from "~/emails/templates.server";
import {
  changeOrderStatusAsStaff,
  getOrderHistory,
  getUndoableChange,
  OrderStatusUndoError,
  OrderStatusConflictError,
  undoOrderStatusChange,
} from "~/models/orders.server";
import { getPaymentAttempt } from "~/models/payments.server";
import type { Db } from "~/infra/db.server";
import { dialectsUnderTest, useMigratedDatabase } from "../../../tests/support/databases";
import { createTestOrder } from "../../../tests/support/orders";
import {
  payThroughStandIn,
  standInPayments,
  startStandIn,
  type StandIn,
} from "../../../tests/support/payments";
import { cancelOrderWithRefund, RefundFailedError, refundableAttemptOf } from "./refunds.server";

/**
 * Refunds on cancellation (issue 22; docs/decisions/060) on a real migrated database of every
 * dialect, against the local stand-in of Webpay and Flow over real HTTP: the provider gives the
 * money back, the attempt records it, the order is cancelled and the customer told; a refusal or no
 * answer is kept for staff and the order stays as it was.
 */

let standIn: StandIn;
beforeAll(async () => {
  standIn = await startStandIn();
});
afterAll(async () => {
  await standIn?.close();
});

const staff = "7f9d3c2a-1b4e-4f6a-8c5d-2e3f4a5b6c7d";
// After the payments, which the stand-in settles at the real time.
const t0 = new Date(Date.now() + 60_000);
const siteUrl = "http://127.0.0.1:9";

describe.each(dialectsUnderTest)("refunds on cancellation on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Db;
  beforeAll(() => {
    db = database().db;
  });

  let count = 0;
  async function paidOrder(provider: "webpay" | "flow" = "webpay") {
    count += 1;
    const order = await createTestOrder(db, { name: "Camila Rojas", email: `camila${count}@example.cl` });
    const paid = await payThroughStandIn(db, standIn, order, { provider });
    expect(paid.attempt.status).toBe("approved");
    return { order, ...paid };
  }

  const cancel = (orderId: string, provider: "webpay" | "flow" = "webpay", expectedFrom = "pagado") =>
    cancelOrderWithRefund(db, {
      orderId,
      expectedFrom,
      staffUserId: staff,
      cancellationReason: "Sin stock del kit.",
      settings: { SITE_URL: siteUrl, payments: standInPayments(standIn, provider) },
      now: t0,
    });

  const orderRow = (id: string) =>
    db
      .selectFrom("orders")
      .select(["status", "paidBy", "cancellationReason"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  it("gives a Webpay payment back, records it on the attempt, cancels the order and tells the customer at once", async () => {
    const { order, attempt, client, reference } = await paidOrder();
    expect(await orderRow(order.id)).toMatchObject({ status: "pagado", paidBy: "webpay" });

    const { change, refund } = await cancel(order.id);
    expect(refund).toMatchObject({ provider: "webpay", amount: order.total });
    expect(["REVERSED", "NULLIFIED"]).toContain(refund.type);
    expect(await getPaymentAttempt(db, attempt.id)).toMatchObject({
      status: "refunded",
      refundType: refund.type,
      refundAmount: order.total,
      refundedAt: t0.toISOString(),
      refundError: null,
    });
    expect((await client.status(reference)).outcome).toBe("refunded");
    expect(await orderRow(order.id)).toMatchObject({
      status: "cancelado",
      cancellationReason: "Sin stock del kit.",
    });
    const history = await getOrderHistory(db, order.id);
    expect(history.at(-1)).toMatchObject({ from: "pagado", to: "cancelado", changedBy: staff });

    // The e-mail is due now and says the money went back, after the trip through the queue's JSON.
    const mail = await db
      .selectFrom("mailQueue")
      .selectAll()
      .where("id", "=", change.mailId!)
      .executeTakeFirstOrThrow();
    expect(mail.nextAttemptAt).toBe(t0.toISOString());
    const written = renderNotification(mail.kind, JSON.parse(mail.templateData!));
    expect(written.text).toContain(
      `Devolvimos $${order.total.toLocaleString("es-CL")} a tu medio de pago (Webpay). Según tu banco, puede tardar unos días en verse.`,
    );
    expect(written.text).not.toContain("te devolveremos");

    // The money left: the cancellation cannot be undone, and nothing is left to refund.
    expect(await getUndoableChange(db, order.id, new Date(t0.getTime() + 1_000))).toBeUndefined();
    await expect(
      undoOrderStatusChange(db, order.id, change.id, staff, new Date(t0.getTime() + 1_000)),
    ).rejects.toBeInstanceOf(OrderStatusUndoError);
    expect(await refundableAttemptOf(db, order.id)).toBeUndefined();
  });

  it("keeps Webpay's refusal for staff and leaves the order paid; a later try that goes through clears it", async () => {
    const { order, attempt } = await paidOrder();
    standIn.script({ operation: "webpay.refund", status: 422, body: { error_message: "Invalid amount" } });
    const refused = await cancel(order.id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RefundFailedError);
    expect((refused as Error).message).toBe(
      "Webpay no aceptó la devolución (Invalid amount, HTTP 422). El pedido no se canceló: revisa el pago en el portal de Webpay o cancela sin devolver y devuelve el dinero por otro medio.",
    );
    expect(await getPaymentAttempt(db, attempt.id)).toMatchObject({
      status: "approved",
      refundError: (refused as Error).message,
      refundedAt: null,
    });
    expect(await orderRow(order.id)).toMatchObject({ status: "pagado", cancellationReason: null });
    expect((await getOrderHistory(db, order.id)).map((entry) => entry.to)).toEqual([
      "pendiente_pago",
      "pagado",
    ]);

    // Webpay down (a 500): the same, with its own message.
    standIn.script({ operation: "webpay.refund", status: 500 });
    await expect(cancel(order.id)).rejects.toThrow(
      "No pudimos comunicarnos con Webpay para devolver el pago. El pedido no se canceló: inténtalo de nuevo en unos minutos.",
    );
    expect((await orderRow(order.id)).status).toBe("pagado");

    await cancel(order.id);
    expect(await getPaymentAttempt(db, attempt.id)).toMatchObject({ status: "refunded", refundError: null });
    expect((await orderRow(order.id)).status).toBe("cancelado");
  });

  it("gives a Flow payment back through Flow, whatever provider the shop uses now", async () => {
    const { order, attempt } = await paidOrder("flow");
    expect((await orderRow(order.id)).paidBy).toBe("flow");
    const { refund } = await cancel(order.id, "webpay");
    expect(refund).toMatchObject({ provider: "flow", amount: order.total, type: "accepted" });
    expect(await getPaymentAttempt(db, attempt.id)).toMatchObject({
      status: "refunded",
      refundType: "accepted",
      refundAmount: order.total,
    });
    expect((await getPaymentAttempt(db, attempt.id))?.refundReference).toMatch(/^[0-9A-F]{40}$/);
    expect((await orderRow(order.id)).status).toBe("cancelado");
  });

  it("refunds from 'En preparación' too, and asks nothing of the provider when the order moved meanwhile", async () => {
    const { order, attempt } = await paidOrder();
    await changeOrderStatusAsStaff(db, order.id, "pagado", "en_preparacion", staff, { now: t0 });
    await expect(cancel(order.id, "webpay", "pagado")).rejects.toBeInstanceOf(OrderStatusConflictError);
    expect((await getPaymentAttempt(db, attempt.id))?.status).toBe("approved");
    await cancel(order.id, "webpay", "en_preparacion");
    expect((await orderRow(order.id)).status).toBe("cancelado");
    expect((await getPaymentAttempt(db, attempt.id))?.status).toBe("refunded");
  });

  it("has nothing to refund for an order paid by hand or not paid", async () => {
    const manual = await createTestOrder(db, { name: "Pedro Soto", email: "pedro@example.cl" });
    await changeOrderStatusAsStaff(db, manual.id, "pendiente_pago", "pagado", staff, {
      payment: { means: "transferencia", reference: "123456" },
    });
    expect(await refundableAttemptOf(db, manual.id)).toBeUndefined();
    await expect(cancel(manual.id)).rejects.toThrow(
      "Este pedido no tiene un pago de Webpay o Flow que devolver. El pedido no se canceló.",
    );
    expect((await orderRow(manual.id)).status).toBe("pagado");
    const rejected = await createTestOrder(db, { name: "Luis Vera", email: "luis@example.cl" });
    await payThroughStandIn(db, standIn, rejected, { action: "reject" });
    expect(await refundableAttemptOf(db, rejected.id)).toBeUndefined();
  });
});

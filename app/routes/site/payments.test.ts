import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { orderPageTexts } from "~/content/order-page";
import { paymentTexts } from "~/content/payments";
import { renderNotification } from "~/emails/templates.server";
import { formatPrice } from "~/lib/format";
import { quoteShipping, ShippingQuoteRefusedError } from "~/models/orders.server";
import { attemptsOfOrder } from "~/models/payments.server";
import { checkWaitingPayments, maxAttemptsPerTenMinutes } from "~/services/payments/checkout.server";
import { setDatabase, type Db } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import * as flowConfirmation from "../resources/flow-confirmation";
import * as webpayReturn from "../resources/webpay-return";
import * as order from "./order";
import * as payment from "./payment";
import * as purchase from "./purchase";
import { args, settle, type Fields } from "../../../tests/support/admin-requests";
import { solvedCaptcha } from "../../../tests/support/captcha";
import { dialectsUnderTest, useMigratedDatabase } from "../../../tests/support/databases";
import { stopStandInEnv } from "../../../tests/support/stand-in-env";

/**
 * The checkout paid through Webpay Plus (issue 22; docs/decisions/059), below the HTTP server: real
 * requests into the purchase action, the page that sends the customer to Webpay, Webpay's return
 * route and the order page, with the local stand-in answering as Transbank's API over real HTTP
 * (scripts/payments-stand-in.mjs) and a real migrated database of each dialect. The browser's
 * journey is tests/e2e/payments.spec.ts; Flow's, over the HTTP server, server/payments.test.ts.
 */
const standIn = vi.hoisted(async () =>
  (await import("../../../tests/support/stand-in-env")).stubStandInEnv("payments"),
);

afterAll(() => stopStandInEnv(standIn));

function formPost(path: string, fields: Fields, headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });
}

let sequence = 0;
async function purchaseFields(overrides: Fields = {}): Promise<Fields> {
  return {
    website: "",
    kitId: "essential",
    name: "Ana Pérez Soto",
    email: `ana.${Date.now().toString(36)}${++sequence}@example.cl`,
    phone: "+56 9 1234 5678",
    region: "13",
    comuna: "13101",
    address: "Av. Libertador Bernardo O'Higgins 1234",
    rut: "",
    notes: "",
    acceptTerms: "on",
    altcha: await solvedCaptcha("order"),
    ...overrides,
  };
}

/** The customer's browser on the stand-in's payment page, pressing a button. */
async function decide(token: string, action: "approve" | "reject" | "abort" | "timeout" | "error") {
  const { server } = await standIn;
  const answer = await fetch(`${server.url}/__stand-in/decide`, {
    method: "POST",
    body: new URLSearchParams({ provider: "webpay", token, action }),
  });
  expect(answer.status).toBe(200);
}

describe.each(dialectsUnderTest)("checkout through Webpay on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Db;
  beforeAll(() => {
    db = database().db;
    setDatabase(database());
  });

  /** Places an order through the purchase form: the redirect to the payment page, and the ids. */
  async function buy(overrides: Fields = {}) {
    const placed = await settle(async () =>
      purchase.action(
        args(formPost("/comprar/essential", await purchaseFields(overrides)), undefined, {
          kitId: "essential",
        }),
      ),
    );
    expect(placed.status).toBe(303);
    // A whole-document visit: the page leaves the site.
    expect(placed.headers.get("X-Remix-Reload-Document")).toBe("true");
    const attemptId = /^\/pago\/([0-9a-f-]{36})$/.exec(placed.location ?? "")?.[1];
    expect(attemptId).toBeDefined();
    const attempt = await db
      .selectFrom("paymentAttempts")
      .selectAll()
      .where("id", "=", attemptId!)
      .executeTakeFirstOrThrow();
    return { attempt, orderId: attempt.orderId };
  }

  /** The page that takes the customer to Webpay: Transbank's form and the token it posts. */
  async function paymentPage(attemptId: string) {
    return settle(() =>
      payment.loader(args(new Request(`http://localhost/pago/${attemptId}`), undefined, { attemptId })),
    );
  }

  async function orderPage(orderId: string, query = "") {
    return settle(() =>
      order.loader(
        args(new Request(`http://localhost/pedido/${orderId}${query}`), undefined, { id: orderId }),
      ),
    );
  }

  async function returnFromWebpay(
    fields: Fields,
    method: "GET" | "POST",
    headers: Record<string, string> = {},
  ) {
    const request =
      method === "GET"
        ? new Request(`http://localhost/pago/webpay/retorno?${new URLSearchParams(fields)}`, { headers })
        : formPost("/pago/webpay/retorno", fields, headers);
    return settle(() =>
      method === "GET" ? webpayReturn.loader(args(request)) : webpayReturn.action(args(request)),
    );
  }

  async function orderRow(orderId: string) {
    return db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
  }

  async function historyOf(orderId: string) {
    return db.selectFrom("orderStatusChanges").selectAll().where("orderId", "=", orderId).execute();
  }

  it("sends the customer to Webpay for the order's total, and an approval marks the order paid once", async () => {
    const { attempt, orderId } = await buy();
    const stored = await orderRow(orderId);
    expect(attempt).toMatchObject({ provider: "webpay", amount: stored.total, status: "started" });
    expect(attempt.reference).toMatch(/^[0-9a-f]{64}$/);

    const page = await paymentPage(attempt.id);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ token: attempt.reference, amount: stored.total, notice: "stand-in" });
    expect(String(page.body?.url)).toMatch(/\/webpayserver\/initTransaction$/);

    await decide(attempt.reference!, "approve");
    const back = await returnFromWebpay({ token_ws: attempt.reference! }, "GET");
    expect(back).toMatchObject({ status: 303, location: `/pedido/${orderId}?pago=aprobado` });
    expect(await orderRow(orderId)).toMatchObject({ status: "pagado", paidBy: "webpay" });
    const settled = (await attemptsOfOrder(db, orderId))[0]!;
    expect(settled).toMatchObject({
      status: "approved",
      providerAmount: stored.total,
      cardLastFour: "6623",
      checkAfter: null,
    });
    expect(JSON.parse(settled.answer ?? "{}")).toMatchObject({
      status: "AUTHORIZED",
      buy_order: attempt.buyOrder,
    });
    // No credential and no card number beyond its last four digits is kept.
    const { server } = await standIn;
    const kept = JSON.stringify(await db.selectFrom("paymentAttempts").selectAll().execute());
    expect(kept).not.toContain(server.webpay.apiKey);
    expect(JSON.parse(settled.answer!).card_detail).toEqual({ card_number: "6623" });

    // A reload of the return, the same return posted again: nothing more happens.
    for (const method of ["GET", "POST"] as const) {
      const again = await returnFromWebpay({ token_ws: attempt.reference! }, method);
      expect(again.location).toBe(`/pedido/${orderId}?pago=aprobado`);
    }
    const history = await historyOf(orderId);
    expect(history.filter((change) => change.toStatus === "pagado")).toHaveLength(1);
    // The e-mail goes at once, not after the staff's undo window.
    const paidChange = history.find((change) => change.toStatus === "pagado")!;
    const mail = await db
      .selectFrom("mailQueue")
      .selectAll()
      .where("id", "=", paidChange.mailId!)
      .executeTakeFirstOrThrow();
    expect(new Date(mail.nextAttemptAt).getTime()).toBeLessThanOrEqual(Date.now());

    // Paid: no payment offered again; the payment page goes back to the order.
    const shown = await orderPage(orderId, "?pago=rechazado");
    expect(shown.body).toMatchObject({ payment: null, paymentUrl: null });
    expect(await paymentPage(attempt.id)).toMatchObject({ status: 302, location: `/pedido/${orderId}` });
    const retry = await settle(() =>
      order.action(args(formPost(`/pedido/${orderId}`, { intent: "pagar" }), undefined, { id: orderId })),
    );
    expect(retry).toMatchObject({ status: 303, location: `/pedido/${orderId}` });
    expect(await attemptsOfOrder(db, orderId)).toHaveLength(1);
  });

  it("keeps an order to Isla de Pascua from paying until its shipping is quoted, then charges kits + shipping", async () => {
    const fields = await purchaseFields({ region: "05", comuna: "05201" });
    const placed = await settle(() =>
      purchase.action(args(formPost("/comprar/essential", fields), undefined, { kitId: "essential" })),
    );
    // Stored, not sent to payment: the order page says what happens next.
    const orderId = /^\/pedido\/([0-9a-f-]{36})$/.exec(placed.location ?? "")?.[1];
    expect(orderId, placed.location ?? "").toBeDefined();
    expect(await attemptsOfOrder(db, orderId!)).toEqual([]);
    const stored = await orderRow(orderId!);
    expect(stored).toMatchObject({ shippingKind: "arranged", shippingCost: null, subtotal: stored.total });
    const waiting = await orderPage(orderId!);
    expect(waiting.body).toMatchObject({
      quotePending: "Isla de Pascua",
      payment: { action: null, message: { text: orderPageTexts.quotePendingNote("Isla de Pascua") } },
    });
    // Nothing pays it yet, whatever the customer posts.
    const early = await settle(() =>
      order.action(args(formPost(`/pedido/${orderId}`, { intent: "pagar" }), undefined, { id: orderId! })),
    );
    expect(early.location).toBe(`/pedido/${orderId}`);
    expect(await attemptsOfOrder(db, orderId!)).toEqual([]);

    // Staff quote the shipping: the total is kits + shipping, the customer is told, and can pay it.
    const { total, mailId } = await quoteShipping(db, orderId!, 45_000, "staff-user");
    expect(total).toBe(stored.subtotal + 45_000);
    expect(await orderRow(orderId!)).toMatchObject({
      shippingCost: 45_000,
      total,
      shippingQuotedBy: "staff-user",
    });
    const mail = await db
      .selectFrom("mailQueue")
      .selectAll()
      .where("id", "=", mailId!)
      .executeTakeFirstOrThrow();
    const written = renderNotification(mail.kind, JSON.parse(mail.templateData!));
    expect(written.subject).toBe(`Costo de envío de tu pedido ${stored.number}: total ${formatPrice(total)}`);
    expect(written.text).toContain("Isla de Pascua");
    expect(written.text).toContain(`/pedido/${orderId}`);
    const quoted = await orderPage(orderId!);
    expect(quoted.body).toMatchObject({ quotePending: null, payment: { action: "pay" } });
    const pay = await settle(() =>
      order.action(args(formPost(`/pedido/${orderId}`, { intent: "pagar" }), undefined, { id: orderId! })),
    );
    expect(pay.location).toMatch(/^\/pago\//);
    const [attempt] = await attemptsOfOrder(db, orderId!);
    expect(attempt!.amount).toBe(total);
    await decide(attempt!.reference!, "approve");
    await returnFromWebpay({ token_ws: attempt!.reference! }, "GET");
    expect(await orderRow(orderId!)).toMatchObject({ status: "pagado", total });
    // Paid: its shipping is no longer quoted.
    await expect(quoteShipping(db, orderId!, 50_000, "staff-user")).rejects.toBeInstanceOf(
      ShippingQuoteRefusedError,
    );
  });

  it("takes no shipping quote for an order to continental Chile", async () => {
    const { orderId } = await buy();
    await expect(quoteShipping(db, orderId, 1000, "staff-user")).rejects.toBeInstanceOf(
      ShippingQuoteRefusedError,
    );
    expect(await orderRow(orderId)).toMatchObject({ shippingCost: 0, shippingQuotedAt: null });
  });

  it("says a rejection, offers another try, and the retried payment is the one that counts", async () => {
    const { attempt, orderId } = await buy();
    await decide(attempt.reference!, "reject");
    const back = await returnFromWebpay({ token_ws: attempt.reference! }, "GET");
    expect(back.location).toBe(`/pedido/${orderId}?pago=rechazado`);
    expect(await orderRow(orderId)).toMatchObject({ status: "pendiente_pago", paidBy: null });
    const shown = await orderPage(orderId, "?pago=rechazado");
    expect(shown.body?.payment).toMatchObject({
      action: "retry",
      message: { text: paymentTexts.results.rejected, tone: "error" },
    });

    const retry = await settle(() =>
      order.action(args(formPost(`/pedido/${orderId}`, { intent: "pagar" }), undefined, { id: orderId })),
    );
    expect(retry.status).toBe(303);
    const second = (await attemptsOfOrder(db, orderId))[0]!;
    expect(retry.location).toBe(`/pago/${second.id}`);
    expect(second.id).not.toBe(attempt.id);
    expect(second.buyOrder).not.toBe(attempt.buyOrder);
    await decide(second.reference!, "approve");
    expect((await returnFromWebpay({ token_ws: second.reference! }, "GET")).location).toBe(
      `/pedido/${orderId}?pago=aprobado`,
    );
    expect(await orderRow(orderId)).toMatchObject({ status: "pagado" });
    // The rejected attempt's return, replayed, changes nothing.
    expect((await returnFromWebpay({ token_ws: attempt.reference! }, "GET")).location).toBe(
      `/pedido/${orderId}?pago=rechazado`,
    );
    expect(await orderRow(orderId)).toMatchObject({ status: "pagado" });
  });

  it("says an abort and a timeout, keeps the order waiting, and offers another try", async () => {
    const aborted = await buy();
    await decide(aborted.attempt.reference!, "abort");
    const abortBack = await returnFromWebpay(
      {
        TBK_TOKEN: aborted.attempt.reference!,
        TBK_ORDEN_COMPRA: aborted.attempt.buyOrder,
        TBK_ID_SESION: aborted.attempt.id,
      },
      "POST",
      // Webpay's page posts from Transbank's site: this route takes it.
      { Origin: "https://webpay3gint.transbank.cl" },
    );
    expect(abortBack.location).toBe(`/pedido/${aborted.orderId}?pago=anulado`);
    expect((await orderPage(aborted.orderId, "?pago=anulado")).body?.payment).toMatchObject({
      action: "retry",
      message: { text: paymentTexts.results.aborted },
    });

    const timedOut = await buy();
    await decide(timedOut.attempt.reference!, "timeout");
    const timeoutBack = await returnFromWebpay(
      { TBK_ORDEN_COMPRA: timedOut.attempt.buyOrder, TBK_ID_SESION: timedOut.attempt.id },
      "POST",
    );
    expect(timeoutBack.location).toBe(`/pedido/${timedOut.orderId}?pago=expirado`);
    expect((await orderPage(timedOut.orderId, "?pago=expirado")).body?.payment).toMatchObject({
      action: "retry",
      message: { text: paymentTexts.results.timedOut },
    });
    for (const { orderId } of [aborted, timedOut]) {
      expect(await orderRow(orderId)).toMatchObject({ status: "pendiente_pago" });
    }
  });

  it("believes nothing a return says: made-up, mixed and replayed returns pay nothing", async () => {
    const { attempt, orderId } = await buy();
    const other = await buy();
    const refused = [
      await returnFromWebpay({ token_ws: "f".repeat(64) }, "GET"),
      await returnFromWebpay({ token_ws: "not a token" }, "POST"),
      await returnFromWebpay({ TBK_TOKEN: "0".repeat(64) }, "POST"),
      // Another order's buy order with this attempt's session.
      await returnFromWebpay({ TBK_ORDEN_COMPRA: other.attempt.buyOrder, TBK_ID_SESION: attempt.id }, "POST"),
      await returnFromWebpay({}, "POST"),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400]);
    // The customer has not paid: a return claiming so (from another site) is asked of Webpay.
    const forged = await returnFromWebpay({ token_ws: attempt.reference! }, "POST", {
      Origin: "https://evil.example",
    });
    expect(forged.location).toBe(`/pedido/${orderId}?pago=pendiente`);
    expect(await orderRow(orderId)).toMatchObject({ status: "pendiente_pago" });
    expect(await orderRow(other.orderId)).toMatchObject({ status: "pendiente_pago" });
    // A flood of the same return at once: still one settlement.
    await decide(attempt.reference!, "approve");
    const flood = await Promise.all(
      Array.from({ length: 12 }, () => returnFromWebpay({ token_ws: attempt.reference! }, "GET")),
    );
    expect(new Set(flood.map((answer) => answer.status))).toEqual(new Set([303]));
    expect((await historyOf(orderId)).filter((change) => change.toStatus === "pagado")).toHaveLength(1);
  });

  it("keeps an approval of another amount for staff without marking the order paid", async () => {
    const { server } = await standIn;
    const { attempt, orderId } = await buy();
    server.script({ reportedAmount: attempt.amount - 1000 });
    // The scripted amount applies when the payment page is visited.
    await fetch(`${server.url}/webpayserver/initTransaction?token_ws=${attempt.reference}`);
    await decide(attempt.reference!, "approve");
    const back = await returnFromWebpay({ token_ws: attempt.reference! }, "GET");
    expect(back.location).toBe(`/pedido/${orderId}?pago=pendiente`);
    expect(await orderRow(orderId)).toMatchObject({ status: "pendiente_pago" });
    expect((await attemptsOfOrder(db, orderId))[0]).toMatchObject({ status: "mismatch", flag: "amount" });
    expect((await orderPage(orderId)).body?.payment).toMatchObject({
      action: null,
      message: { text: paymentTexts.results.review },
    });
  });

  it("tells the customer when Webpay is down, keeps the order, and the background check settles it later", async () => {
    const { server } = await standIn;
    server.script({ operation: "webpay.create", status: 503 });
    const fields = await purchaseFields();
    const placed = await settle(() =>
      purchase.action(args(formPost("/comprar/essential", fields), undefined, { kitId: "essential" })),
    );
    const orderId = /^\/pedido\/([0-9a-f-]{36})\?pago=no-disponible$/.exec(placed.location ?? "")?.[1];
    expect(orderId, placed.location ?? "").toBeDefined();
    expect((await orderPage(orderId!, "?pago=no-disponible")).body?.payment).toMatchObject({
      action: "retry",
      message: { text: paymentTexts.results.unavailable("Webpay") },
    });

    // Paid, but Webpay fails the commit when the customer comes back: confirming, then paid by the check.
    const { attempt, orderId: paidLater } = await buy();
    await decide(attempt.reference!, "approve");
    server.script({ operation: "webpay.commit", status: 500 });
    const back = await returnFromWebpay({ token_ws: attempt.reference! }, "GET");
    expect(back.location).toBe(`/pedido/${paidLater}?pago=pendiente`);
    expect((await orderPage(paidLater, "?pago=pendiente")).body?.payment).toMatchObject({ action: null });
    const later = new Date(Date.now() + 10 * 60_000);
    const pass = await checkWaitingPayments(db, getEnv(), { now: later, limit: 1000 });
    expect(pass.settled).toBeGreaterThanOrEqual(1);
    expect(await orderRow(paidLater)).toMatchObject({ status: "pagado", paidBy: "webpay" });
    // A second pass at the same time finds nothing of it to ask about (leased or settled).
    const again = await checkWaitingPayments(db, getEnv(), { now: later, limit: 1000 });
    expect(again.settled).toBe(0);
  });

  it("gives up an attempt nobody finished after its lifetime, and still takes a late approval", async () => {
    const { attempt, orderId } = await buy();
    const muchLater = new Date(Date.now() + 2 * 60 * 60_000);
    await checkWaitingPayments(db, getEnv(), { now: muchLater, limit: 1000 });
    expect((await attemptsOfOrder(db, orderId))[0]).toMatchObject({ status: "cancelled", flag: "expired" });
    expect((await orderPage(orderId)).body?.payment).toMatchObject({
      action: "retry",
      message: { text: paymentTexts.results.unfinished },
    });
    await decide(attempt.reference!, "approve");
    expect((await returnFromWebpay({ token_ws: attempt.reference! }, "GET")).location).toBe(
      `/pedido/${orderId}?pago=aprobado`,
    );
    expect(await orderRow(orderId)).toMatchObject({ status: "pagado" });
  });

  it("bounds the attempts of one order: 'Reintentar el pago' cannot flood the provider", async () => {
    const { orderId } = await buy();
    const pay = () =>
      settle(() =>
        order.action(args(formPost(`/pedido/${orderId}`, { intent: "pagar" }), undefined, { id: orderId })),
      );
    for (let attempt = 2; attempt <= maxAttemptsPerTenMinutes; attempt++) {
      expect((await pay()).location).toMatch(/^\/pago\//);
    }
    expect((await pay()).location).toBe(`/pedido/${orderId}?pago=demasiados-intentos`);
    expect(await attemptsOfOrder(db, orderId)).toHaveLength(maxAttemptsPerTenMinutes);
    expect((await orderPage(orderId, "?pago=demasiados-intentos")).body?.payment).toMatchObject({
      message: { text: paymentTexts.results.tooMany },
    });
  });

  it("refuses Flow's confirmation route a token it does not know, without asking anyone", async () => {
    const answer = await settle(() =>
      flowConfirmation.action(args(formPost("/pago/flow/confirmacion", { token: "A".repeat(40), s: "x" }))),
    );
    expect(answer.status).toBe(400);
  });

  it("queues the 'Pago recibido' e-mail once for a paid order", async () => {
    const { attempt, orderId } = await buy();
    await decide(attempt.reference!, "approve");
    await Promise.all([
      returnFromWebpay({ token_ws: attempt.reference! }, "GET"),
      returnFromWebpay({ token_ws: attempt.reference! }, "POST"),
      checkWaitingPayments(db, getEnv(), { now: new Date(Date.now() + 10 * 60_000), limit: 1000 }),
    ]);
    const changes = (await historyOf(orderId)).filter((change) => change.toStatus === "pagado");
    expect(changes).toHaveLength(1);
    // One e-mail per change: the order's one "Pago recibido", due now.
    const mail = await db.selectFrom("mailQueue").selectAll().where("id", "=", changes[0]!.mailId!).execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ status: "pending", toAddress: expect.any(String) });
    const number = (await orderRow(orderId)).number;
    const paidMails = (await db.selectFrom("mailQueue").selectAll().execute()).filter((row) => {
      const text = JSON.stringify(row);
      return text.includes(number) && text.includes('\\"status\\":\\"pagado\\"');
    });
    expect(paidMails).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RecordField } from "~/components/admin/admin-record";
import { adminDashboardTexts, adminOrdersTexts as texts } from "~/content/admin";
import { renderNotification } from "~/emails/templates.server";
import { createOrder } from "~/models/orders.server";
import { expirePaymentAttempt, getPaymentAttempt } from "~/models/payments.server";
import { adminRecordMessages } from "~/schemas/admin-records";
import { createAdminAccount } from "~/services/auth.server";
import type { Db } from "~/infra/db.server";
import * as dashboard from "./dashboard";
import {
  args,
  get,
  settle,
  signedInCookie,
  useAsProcessDatabase,
  type Fields,
} from "../../../tests/support/admin-requests";
import { removeAdminTestEnv } from "../../../tests/support/admin-env";
import { adminOrderPage, adminOrdersList } from "../../../tests/support/admin-orders";
import { dialectsUnderTest, useMigratedDatabase } from "../../../tests/support/databases";
import { createTestOrder } from "../../../tests/support/orders";
import { payThroughStandIn } from "../../../tests/support/payments";

/**
 * Payments in the back office (issue 22; docs/decisions/060), through the real loaders and actions
 * with a real staff session, a real migrated database of every dialect, and the local stand-in of
 * Webpay and Flow over real HTTP (the shop's configuration points at it, as an offline shop's does):
 * the attempts on the order page, "Pagado" by hand with its means and number, the refund when a
 * provider's payment is cancelled, and the orders list's "Pagado por".
 */
const testEnv = await vi.hoisted(async () => {
  const { stubAdminTestEnv } = await import("../../../tests/support/admin-env");
  const { startPaymentStandIn } = await import("../../../scripts/payments-stand-in.mjs");
  const values = stubAdminTestEnv("payments");
  const standIn = await startPaymentStandIn();
  vi.stubEnv("WEBPAY_API_URL", standIn.url);
  vi.stubEnv("FLOW_API_KEY", standIn.flow.apiKey);
  vi.stubEnv("FLOW_SECRET_KEY", standIn.flow.secretKey);
  vi.stubEnv("FLOW_API_URL", `${standIn.url}/api`);
  return { values, standIn };
});
const { standIn } = testEnv;

afterAll(async () => {
  await standIn.close();
  removeAdminTestEnv(testEnv.values);
});

const password = "Refugio#2026";

type OrderPage = {
  status: string;
  paidBy: string | null;
  fields: { order: RecordField[] };
  attempts: Array<{
    title: string;
    status: string;
    reference: string | null;
    referenceShort: string | null;
    fields: RecordField[];
    warning: string | null;
    refund: string | null;
    refundError: string | null;
    answer: string | null;
    refundable: { label: string; hint: string } | null;
  }>;
  refundable: { label: string; hint: string } | null;
  shippingQuote: { intro: string; current: string | null; value: string } | null;
  history: Array<{ change: string; payment?: string; by: string }>;
  undo: { id: string } | null;
};

const field = (fields: RecordField[], label: string) => fields.find((entry) => entry.label === label)?.value;

describe.each(dialectsUnderTest)("payments in the back office on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  useAsProcessDatabase(database);
  let db: Db;
  let cookie: string;

  beforeAll(async () => {
    db = database().db;
    await createAdminAccount({ name: "Marta Admin", email: "marta@lifebox.test", password }, db);
    cookie = await signedInCookie("marta@lifebox.test", password);
  });

  const { load, submit } = adminOrderPage<OrderPage>(() => cookie);
  const orderRow = (id: string) =>
    db
      .selectFrom("orders")
      .select(["status", "paidBy", "cancellationReason"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const historyCount = async (id: string) =>
    (await db.selectFrom("orderStatusChanges").select("id").where("orderId", "=", id).execute()).length;

  let count = 0;
  const newOrder = async (name = "Camila Rojas") => {
    count += 1;
    return createTestOrder(db, { name, email: `cliente${count}@example.cl` });
  };

  describe("'Pagado' by hand", () => {
    it("needs the means and the operation number, with Spanish messages under the fields and nothing written", async () => {
      const { id } = await newOrder();
      const cases: Array<[Fields, Record<string, string[]>]> = [
        [
          {},
          {
            paymentMeans: [adminRecordMessages.choosePaymentMeans],
            paymentReference: [adminRecordMessages.paymentReference],
          },
        ],
        [
          { paymentMeans: "transferencia", paymentReference: "   " },
          { paymentReference: [adminRecordMessages.paymentReference] },
        ],
        [
          { paymentMeans: "cheque", paymentReference: "123" },
          { paymentMeans: [adminRecordMessages.choosePaymentMeans] },
        ],
        [
          { paymentMeans: "deposito", paymentReference: "9".repeat(61) },
          { paymentReference: [adminRecordMessages.paymentReferenceTooLong] },
        ],
      ];
      for (const [fields, errors] of cases) {
        const refused = await submit(id, { from: "pendiente_pago", to: "pagado", ...fields });
        expect(refused.status, JSON.stringify(fields)).toBe(400);
        expect(refused.body?.result, JSON.stringify(fields)).toMatchObject({ error: errors });
      }
      expect(await orderRow(id)).toMatchObject({ status: "pendiente_pago", paidBy: null });
      expect(await historyCount(id)).toBe(1);
    });

    it("keeps the means and number (trimmed) on the history, says it was paid by hand, and forgets it on undo", async () => {
      const { id } = await newOrder();
      const paid = await submit(id, {
        from: "pendiente_pago",
        to: "pagado",
        paymentMeans: "transferencia",
        paymentReference: "  0012345678  ",
      });
      expect(paid.status).toBe(303);
      expect(await orderRow(id)).toMatchObject({ status: "pagado", paidBy: "manual" });
      const page = await load(id);
      expect(page.paidBy).toBe("Pagado a mano");
      expect(field(page.fields.order, texts.paidByLabel)).toBe("A mano");
      expect(page.history.at(-1)).toMatchObject({
        change: "Pendiente de pago → Pagado",
        payment: "Transferencia, operación 0012345678",
        by: "Marta Admin",
      });
      expect(page.attempts).toEqual([]);
      // Undone within the minute: unpaid again, nobody said it was paid.
      const undone = await submit(id, { undo: page.undo!.id });
      expect(undone.status).toBe(303);
      expect(await orderRow(id)).toMatchObject({ status: "pendiente_pago", paidBy: null });
      expect((await load(id)).paidBy).toBeNull();
    });
  });

  describe("the attempts on the order page", () => {
    it("lists each attempt with what the provider said, in Spanish, latest first", async () => {
      const created = await newOrder();
      await payThroughStandIn(db, standIn, created, { action: "reject" });
      standIn.script({ paymentType: "VC", installments: 3, cardNumber: "4051885600446623" });
      const { attempt, reference } = await payThroughStandIn(db, standIn, created);
      const page = await load(created.id);
      expect(page.status).toBe("pagado");
      expect(page.paidBy).toBe("Pagado por Webpay");
      expect(page.attempts.map((shown) => shown.status)).toEqual(["Aprobado", "Rechazado"]);
      const [approved] = page.attempts;
      expect(approved!.title).toMatch(/^Webpay, \d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
      expect(approved!.reference).toBe(reference);
      expect(approved!.referenceShort).toBe(`${reference.slice(0, 8)}…${reference.slice(-4)}`);
      const f = texts.attemptFields;
      const shown = approved!.fields;
      expect(field(shown, f.amount)).toBe(`$${created.total.toLocaleString("es-CL")}`);
      expect(field(shown, f.buyOrder)).toBe(attempt.buyOrder);
      expect(field(shown, f.authorizationCode)).toBe(attempt.authorizationCode);
      expect(field(shown, f.card)).toBe("•••• 6623");
      expect(field(shown, f.paymentType)).toBe("Crédito en cuotas (VC)");
      expect(field(shown, f.installments)).toBe("3");
      expect(field(shown, f.responseCode)).toBe("0");
      expect(approved!.warning).toBeNull();
      expect(JSON.parse(approved!.answer!)).toMatchObject({
        buy_order: attempt.buyOrder,
        status: "AUTHORIZED",
      });
      expect(approved!.answer).not.toContain("4051885600446623");
      // The cancellation offers the refund through Webpay.
      expect(page.refundable?.label).toBe(
        `Devolver el pago por Webpay ($${created.total.toLocaleString("es-CL")})`,
      );
    });

    it("warns staff of a payment that does not match, and names an expired attempt", async () => {
      const created = await newOrder();
      standIn.script({ reportedAmount: 1000 });
      const mismatch = await payThroughStandIn(db, standIn, created);
      expect(mismatch.attempt).toMatchObject({ status: "mismatch", flag: "amount" });
      const page = await load(created.id);
      expect(page.status).toBe("pendiente_pago");
      expect(page.attempts[0]).toMatchObject({
        status: "No coincide",
        warning: "El monto pagado no coincide con el pedido: revisar y devolver.",
      });
      expect(field(page.attempts[0]!.fields, texts.attemptFields.providerAmount)).toBe("$1.000");

      // Paid, then a second approval: received when the order no longer awaited payment.
      await payThroughStandIn(db, standIn, created, { provider: "flow" });
      await payThroughStandIn(db, standIn, created);
      const twice = await load(created.id);
      expect(twice.paidBy).toBe("Pagado por Flow");
      expect(twice.attempts[0]).toMatchObject({
        status: "No coincide",
        warning: "Pago recibido cuando el pedido ya no esperaba pago: revisar y devolver.",
      });

      const expired = await newOrder();
      // The customer left Webpay's page: no final word, the time to pay ran out.
      const started = await payThroughStandIn(db, standIn, expired, { action: "abort" });
      expect(started.attempt.status).toBe("started");
      expect((await load(expired.id)).attempts[0]!.status).toBe("Iniciado");
      await expirePaymentAttempt(db, started.attempt.id);
      expect((await load(expired.id)).attempts[0]!.status).toBe("Vencido");
    });
  });

  describe("cancelling an order paid through a provider", () => {
    const cancelFields = (extra: Fields = {}): Fields => ({
      from: "pagado",
      to: "cancelado",
      cancellationReason: "El cliente se arrepintió.",
      confirmCancel: "on",
      refund: "on",
      ...extra,
    });

    it("gives the payment back through Webpay, cancels, and shows the refund", async () => {
      const created = await newOrder();
      const { attempt } = await payThroughStandIn(db, standIn, created);
      const answer = await submit(created.id, cancelFields());
      expect(answer.status).toBe(303);
      expect(await orderRow(created.id)).toMatchObject({ status: "cancelado" });
      expect((await getPaymentAttempt(db, attempt.id))?.status).toBe("refunded");
      const page = await load(created.id);
      expect(page.attempts[0]!.status).toBe("Reembolsado");
      expect(page.attempts[0]!.refund).toMatch(
        new RegExp(
          `^\\$${created.total.toLocaleString("es-CL").replace(".", "\\.")} \\((REVERSED|NULLIFIED)\\) el `,
        ),
      );
      // The money left: no undo offered.
      expect(page.undo).toBeNull();
      expect(page.refundable).toBeNull();
    });

    it("leaves the order paid when Webpay refuses, with the reason under the box and on the attempt", async () => {
      const created = await newOrder();
      await payThroughStandIn(db, standIn, created);
      standIn.script({ operation: "webpay.refund", status: 422 });
      const refused = await submit(created.id, cancelFields());
      expect(refused.status).toBe(422);
      const message = refused.body?.message as string;
      expect(message).toMatch(/^Webpay no aceptó la devolución \(.*HTTP 422\)\. El pedido no se canceló/);
      expect(refused.body?.result).toMatchObject({ error: { refund: [message] } });
      expect(await orderRow(created.id)).toMatchObject({ status: "pagado", cancellationReason: null });
      const page = await load(created.id);
      expect(page.attempts[0]).toMatchObject({ status: "Aprobado", refundError: message });
      expect(page.refundable).not.toBeNull();
    });

    it("cancels without a refund when the box is unticked, the e-mail keeping the refund by hand", async () => {
      const created = await newOrder();
      const { attempt } = await payThroughStandIn(db, standIn, created);
      const answer = await submit(created.id, cancelFields({ refund: "" }));
      expect(answer.status).toBe(303);
      expect((await orderRow(created.id)).status).toBe("cancelado");
      expect((await getPaymentAttempt(db, attempt.id))?.status).toBe("approved");
      expect((await load(created.id)).undo).not.toBeNull();
      const change = await db
        .selectFrom("orderStatusChanges")
        .select("mailId")
        .where("orderId", "=", created.id)
        .where("toStatus", "=", "cancelado")
        .executeTakeFirstOrThrow();
      const mail = await db
        .selectFrom("mailQueue")
        .select(["kind", "templateData"])
        .where("id", "=", change.mailId!)
        .executeTakeFirstOrThrow();
      const written = renderNotification(mail.kind, JSON.parse(mail.templateData!));
      expect(written.text).toContain("Como ya habías pagado, te devolveremos");
      expect(written.text).not.toContain("Devolvimos");
    });
  });

  describe("a payment that is not the order's (a second payment)", () => {
    it("is given back from its attempt, the customer told once, the order left as it is", async () => {
      const created = await newOrder();
      await payThroughStandIn(db, standIn, created);
      // The customer paid again (another tab): approved by Webpay, kept as a mismatch.
      const { attempt: second } = await payThroughStandIn(db, standIn, created);
      expect((await getPaymentAttempt(db, second.id))?.status).toBe("mismatch");
      const page = await load(created.id);
      const shown = page.attempts.find((attempt) => attempt.reference === second.reference)!;
      expect(shown.refundable?.label).toBe(texts.refundPayment(`$${created.total.toLocaleString("es-CL")}`));
      expect(page.attempts.filter((attempt) => attempt.refundable)).toHaveLength(1);

      const answer = await submit(created.id, { intent: "refund-payment", attemptId: second.id });
      expect(answer.status).toBe(303);
      expect(await getPaymentAttempt(db, second.id)).toMatchObject({
        status: "refunded",
        refundAmount: created.total,
        refundError: null,
      });
      expect(await orderRow(created.id)).toMatchObject({ status: "pagado", paidBy: "webpay" });
      const mails = await db
        .selectFrom("mailQueue")
        .select(["toAddress", "subject", "textBody"])
        .where("kind", "=", "payment-refunded")
        .where("toAddress", "=", created.email)
        .execute();
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`Devolvimos un pago de tu pedido ${created.number}`);
      expect(mails[0]!.textBody).toContain("te lo devolvimos a tu medio de pago");

      // Once: a second click refunds nothing and tells nobody again.
      const again = await submit(created.id, { intent: "refund-payment", attemptId: second.id });
      expect(again.status).toBe(422);
      const paidAttempt = page.attempts.find((attempt) => attempt.reference !== second.reference)!;
      expect(paidAttempt.refundable).toBeNull();
      // The order's own payment cannot be given back this way (cancelling does it).
      const own = await db
        .selectFrom("paymentAttempts")
        .select("id")
        .where("orderId", "=", created.id)
        .where("status", "=", "approved")
        .executeTakeFirstOrThrow();
      expect((await submit(created.id, { intent: "refund-payment", attemptId: own.id })).status).toBe(422);
      expect(
        await db
          .selectFrom("mailQueue")
          .select("id")
          .where("kind", "=", "payment-refunded")
          .where("toAddress", "=", created.email)
          .execute(),
      ).toHaveLength(1);
    });

    it("keeps Webpay's refusal on the attempt for staff", async () => {
      const created = await newOrder();
      await payThroughStandIn(db, standIn, created);
      const { attempt: second } = await payThroughStandIn(db, standIn, created);
      standIn.script({ operation: "webpay.refund", status: 422 });
      const refused = await submit(created.id, { intent: "refund-payment", attemptId: second.id });
      expect(refused.status).toBe(422);
      expect(refused.body?.message).toMatch(/^Webpay no aceptó la devolución/);
      expect(await getPaymentAttempt(db, second.id)).toMatchObject({
        status: "mismatch",
        refundError: refused.body?.message,
      });
    });
  });

  describe("the shipping cost of an order outside the continent", () => {
    const islandOrder = async () => {
      count += 1;
      return createOrder(db, {
        lines: [{ kitId: "nautical", quantity: 1 }],
        name: "Rapa Nui Hotu",
        email: `isla${count}@example.cl`,
        phone: "+56 9 8765 4321",
        region: "05",
        comuna: "05201",
        address: "Atamu Tekena 321, Hanga Roa",
        rut: "",
        notes: "",
        shippingKind: "arranged",
      });
    };

    it("is typed as staff write it, refused with a Spanish message when it is not a cost, and sets the total", async () => {
      const created = await islandOrder();
      const page = await load(created.id);
      expect(page.shippingQuote?.intro).toContain("Isla de Pascua");
      for (const [typed, message] of [
        ["", adminRecordMessages.shippingCost],
        ["abc", adminRecordMessages.shippingCost],
        ["-5000", adminRecordMessages.shippingCost],
        ["45.000,50", adminRecordMessages.shippingCost],
        ["9.000.000", adminRecordMessages.shippingCostTooHigh],
      ] as const) {
        const refused = await submit(created.id, { intent: "quote-shipping", shippingCost: typed });
        expect(refused.status, typed).toBe(400);
        expect(refused.body?.quote).toEqual({ error: message, typed });
      }
      expect(
        (
          await db
            .selectFrom("orders")
            .select("shippingCost")
            .where("id", "=", created.id)
            .executeTakeFirstOrThrow()
        ).shippingCost,
      ).toBeNull();
      const answer = await submit(created.id, { intent: "quote-shipping", shippingCost: "$ 45.000" });
      expect(answer.status).toBe(303);
      const row = await db
        .selectFrom("orders")
        .selectAll()
        .where("id", "=", created.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ shippingCost: 45_000, total: row.subtotal + 45_000 });
      expect((await load(created.id)).shippingQuote?.current).toBe(texts.quoteAgain("$45.000"));
    });

    it("is not offered, and refused, for an order to continental Chile or a paid one", async () => {
      const continental = await newOrder();
      expect((await load(continental.id)).shippingQuote).toBeNull();
      expect((await submit(continental.id, { intent: "quote-shipping", shippingCost: "1000" })).status).toBe(
        409,
      );
      const island = await islandOrder();
      await submit(island.id, { intent: "quote-shipping", shippingCost: "30000" });
      await submit(island.id, {
        from: "pendiente_pago",
        to: "pagado",
        paymentMeans: "transferencia",
        paymentReference: "OP-1",
      });
      expect((await load(island.id)).shippingQuote).toBeNull();
      expect((await submit(island.id, { intent: "quote-shipping", shippingCost: "1000" })).status).toBe(409);
    });
  });

  describe("the orders list's 'Pagado por'", () => {
    const { open, numbersIn, csv } = adminOrdersList(() => cookie);

    it("filters on who said the order was paid, and the CSV says it", async () => {
      const byWebpay = await newOrder("Webpay Pagó");
      await payThroughStandIn(db, standIn, byWebpay);
      const byFlow = await newOrder("Flow Pagó");
      await payThroughStandIn(db, standIn, byFlow, { provider: "flow" });
      const byHand = await newOrder("Mano Pagó");
      await submit(byHand.id, {
        from: "pendiente_pago",
        to: "pagado",
        paymentMeans: "efectivo",
        paymentReference: "Recibo 44",
      });

      const all = await open("");
      const filter = all.filters.find((candidate) => candidate.label === "Pagado por")!;
      expect(filter.options.map((option) => option.label)).toEqual(["Todos", "Webpay", "Flow", "A mano"]);
      expect(filter.options[3]!.href).toBe("/admin/orders?pagado-por=a-mano");

      const webpay = numbersIn(await open("?pagado-por=webpay"));
      expect(webpay).toContain(byWebpay.number);
      expect(webpay).not.toContain(byFlow.number);
      expect(webpay).not.toContain(byHand.number);
      expect(numbersIn(await open("?pagado-por=flow"))).toContain(byFlow.number);
      const manual = numbersIn(await open("?pagado-por=a-mano&q=mano"));
      expect(manual).toEqual([byHand.number]);
      // An unknown value is no filter.
      expect(numbersIn(await open("?pagado-por=cheque")).length).toBe(numbersIn(all).length);

      const { header, rows } = await csv("?pagado-por=a-mano&q=mano");
      const paidBy = header.indexOf("Pagado por");
      expect(paidBy).toBeGreaterThan(-1);
      expect(rows[0]![paidBy]).toBe("A mano");
      expect(rows[0]![0]).toBe(byHand.number);
    });

    it("finds the orders outside the continent waiting for their shipping cost, and the dashboard says how many", async () => {
      count += 1;
      const waiting = await createOrder(db, {
        lines: [{ kitId: "industry", quantity: 1 }],
        name: "Juan Fernández Robinson",
        email: `robinson${count}@example.cl`,
        phone: "+56 9 8765 4321",
        region: "05",
        comuna: "05104",
        address: "Larraín Alcalde 123, San Juan Bautista",
        rut: "",
        notes: "",
        shippingKind: "arranged",
      });
      const quotedOrder = await createOrder(db, {
        lines: [{ kitId: "industry", quantity: 1 }],
        name: "Isla Cotizada",
        email: `cotizada${count}@example.cl`,
        phone: "+56 9 8765 4321",
        region: "05",
        comuna: "05201",
        address: "Atamu Tekena 321, Hanga Roa",
        rut: "",
        notes: "",
        shippingKind: "arranged",
      });
      await submit(quotedOrder.id, { intent: "quote-shipping", shippingCost: "30000" });
      const continental = await newOrder("Continental Pendiente");

      const all = await open("");
      const filter = all.filters.find((candidate) => candidate.label === "Envío")!;
      expect(filter.options.map((option) => option.label)).toEqual([
        "Todos",
        "Gratis (continental)",
        "Por cotizar",
        "Cotizado",
      ]);
      const waitingNumbers = numbersIn(await open("?envio=por-cotizar"));
      expect(waitingNumbers).toContain(waiting.number);
      expect(waitingNumbers).not.toContain(quotedOrder.number);
      expect(waitingNumbers).not.toContain(continental.number);
      expect(numbersIn(await open("?envio=cotizado"))).toContain(quotedOrder.number);
      expect(numbersIn(await open("?envio=gratis"))).toContain(continental.number);

      const expected = (
        await db
          .selectFrom("orders")
          .select("id")
          .where("shippingKind", "=", "arranged")
          .where("shippingCost", "is", null)
          .where("status", "=", "pendiente_pago")
          .execute()
      ).length;
      const board = await settle(() => dashboard.loader(args(get("/admin/dashboard", cookie))));
      expect((board.body as { awaitingQuote: string | null }).awaitingQuote).toBe(
        adminDashboardTexts.awaitingQuote(expected.toLocaleString("es-CL")),
      );
    });
  });
});

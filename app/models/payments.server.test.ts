import { beforeAll, describe, expect, it } from "vitest";
import { changeOrderStatus, getOrderHistory } from "~/models/orders.server";
import {
  findPaymentAttempt,
  PaymentAttemptNotFoundError,
  setPaymentReference,
  settlePaymentAttempt,
  startPaymentAttempt,
  type ProviderWord,
} from "~/models/payments.server";
import type { Db } from "~/infra/db.server";
import { dialectsUnderTest, useMigratedDatabase, type TestDatabase } from "../../tests/support/databases";
import { createTestOrder } from "../../tests/support/orders";

/**
 * Payment attempts on a real migrated database of every dialect (docs/decisions/057): an order is
 * paid once, by the provider's word for its amount, whoever brings that word and however often.
 */

const t0 = new Date("2026-11-26T15:00:00.000Z");

describe.each(dialectsUnderTest)("payment attempts on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Db;
  let handle: TestDatabase;
  beforeAll(() => {
    handle = database();
    db = handle.db;
  });

  let count = 0;
  /** A new order and an attempt to pay its total, with its provider's token. */
  async function attemptFor(provider: "webpay" | "flow" = "webpay") {
    count += 1;
    const order = await createTestOrder(db, { name: "Camila Rojas", email: `camila${count}@example.cl` });
    const attempt = await startPaymentAttempt(db, {
      orderId: order.id,
      provider,
      buyOrder: `${order.number}-${count}`,
      amount: order.total,
      now: t0,
    });
    const reference = `${count}`.padStart(64, "a");
    await setPaymentReference(db, attempt.id, reference);
    return { order, attempt, reference };
  }

  const approved = (amount: number, buyOrder: string): ProviderWord => ({
    outcome: "approved",
    amount,
    buyOrder,
    authorizationCode: "1213",
    cardLastFour: "6623",
    paymentType: "VN",
    installments: 0,
    responseCode: 0,
  });

  async function paidMails(orderId: string) {
    const history = await getOrderHistory(db, orderId);
    const changes = history.filter((change) => change.to === "pagado");
    const mailIds = changes.flatMap((change) => (change.mailId ? [change.mailId] : []));
    const mails =
      mailIds.length === 0
        ? []
        : await db
            .selectFrom("mailQueue")
            .select(["id", "nextAttemptAt"])
            .where("id", "in", mailIds)
            .execute();
    return { changes, mails };
  }

  it("marks the order paid once on the provider's approval for its amount, the e-mail due at once", async () => {
    const { order, attempt, reference } = await attemptFor();
    expect((await findPaymentAttempt(db, "webpay", reference))?.id).toBe(attempt.id);
    const settled = await settlePaymentAttempt(db, attempt.id, approved(order.total, attempt.buyOrder), t0);
    expect(settled).toMatchObject({ settled: true, orderPaid: true });
    expect(settled.attempt).toMatchObject({
      status: "approved",
      providerAmount: order.total,
      authorizationCode: "1213",
      cardLastFour: "6623",
      paymentType: "VN",
      responseCode: 0,
      settledAt: t0.toISOString(),
    });
    const { changes, mails } = await paidMails(order.id);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.changedBy).toBeNull();
    expect(mails.map((mail) => mail.nextAttemptAt)).toEqual([t0.toISOString()]);
    // The same word again (a reload, Flow's confirmation after the return): nothing changes.
    const again = await settlePaymentAttempt(db, attempt.id, approved(order.total, attempt.buyOrder), t0);
    expect(again).toMatchObject({ settled: false, orderPaid: false });
    expect((await paidMails(order.id)).changes).toHaveLength(1);
  });

  it("settles once when the word arrives many times at once (on PostgreSQL from two pools, as two servers)", async () => {
    const { order, attempt } = await attemptFor("flow");
    // SQLite: one connection, its transactions one after the other (a second connection in the same
    // process would wait on the first's lock while holding the thread it needs).
    const other = dialect === "postgres" ? handle.openAnother() : { db };
    try {
      const word = approved(order.total, attempt.buyOrder);
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, at) =>
          settlePaymentAttempt(at % 2 ? other.db : db, attempt.id, word, t0),
        ),
      );
      expect(results.filter((result) => result.orderPaid)).toHaveLength(1);
      expect(results.filter((result) => result.settled)).toHaveLength(1);
      const { changes, mails } = await paidMails(order.id);
      expect([changes.length, mails.length]).toEqual([1, 1]);
    } finally {
      if (other.db !== db) await other.db.destroy();
    }
  });

  it("two attempts of one order approved at once: one pays it, the other is kept as a mismatch", async () => {
    const { order, attempt } = await attemptFor();
    const second = await startPaymentAttempt(db, {
      orderId: order.id,
      provider: "flow",
      buyOrder: `${order.number}-b`,
      amount: order.total,
      now: t0,
    });
    const [first, other] = await Promise.all([
      settlePaymentAttempt(db, attempt.id, approved(order.total, attempt.buyOrder), t0),
      settlePaymentAttempt(db, second.id, approved(order.total, second.buyOrder), t0),
    ]);
    expect([first.orderPaid, other.orderPaid].filter(Boolean)).toHaveLength(1);
    const mismatch = first.orderPaid ? other : first;
    expect(mismatch.attempt).toMatchObject({ status: "mismatch", flag: "order-not-awaiting-payment" });
    expect((await paidMails(order.id)).changes).toHaveLength(1);
  });

  it("keeps an approval for another amount or buy order as a mismatch, the order unpaid", async () => {
    const { order, attempt } = await attemptFor();
    const cheaper = await settlePaymentAttempt(db, attempt.id, approved(1000, attempt.buyOrder), t0);
    expect(cheaper).toMatchObject({ settled: true, orderPaid: false });
    expect(cheaper.attempt).toMatchObject({ status: "mismatch", flag: "amount", providerAmount: 1000 });
    const other = await attemptFor();
    const elsewhere = await settlePaymentAttempt(
      db,
      other.attempt.id,
      approved(other.order.total, "LB-OTRO-1"),
      t0,
    );
    expect(elsewhere.attempt).toMatchObject({ status: "mismatch", flag: "buy-order" });
    for (const orderId of [order.id, other.order.id])
      expect((await paidMails(orderId)).changes).toHaveLength(0);
  });

  it("records a rejection or a cancellation, waits on a pending word, and pays no cancelled order", async () => {
    const rejected = await attemptFor();
    const word = (outcome: ProviderWord["outcome"]) => ({
      outcome,
      amount: rejected.order.total,
      buyOrder: rejected.attempt.buyOrder,
      responseCode: -1,
    });
    expect(await settlePaymentAttempt(db, rejected.attempt.id, word("pending"), t0)).toMatchObject({
      settled: false,
      attempt: { status: "started" },
    });
    const settled = await settlePaymentAttempt(db, rejected.attempt.id, word("rejected"), t0);
    expect(settled).toMatchObject({
      settled: true,
      orderPaid: false,
      attempt: { status: "rejected", responseCode: -1 },
    });
    // Settled: a later approval of the same attempt changes nothing.
    const late = await settlePaymentAttempt(
      db,
      rejected.attempt.id,
      approved(rejected.order.total, rejected.attempt.buyOrder),
      t0,
    );
    expect(late).toMatchObject({ settled: false, orderPaid: false, attempt: { status: "rejected" } });

    const cancelled = await attemptFor();
    await changeOrderStatus(db, cancelled.order.id, "cancelado", null, t0);
    const afterCancel = await settlePaymentAttempt(
      db,
      cancelled.attempt.id,
      approved(cancelled.order.total, cancelled.attempt.buyOrder),
      t0,
    );
    expect(afterCancel.attempt).toMatchObject({ status: "mismatch", flag: "order-not-awaiting-payment" });
    await expect(settlePaymentAttempt(db, crypto.randomUUID(), word("approved"), t0)).rejects.toBeInstanceOf(
      PaymentAttemptNotFoundError,
    );
  });
});

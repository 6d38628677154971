import { beforeAll, describe, expect, it } from "vitest";
import type { OrderStatus } from "~/lib/order-status";
import { getChatSummary, getSalesSummary, salesChartDays } from "~/models/dashboard.server";
import { recordChatExchange, recordChatFeedback } from "~/models/chatbot-conversations.server";
import { createOrder } from "~/models/orders.server";
import type { Db } from "~/infra/db.server";
import { dialectsUnderTest, useMigratedDatabase } from "../../tests/support/databases";

/** 12:00 in Santiago (UTC-3 in November). */
const now = new Date("2026-11-24T15:00:00.000Z");
const price = 219990; // LifeBox Essential
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

async function orderAt(db: Db, at: Date, status: OrderStatus) {
  const order = await createOrder(
    db,
    {
      lines: [{ kitId: "essential", quantity: 1 }],
      name: "Ana Pérez",
      email: "ana@example.cl",
      phone: "+56 9 1234 5678",
      region: "13",
      comuna: "13101",
      address: "Av. Providencia 1234",
      shippingKind: "free",
    },
    { now: at },
  );
  await db.updateTable("orders").set({ status }).where("id", "=", order.id).execute();
  return order;
}

describe.each(dialectsUnderTest)("the dashboard's sales on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Db;
  let followUp: { number: string };
  beforeAll(async () => {
    db = database().db;
    await orderAt(db, new Date("2026-11-24T04:00:00.000Z"), "pagado"); // 01:00 today in Chile
    await orderAt(db, new Date("2026-11-24T02:00:00.000Z"), "pagado"); // 23:00 yesterday in Chile
    await orderAt(db, hoursAgo(6 * 24), "entregado");
    await orderAt(db, hoursAgo(20 * 24), "enviado");
    await orderAt(db, hoursAgo(40 * 24), "pagado"); // before the chart
    await orderAt(db, hoursAgo(2), "cancelado"); // not a sale
    await orderAt(db, hoursAgo(10), "pendiente_pago"); // unpaid, but recent
    followUp = await orderAt(db, hoursAgo(72), "pendiente_pago");
  });

  it("counts paid orders by the Chilean day they were placed: today, 7 and 30 days", async () => {
    const sales = await getSalesSummary(db, now);
    expect(sales.today).toEqual({ count: 1, total: price });
    expect(sales.week).toEqual({ count: 3, total: 3 * price });
    expect(sales.month).toEqual({ count: 4, total: 4 * price });
  });

  it("has one entry per day for the chart, oldest first, ending today", async () => {
    const { daily } = await getSalesSummary(db, now);
    expect(daily).toHaveLength(salesChartDays);
    expect(daily.at(-1)).toEqual({ day: "2026-11-24", count: 1, total: price });
    expect(daily.at(-2)).toEqual({ day: "2026-11-23", count: 1, total: price });
    expect(daily[0]?.day).toBe("2026-10-26");
    expect(daily.reduce((sum, day) => sum + day.count, 0)).toBe(4);
  });

  it("lists the orders unpaid for more than 48 hours, to follow up", async () => {
    const { unpaid } = await getSalesSummary(db, now);
    expect(unpaid.count).toBe(1);
    expect(unpaid.orders.map((order) => order.number)).toEqual([followUp.number]);
  });
});

describe.each(dialectsUnderTest)("the dashboard's chatbot figures on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);

  it("counts the week's conversations and the bot's failed answers: unanswered, low confidence, marked No", async () => {
    const db = database().db;
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3_600_000);
    const ask = async (at: Date, topic: string | null, lowConfidence = false, feedback?: "yes" | "no") => {
      const visitorId = crypto.randomUUID();
      const stored = await recordChatExchange(db, {
        visitorId,
        ip: "203.0.113.9",
        question: "¿venden carpas?",
        answer: { text: topic ? "Sí." : "No estoy seguro.", topic, lowConfidence },
        now: at,
      });
      if (feedback) {
        const seq = stored.messages.at(-1)!.seq;
        expect(await recordChatFeedback(db, { visitorId, sessionId: stored.sessionId, seq, feedback })).toBe(
          "saved",
        );
      }
    };
    await ask(daysAgo(1), null);
    await ask(daysAgo(2), "shipping");
    await ask(daysAgo(6.9), null, false, "no");
    await ask(daysAgo(3), "warranty", true);
    await ask(daysAgo(3), "delivery", false, "no");
    await ask(daysAgo(4), "delivery", false, "yes");
    await ask(daysAgo(8), null); // before the week
    await ask(daysAgo(8), "warranty", true, "no"); // before the week
    expect(await getChatSummary(db, now)).toEqual({
      sessions: 6,
      unanswered: 2,
      lowConfidence: 1,
      notHelpful: 2,
      failed: 4,
    });
  });
});

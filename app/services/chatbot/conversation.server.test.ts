import { beforeAll, describe, expect, it } from "vitest";
import { chatOrderTexts, policyAnswers } from "~/content/chatbot";
import { exampleCompany } from "~/content/company";
import { orderPageTexts } from "~/content/order-page";
import { examplePaymentLink } from "~/infra/env.server";
import type { Db } from "~/infra/db.server";
import { changeOrderStatus, placeOrder } from "~/models/orders.server";
import { dialectsUnderTest, useMigratedDatabase } from "../../../tests/support/databases";
import { answerQuestion } from "~/services/chatbot/chatbot.server";
import { askChatbot, maxFailedOrderLookups, orderLookupWindowMs } from "./conversation.server";

/**
 * The chatbot's order status (issue 13; docs/decisions/040) through askChatbot, on real orders in
 * a fresh database: the right number and e-mail give the status with the order page's words and
 * links; a wrong one the same neutral answer; the details asked for when missing; and at most
 * five failed look-ups an hour per address and per visitor, whatever session they name.
 */

const settings = {
  SITE_URL: "https://lifebox.cl",
  company: exampleCompany,
  SHOP_NOTIFY_EMAIL: "pedidos@lifebox.cl",
  paymentLinks: {
    essential: examplePaymentLink("essential"),
    expedition: examplePaymentLink("expedition"),
    nautical: examplePaymentLink("nautical"),
    industry: examplePaymentLink("industry"),
    "essential-mini": examplePaymentLink("essential-mini"),
    "expedition-mini": examplePaymentLink("expedition-mini"),
    "nautical-mini": examplePaymentLink("nautical-mini"),
    "industry-mini": examplePaymentLink("industry-mini"),
  },
};

const t0 = new Date("2026-11-20T15:00:00.000Z");
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);

async function order(db: Db, email: string) {
  return placeOrder(
    db,
    {
      lines: [{ kitId: "nautical", quantity: 1 }],
      name: "Ana Pérez",
      email,
      phone: "+56 9 1234 5678",
      region: "13",
      comuna: "13101",
      address: "Av. Providencia 1234",
      acceptTerms: true,
    },
    { settings, now: t0 },
  );
}

describe.each(dialectsUnderTest)("the chatbot's order status on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Db;
  let shipped: { id: string; number: string };
  let unpaid: { id: string; number: string };
  let ipCount = 0;
  /** Each test speaks from its own IP, so the failed look-ups of one do not limit another. */
  const nextIp = () => `198.51.100.${++ipCount}`;

  beforeAll(async () => {
    db = database().db;
    shipped = await order(db, "Ana.Perez@Example.cl");
    await changeOrderStatus(db, shipped.id, "pagado", null, minutes(1), { settings });
    await changeOrderStatus(db, shipped.id, "en_preparacion", null, minutes(2), { settings });
    await changeOrderStatus(db, shipped.id, "enviado", null, minutes(3), {
      settings,
      details: { courier: "chilexpress", trackingNumber: "99887766" },
    });
    unpaid = await order(db, "otra.persona@example.cl");
  });

  /** Each IP's visitor (a visitor of its own, unless a test names one). */
  const visitors = new Map<string, string>();
  const visitorOf = (ip: string) => {
    if (!visitors.has(ip)) visitors.set(ip, crypto.randomUUID());
    return visitors.get(ip)!;
  };
  const ask = (
    question: string,
    ip: string,
    sessionId?: string,
    now = minutes(10),
    visitorId = visitorOf(ip),
  ) => askChatbot({ db, visitorId, ip, sessionId, question, company: exampleCompany, now });

  it("answers the status of the order named by its number and e-mail, with its page and tracking links", async () => {
    const typed = shipped.number.toLowerCase().replace("-", " ");
    const { answer, sessionId } = await ask(
      `estado de mi compra ${typed}, mi correo ana.perez@example.cl`,
      nextIp(),
    );
    expect(answer.topic).toBe("orderFound");
    expect(answer.text).toBe(
      `Tu pedido ${shipped.number} (LifeBox Nautical) está en estado «Enviado». ${orderPageTexts.shippedIntro("Chilexpress")}`,
    );
    expect(answer.link).toEqual({ href: `/pedido/${shipped.id}`, label: `Ver el pedido ${shipped.number}` });
    expect(answer.tracking).toEqual({
      href: "https://centrodeayuda.chilexpress.cl/seguimiento/99887766",
      label: "Seguir mi envío en Chilexpress",
    });
    // Stored: the visitor's message as typed, the bot's text without links, name or e-mail.
    const stored = await db
      .selectFrom("chatMessages")
      .select(["role", "content", "topic"])
      .where("sessionId", "=", sessionId)
      .orderBy("seq")
      .execute();
    expect(stored[1]).toEqual({ role: "bot", content: answer.text, topic: "orderFound" });
    expect(stored[1]?.content).not.toMatch(/ana|pérez|99887766|pedido\//i);
  });

  it("says an unpaid order's status with the order page's words", async () => {
    const { answer } = await ask(`${unpaid.number} otra.persona@example.cl`, nextIp());
    expect(answer.text).toBe(
      `Tu pedido ${unpaid.number} (LifeBox Nautical) está en estado «Pendiente de pago». ${chatOrderTexts.unpaid}`,
    );
    expect(answer.link?.href).toBe(`/pedido/${unpaid.id}`);
    expect(answer.tracking).toBeUndefined();
  });

  it("answers a wrong e-mail and a wrong number alike, with the contact options", async () => {
    const ip = nextIp();
    const wrongEmail = (await ask(`donde esta mi pedido ${shipped.number} ana@example.cl`, ip)).answer;
    const wrongNumber = (await ask("donde esta mi pedido LB-2345AB ana.perez@example.cl", ip)).answer;
    // Somebody else's order with her e-mail: not hers.
    const otherOrder = (await ask(`${unpaid.number} ana.perez@example.cl`, ip)).answer;
    for (const answer of [wrongEmail, wrongNumber, otherOrder]) {
      expect(answer).toMatchObject({
        topic: "orderNotFound",
        text: chatOrderTexts.notFound,
        link: { href: "/contacto" },
      });
      expect(answer.whatsapp?.href).toMatch(/^https:\/\/wa\.me\//);
    }
  });

  it("asks for what is missing, and takes a number and an e-mail given in two messages", async () => {
    const ip = nextIp();
    const first = await ask("donde esta mi pedido", ip);
    expect(first.answer).toMatchObject({ topic: "orderStatus", text: policyAnswers.orderStatus });

    const second = await ask(`es el ${shipped.number}`, ip, first.sessionId);
    expect(second.answer).toMatchObject({ topic: "orderStatus", text: chatOrderTexts.needsEmail });

    const third = await ask("ana.perez@example.cl", ip, first.sessionId);
    expect(third.sessionId).toBe(first.sessionId);
    expect(third.answer.topic).toBe("orderFound");
    expect(third.answer.link?.href).toBe(`/pedido/${shipped.id}`);

    const other = await ask("mi correo es ana.perez@example.cl, estado de mi pedido?", ip);
    expect(other.answer).toMatchObject({ topic: "orderStatus", text: chatOrderTexts.needsNumber });
  });

  it("leaves an e-mail alone in a question that is not about an order", async () => {
    const question = "quiero cotizar 20 kits para la empresa, compras@empresa.cl";
    const { answer } = await ask(question, nextIp());
    expect(answer).toEqual(answerQuestion(question, { company: exampleCompany }));
    expect(answer.topic).toBe("quotation");
  });

  it(`stops looking orders up after ${maxFailedOrderLookups} failed look-ups from an IP in an hour`, async () => {
    const ip = nextIp();
    // Each in a new session, as a script dropping the session would: the bound is per IP.
    for (let attempt = 0; attempt < maxFailedOrderLookups; attempt++) {
      const { answer } = await ask(`${shipped.number} intento${attempt}@example.cl`, ip);
      expect(answer.topic).toBe("orderNotFound");
    }
    // Even the right pair is not looked up now, so the answer tells nothing about it.
    const blocked = await ask(`${shipped.number} ana.perez@example.cl`, ip);
    expect(blocked.answer).toMatchObject({ topic: "orderLookupLimit", text: chatOrderTexts.tooManyAttempts });
    expect(blocked.answer.link?.href).toBe("/contacto");
    // Another IP (another visitor) is not limited; the same one is again an hour after its failures.
    expect((await ask(`${shipped.number} ana.perez@example.cl`, nextIp())).answer.topic).toBe("orderFound");
    const later = new Date(minutes(10).getTime() + orderLookupWindowMs + 60_000);
    expect((await ask(`${shipped.number} ana.perez@example.cl`, ip, undefined, later)).answer.topic).toBe(
      "orderFound",
    );
  });

  it("counts the failed look-ups of the address that asks, whatever session and visitor it names", async () => {
    const [ipA, ipB] = [nextIp(), nextIp()];
    const owner = visitorOf(ipA);
    // A's visitor opens a session from A; B sends that session's id and A's visitor cookie.
    const { sessionId } = await ask("hola", ipA);
    const topics: Array<string | null> = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      const { answer, sessionId: used } = await ask(
        `${shipped.number} intento${attempt}@example.cl`,
        ipB,
        sessionId,
        minutes(10),
        owner,
      );
      expect(used).toBe(sessionId);
      topics.push(answer.topic);
    }
    expect(topics).toEqual([
      ...Array<string>(maxFailedOrderLookups).fill("orderNotFound"),
      ...Array<string>(10 - maxFailedOrderLookups).fill("orderLookupLimit"),
    ]);
    // B is limited under any visitor and session; A, where the session started, is not (its
    // visitor is, below), and neither is another visitor there.
    const right = `${shipped.number} ana.perez@example.cl`;
    expect((await ask(right, ipB, undefined, minutes(11), crypto.randomUUID())).answer.topic).toBe(
      "orderLookupLimit",
    );
    expect((await ask(right, ipA, undefined, minutes(11), crypto.randomUUID())).answer.topic).toBe(
      "orderFound",
    );
  });

  it("counts a visitor's failed look-ups from every address it uses", async () => {
    const visitorId = crypto.randomUUID();
    for (let attempt = 0; attempt < maxFailedOrderLookups; attempt++) {
      // A new address and a new session each time.
      const { answer } = await ask(
        `${shipped.number} otro${attempt}@example.cl`,
        nextIp(),
        undefined,
        minutes(10),
        visitorId,
      );
      expect(answer.topic).toBe("orderNotFound");
    }
    const right = `${shipped.number} ana.perez@example.cl`;
    expect((await ask(right, nextIp(), undefined, minutes(11), visitorId)).answer.topic).toBe(
      "orderLookupLimit",
    );
    // An hour after its failures, the visitor may look up again.
    const later = new Date(minutes(10).getTime() + orderLookupWindowMs + 60_000);
    expect((await ask(right, nextIp(), undefined, later, visitorId)).answer.topic).toBe("orderFound");
  });

  it("counts an IPv6 visitor by its /56 network, as the server's rate limits do", async () => {
    for (let attempt = 0; attempt < maxFailedOrderLookups; attempt++) {
      // Addresses of one home's /56, each with a visitor and a session of its own.
      const ip = `2001:db8:7:${(0x100 + attempt).toString(16)}::${attempt + 1}`;
      expect((await ask(`${shipped.number} red${attempt}@example.cl`, ip)).answer.topic).toBe(
        "orderNotFound",
      );
    }
    const right = `${shipped.number} ana.perez@example.cl`;
    expect((await ask(right, "2001:db8:7:1ff::99", undefined, minutes(11))).answer.topic).toBe(
      "orderLookupLimit",
    );
    // The next /56 is another customer.
    expect((await ask(right, "2001:db8:7:200::1", undefined, minutes(11))).answer.topic).toBe("orderFound");
  });
  it("reads a reply to the bot's question back as the need it asked for, in the same session", async () => {
    const ip = nextIp();
    const first = await ask("que kit me conviene", ip);
    expect(first.answer.text).toMatch(/¿Para qué lugar o actividad/);
    const place = await ask("la casa", ip, first.sessionId, minutes(11));
    expect(place.answer.topic).toBe("recommend");
    expect(place.answer.text).toMatch(/^Te recomiendo el LifeBox Essential .*¿Para cuántas personas\?$/);
    const people = await ask("6", ip, first.sessionId, minutes(12));
    expect(people.answer.text).toMatch(/^Te recomiendo 2 LifeBox Essential/);
    // A question of its own is answered as itself, and ends the recommendation.
    const other = await ask("cuanto demora el envio", ip, first.sessionId, minutes(13));
    expect(other.answer.topic).toBe("delivery");
    expect((await ask("la casa", ip, first.sessionId, minutes(14))).answer.topic).not.toBe("recommend");
    // Without the session, "la casa" is no reply to anything.
    expect((await ask("la casa", nextIp())).answer.topic).not.toBe("recommend");
  });
});

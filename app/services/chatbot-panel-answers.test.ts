import { describe, expect, it } from "vitest";
import { chatQuickReplies } from "~/content/chatbot";
import { exampleCompany } from "~/content/company";
import { dialectsUnderTest, useMigratedDatabase } from "../../tests/support/databases";
import { answerQuestion, chatbotConfidentScore } from "~/services/chatbot/chatbot.server";
import { askChatbot } from "~/services/chatbot/conversation.server";

/**
 * What askChatbot adds for the chat panel and for staff (issue 26; docs/decisions/078): the quick
 * replies with the greeting and the fallback, the WhatsApp hand-off prefilled with the question,
 * the answer's number in the session, and low confidence stored for the engine's weak answers only.
 * (Beside services/chatbot/, whose tests belong to the engine.)
 */
describe.each(dialectsUnderTest)("the chatbot's answers for the panel and for staff on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  const ask = (question: string, ip: string, sessionId?: string) =>
    askChatbot({
      db: database().db,
      visitorId: `00000000-0000-4000-8000-${ip.replaceAll(".", "").padStart(12, "0")}`,
      ip,
      sessionId,
      question,
      company: exampleCompany,
    });

  it("offers the quick replies with the greeting and the fallback only, the WhatsApp hand-off prefilled", async () => {
    const ip = "198.51.100.201";
    const greeting = await ask("hola", ip);
    expect(greeting.quickReplies).toBe(chatQuickReplies);
    expect(greeting.answerSeq).toBe(2);
    const known = await ask("¿cuánto demora el envío?", ip, greeting.sessionId);
    expect(known.quickReplies).toEqual([]);
    expect(known.answerSeq).toBe(4);
    const question = "¿arriendan helicópteros para rescates?";
    const fallback = await ask(question, ip, greeting.sessionId);
    expect(fallback.answer.topic).toBeNull();
    expect(fallback.quickReplies).toBe(chatQuickReplies);
    const text = new URL(fallback.answer.whatsapp!.href).searchParams.get("text");
    expect(text).toContain(question);
  });

  it("stores an engine answer under the confident score as low confidence, and never an order answer", async () => {
    const ip = "198.51.100.202";
    const weak = "¿Qué kit me conviene?";
    const { score, topic } = answerQuestion(weak, { company: exampleCompany });
    const first = await ask(weak, ip);
    // The order conversation's answer (it asks for the number and e-mail) has no engine score.
    const order = await ask("¿dónde está mi pedido?", ip, first.sessionId);
    expect(order.answer.topic).toMatch(/^order/);
    expect(order.answer.score).toBe(0);
    const rows = await database()
      .db.selectFrom("chatMessages")
      .select(["seq", "lowConfidence"])
      .where("sessionId", "=", first.sessionId)
      .where("role", "=", "bot")
      .orderBy("seq")
      .execute();
    expect(rows.map((row) => Number(row.lowConfidence))).toEqual([
      topic !== null && score < chatbotConfidentScore ? 1 : 0,
      0,
    ]);
  });

  it("offers quick replies that the engine answers", () => {
    for (const reply of chatQuickReplies) {
      if (reply.kind === "ask") expect(answerQuestion(reply.question).topic, reply.question).not.toBeNull();
    }
  });
});

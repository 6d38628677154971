import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chatbotMaxQuestionLength } from "~/content/chatbot";
import { kitList, kitPath } from "~/content/kits";
import { formatPrice } from "~/lib/format";
import { answerQuestion, findOrderDetails } from "./chatbot.server";
import { oneTypoApart } from "./spelling";
import { buildTopics } from "./topics";
import { evaluate, type LabelledQuestions } from "./evaluate";

const readSet = (name: string) =>
  JSON.parse(fs.readFileSync(path.resolve("tests/fixtures", name), "utf8")) as LabelledQuestions;

const set = readSet("chatbot-questions.json");
const heldOut = readSet("chatbot-questions-heldout.json");
const freshHeldOut = readSet("chatbot-questions-heldout-2.json");

/** Issue 13's targets on the labelled set: top-1 ≥ 90 %, off-topic fallback ≥ 90 %. */
const top1Floor = 0.9;
const offTopicFloor = 0.9;

const pagePaths = new Set(["/", "/productos", "/faq", "/contacto", "/terminos", ...kitList.map(kitPath)]);

describe("chatbot answer engine", () => {
  it("answers the labelled questions and falls back on the off-topic ones", () => {
    const result = evaluate(set);
    expect(set.questions.length).toBeGreaterThanOrEqual(150);
    expect(set.offTopic.length).toBeGreaterThanOrEqual(30);
    expect(result.top1 / result.total).toBeGreaterThanOrEqual(top1Floor);
    expect(result.offTopicFallbacks / result.offTopicTotal).toBeGreaterThanOrEqual(offTopicFloor);
  });

  it("does not get worse on the held-out questions", () => {
    // Measured in docs/decisions/040, each floor one or two questions under it: the first set
    // 29/30 and 9/10 (its misses were studied for classes of problems, so it flatters), the fresh
    // one, never tuned on, 58/80 and 18/24.
    const first = evaluate(heldOut);
    expect(first.top1 / first.total).toBeGreaterThanOrEqual(0.9);
    expect(first.offTopicFallbacks / first.offTopicTotal).toBeGreaterThanOrEqual(0.8);
    const fresh = evaluate(freshHeldOut);
    expect(freshHeldOut.questions.length).toBeGreaterThanOrEqual(60);
    expect(freshHeldOut.offTopic.length).toBeGreaterThanOrEqual(20);
    expect(fresh.top1 / fresh.total).toBeGreaterThanOrEqual(0.7);
    expect(fresh.offTopicFallbacks / fresh.offTopicTotal).toBeGreaterThanOrEqual(0.7);
  });

  it("reads typos, stretched letters and every form of a word family", () => {
    expect(oneTypoApart("garnatia", "garantia")).toBe(true);
    expect(oneTypoApart("garantiaa", "garantia")).toBe(true);
    expect(oneTypoApart("grantia", "garantia")).toBe(true);
    expect(oneTypoApart("garantia", "garantias")).toBe(true);
    expect(oneTypoApart("garantia", "garnaita")).toBe(false);
    expect(answerQuestion("la garantiaa cuanto dura").topic).toBe("warranty");
    expect(answerQuestion("graciasss").topic).toBe("thanks");
    expect(answerQuestion("buenass").topic).toBe("greeting");
    expect(answerQuestion("me puedo arrepentir de la compra").topic).toBe("withdrawal");
    expect(answerQuestion("atienden el finde?").topic).toBe("hours");
  });

  it("prefers the kit a question names, and does not take a place name for a question about the shop", () => {
    expect(answerQuestion("que trae el kit nautical").topic).toBe("kit-nautical-contents");
    expect(answerQuestion("cual es el kit para la lancha").topic).toBe("kit-nautical-use");
    expect(answerQuestion("mi pedido todavia no me llega").topic).toBe("orderStatus");
    expect(answerQuestion("envian a temuco").topic).toBe("shipping");
    expect(answerQuestion("que tiempo hace mañana en santiago").topic).toBeNull();
  });

  it("labels only topics that exist, and covers every topic", () => {
    const ids = new Set(buildTopics().map((topic) => topic.id));
    const labelled = new Set(set.questions.map((entry) => entry.topic));
    expect([...labelled].filter((id) => !ids.has(id))).toEqual([]);
    expect([...ids].filter((id) => !labelled.has(id))).toEqual([]);
  });

  it("reads prices and names from the kits", () => {
    for (const kit of kitList) {
      const topic = buildTopics().find((entry) => entry.id === `kit-${kit.id}-price`);
      const answer = topic?.answer({} as never);
      expect(answer?.text).toContain(formatPrice(kit.price));
      expect(answer?.link.href).toBe(kitPath(kit));
    }
    const answer = answerQuestion("cuanto sale el kit essential");
    expect(answer.topic).toBe("kit-essential-price");
    expect(answer.text).toContain(formatPrice(kitList.find((kit) => kit.id === "essential")?.price ?? 0));
  });

  it("links every answer to an existing page", () => {
    for (const { q } of set.questions) {
      const href = answerQuestion(q).link?.href;
      expect(href && pagePaths.has(href), `${q} → ${href}`).toBe(true);
    }
  });

  it("greets, and offers WhatsApp and the contact form when unsure", () => {
    expect(answerQuestion("hola").topic).toBe("greeting");
    const fallback = answerQuestion("quien gano el partido de colo colo");
    expect(fallback.topic).toBeNull();
    expect(fallback.link?.href).toBe("/contacto");
    expect(fallback.whatsapp?.href).toMatch(/^https:\/\/wa\.me\//);
    expect(answerQuestion("   ").topic).toBeNull();
  });

  it("finds an order number and an e-mail as customers type them", () => {
    expect(findOrderDetails("estado de mi pedido lb-7k3f9q")).toEqual({ number: "LB-7K3F9Q" });
    expect(findOrderDetails("LB 7K3F9Q, ana.perez@correo.cl")).toEqual({
      number: "LB-7K3F9Q",
      email: "ana.perez@correo.cl",
    });
    expect(findOrderDetails("mi pedido es 7k3f9q")).toEqual({ number: "LB-7K3F9Q" });
    expect(findOrderDetails("lb7k3f9q")).toEqual({ number: "LB-7K3F9Q" });
    // Six letters alone are a word, and a number from outside the alphabet (0, O, 1, I, L) is no order.
    expect(findOrderDetails("muchas gracias")).toEqual({});
    expect(findOrderDetails("LB-7K3F0Q")).toEqual({});
    // The order number is read as "pedido" and the e-mail as "correo" by the search.
    expect(answerQuestion("estado de LB-7K3F9Q ana@correo.cl").topic).toBe("orderStatus");
  });

  it("bounds the input", () => {
    const long = `${"precio del kit nautical ".repeat(100)}`;
    expect(long.length).toBeGreaterThan(chatbotMaxQuestionLength);
    const start = performance.now();
    expect(answerQuestion(long).topic).toBe("kit-nautical-price");
    expect(performance.now() - start).toBeLessThan(200);
  });
});

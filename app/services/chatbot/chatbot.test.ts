import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chatbotMaxQuestionLength } from "~/content/chatbot";
import { kitList, kitPath } from "~/content/kits";
import { formatPrice } from "~/lib/format";
import { answerQuestion } from "./chatbot.server";
import { buildTopics } from "./topics";
import { evaluate, type LabelledQuestions } from "./evaluate";

const set = JSON.parse(
  fs.readFileSync(path.resolve("tests/fixtures/chatbot-questions.json"), "utf8"),
) as LabelledQuestions;

const heldOut = JSON.parse(
  fs.readFileSync(path.resolve("tests/fixtures/chatbot-questions-heldout.json"), "utf8"),
) as LabelledQuestions;

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

  it("does not get worse on the held-out questions it was never tuned on", () => {
    // The figures measured when the set was written (docs/decisions/035): 22/30 and 8/10. Lower
    // than on the tuned set, as expected; the floors only stop a change from making it worse.
    const result = evaluate(heldOut);
    expect(result.top1 / result.total).toBeGreaterThanOrEqual(0.7);
    expect(result.offTopicFallbacks / result.offTopicTotal).toBeGreaterThanOrEqual(0.8);
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

  it("finds an order number and bounds the input", () => {
    expect(answerQuestion("estado de mi pedido lb-7k3f9q").orderNumber).toBe("LB-7K3F9Q");
    const long = `${"precio del kit nautical ".repeat(100)}`;
    expect(long.length).toBeGreaterThan(chatbotMaxQuestionLength);
    const start = performance.now();
    expect(answerQuestion(long).topic).toBe("kit-nautical-price");
    expect(performance.now() - start).toBeLessThan(200);
  });
});

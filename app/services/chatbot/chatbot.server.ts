/**
 * The chatbot's answer engine (issue 13, DECISIONS D17; docs/decisions/035): the question is
 * normalised (./normalize), searched with Orama (BM25) over the topics' texts (./topics), and the
 * best topic answers, or the fallback (WhatsApp and the contact form) when the best score is under
 * {@link chatbotScoreThreshold}. No outside service; the index is built once, in memory.
 */
import { create, insertMultiple, search, type Results } from "@orama/orama";
import { chatbotMaxQuestionLength, chatbotTexts } from "~/content/chatbot";
import { exampleCompany, type CompanyInfo } from "~/content/company";
import { isOrderNumber, orderNumberPrefix } from "~/lib/order-number";
import { createChatbotTokenizer, normalizeWords, searchTerms } from "./normalize";
import { buildTopics, whatsappChatLink, type ChatLink, type Topic } from "./topics";

export type { ChatLink } from "./topics";

/** Best topic score under which the bot says it is not sure (measured: docs/decisions/035). */
export const chatbotScoreThreshold = 2;
/** Share of the question's search terms the index must know, or the bot is not sure. */
export const chatbotKnownTermsThreshold = 0.6;
/** How much a kit topic's score is kept when the question names the other version (mini/standard). */
const otherVersionFactor = 0.8;
const alternativesShown = 2;

export interface ChatAnswer {
  /** The topic answered, or null for the fallback. */
  topic: string | null;
  text: string;
  link?: ChatLink;
  /** Offered with the fallback and the contact answer. */
  whatsapp?: ChatLink;
  /** Next best topics, best first. */
  alternatives: string[];
  /** The best topic's score (BM25, after the version preference). */
  score: number;
  /** An order number (LB-XXXXXX) found in the question, for the order-status look-up. */
  orderNumber?: string;
}

const schema = { topic: "string", text: "string" } as const;

function sync<T>(value: T | Promise<T>): T {
  if (value instanceof Promise) throw new Error("Orama returned a promise: the index must stay synchronous");
  return value;
}

function buildIndex() {
  const topics = buildTopics();
  const db = create({ schema, components: { tokenizer: createChatbotTokenizer() } });
  sync(
    insertMultiple(
      db,
      topics.flatMap((topic) => topic.texts.map((text) => ({ topic: topic.id, text }))),
    ),
  );
  const topicTerms = new Map(topics.map((topic) => [topic.id, new Set(topic.texts.flatMap(searchTerms))]));
  const vocabulary = new Set([...topicTerms.values()].flatMap((terms) => [...terms]));
  return { db, topics: new Map(topics.map((topic) => [topic.id, topic])), topicTerms, vocabulary };
}

let index: ReturnType<typeof buildIndex> | undefined;
/** The index, built on first use and kept. */
function getIndex() {
  index ??= buildIndex();
  return index;
}

/** "LB-7K3F9Q", "lb 7k3f9q" or "LB7K3F9Q" in the question, as the shop writes order numbers. */
function findOrderNumber(text: string): string | undefined {
  const match = /\blb-?\s?([a-z0-9]{6})\b/i.exec(text);
  const candidate = match ? `${orderNumberPrefix}${(match[1] ?? "").toUpperCase()}` : "";
  return isOrderNumber(candidate) ? candidate : undefined;
}

/** Share of the question's search terms that appear anywhere in the index (1 for no terms). */
export function knownTermsShare(question: string): number {
  const terms = [...new Set(searchTerms(question))];
  if (terms.length === 0) return 1;
  const { vocabulary } = getIndex();
  return terms.filter((term) => vocabulary.has(term)).length / terms.length;
}

/**
 * Topics ranked by score, best first: each topic's best document (BM25), weighed by the share of
 * the question's terms the topic's texts hold (so a short text matching one word does not beat a
 * topic matching them all), with the version preference for kit topics.
 */
export function rankTopics(question: string): { topic: Topic; score: number }[] {
  const { db, topics, topicTerms } = getIndex();
  const mentionsMini = normalizeWords(question).includes("mini");
  const terms = [...new Set(searchTerms(question))];
  const results: Results<{ topic: string; text: string }> = sync(
    search(db, { term: question, properties: ["text"], limit: 60, threshold: 1 }),
  );
  const best = new Map<string, number>();
  for (const hit of results.hits) {
    const topic = topics.get(hit.document.topic);
    if (!topic) continue;
    const wrongVersion = topic.version !== undefined && (topic.version === "mini") !== mentionsMini;
    const held = topicTerms.get(topic.id) ?? new Set();
    const share = terms.length ? terms.filter((term) => held.has(term)).length / terms.length : 1;
    const score = hit.score * (0.5 + 0.5 * share) * (wrongVersion ? otherVersionFactor : 1);
    if (score > (best.get(topic.id) ?? 0)) best.set(topic.id, score);
  }
  return [...best]
    .sort(([, a], [, b]) => b - a)
    .map(([id, score]) => ({ topic: topics.get(id) as Topic, score }));
}

/** Answers a visitor's question from the site's content, or falls back to WhatsApp and the contact form. */
export function answerQuestion(text: string, options: { company?: CompanyInfo } = {}): ChatAnswer {
  const company = options.company ?? exampleCompany;
  const question = text.slice(0, chatbotMaxQuestionLength);
  const ranked = question.trim() ? rankTopics(question) : [];
  const [first, ...rest] = ranked;
  const alternatives = rest.slice(0, alternativesShown).map((entry) => entry.topic.id);
  const orderNumber = findOrderNumber(question);
  if (
    !first ||
    first.score < chatbotScoreThreshold ||
    knownTermsShare(question) < chatbotKnownTermsThreshold
  ) {
    return {
      topic: null,
      text: chatbotTexts.fallback,
      link: { href: "/contacto", label: chatbotTexts.contactFormLabel },
      whatsapp: whatsappChatLink(company),
      alternatives: ranked.slice(0, alternativesShown).map((entry) => entry.topic.id),
      score: first?.score ?? 0,
      ...(orderNumber ? { orderNumber } : {}),
    };
  }
  const answer = first.topic.answer(company);
  return {
    topic: first.topic.id,
    ...answer,
    alternatives,
    score: first.score,
    ...(orderNumber ? { orderNumber } : {}),
  };
}

/**
 * The chatbot's answer engine (issue 13, docs/product.md#d17; docs/decisions/035 and 040): the question
 * is spelling-corrected against the index's words (./spelling), normalised (./normalize), searched
 * with Orama (BM25) over the topics' texts (./topics), and the best topic answers, or the fallback
 * (WhatsApp and the contact form) when the best score is under {@link chatbotScoreThreshold}. No
 * outside service and no database: the index is built once, in memory, and every function here is
 * synchronous. The order status look-up is the service's (services/chatbot/conversation.server.ts).
 */
import { create, insertMultiple, search, type Results } from "@orama/orama";
import {
  chatbotMaxQuestionLength,
  chatbotSynonyms,
  chatbotTexts,
  chatbotWordFamilies,
  lineKeywords,
} from "~/content/chatbot";
import { exampleCompany, type CompanyInfo } from "~/content/company";
import { normalizeOrderNumber } from "~/lib/order-number";
import {
  createChatbotTokenizer,
  emailPattern,
  foldQuestion,
  normalizeWords,
  orderNumberPattern,
  searchTerms,
  stopWords,
  words,
} from "./normalize";
import { correctWord, type Vocabulary } from "./spelling";
import { buildTopics, shippingPlaceTexts, whatsappChatLink, type ChatLink, type Topic } from "./topics";

export type { ChatLink } from "./topics";

/** Best topic score under which the bot says it is not sure (measured: docs/decisions/035). */
export const chatbotScoreThreshold = 2;
export const chatbotConfidentScore = 4;
/** Share of the question's search terms the index must know, or the bot is not sure. */
export const chatbotKnownTermsThreshold = 0.6;
/** How much a kit topic's score is kept when the question names the other version (mini/standard). */
const otherVersionFactor = 0.8;
/**
 * How much a shop-wide topic's score is kept when the question names a kit ("¿qué trae el kit nautical?").
 */
const namedKitFactor = 0.85;
const alternativesShown = 2;

export interface ChatAnswer {
  /** The topic answered, or null for the fallback. */
  topic: string | null;
  text: string;
  link?: ChatLink;
  /** Offered with the fallback and the contact answer. */
  whatsapp?: ChatLink;
  /** The courier's tracking page, with a shipped order's status (./order-answers). */
  tracking?: ChatLink;
  /** Next best topics, best first. */
  alternatives: string[];
  /** The best topic's score (BM25, after the version preference). */
  score: number;
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
  // Words that only name places (comunas, regiones): they say where, not what the question is about.
  const places = new Set(shippingPlaceTexts());
  const otherTerms = new Set(
    topics.flatMap((topic) => topic.texts.filter((text) => !places.has(text)).flatMap(searchTerms)),
  );
  const placeTerms = new Set([...places].flatMap(searchTerms).filter((term) => !otherTerms.has(term)));
  // The words a question may be corrected to: the index's own, the synonyms' and the stop words.
  const counts = new Map<string, number>();
  const count = (word: string) => counts.set(word, (counts.get(word) ?? 0) + 1);
  for (const topic of topics) for (const text of topic.texts) words(foldQuestion(text)).forEach(count);
  for (const key of [...Object.keys(chatbotSynonyms), ...Object.keys(chatbotWordFamilies)]) {
    words(key).forEach(count);
  }
  stopWords.forEach(count);
  return {
    db,
    topics: new Map(topics.map((topic) => [topic.id, topic])),
    topicTerms,
    vocabulary,
    placeTerms,
    spelling: { counts } satisfies Vocabulary,
  };
}

let index: ReturnType<typeof buildIndex> | undefined;
/** The index, built on first use and kept. */
function getIndex() {
  index ??= buildIndex();
  return index;
}

/**
 * The order number and the e-mail a message gives, if any (the last of each when it gives several),
 * for the order status: the number in its stored form (LB-7K3F9Q), the e-mail as typed.
 */
export function findOrderDetails(text: string): { number?: string; email?: string } {
  const numbers = [...text.matchAll(orderNumberPattern)]
    .map((match) => normalizeOrderNumber(match[1] ?? match[2] ?? ""))
    .filter((number) => number !== null);
  const emails = [...text.matchAll(emailPattern)].map((match) => match[0]);
  const number = numbers.at(-1);
  const email = emails.at(-1);
  return { ...(number ? { number } : {}), ...(email ? { email } : {}) };
}

/**
 * Words that name a kit: its line ("nautical", after the synonyms: "nautico") and the line's scenario words.
 */
const namedLineWords = [
  ...Object.keys(lineKeywords),
  ...Object.values(lineKeywords).flatMap((keywords) => keywords.split(" ")),
];

/** The question's folded words, each unknown one corrected to a known word one typo away. */
export function correctSpelling(question: string): string {
  const { spelling } = getIndex();
  return words(foldQuestion(question))
    .map((word) => correctWord(word, spelling) ?? word)
    .join(" ");
}

/**
 * Share of the question's search terms that appear anywhere in the index (1 for no terms). Place
 * names are left out: "¿qué tiempo hará mañana en Santiago?" is not about the shop because the
 * shop ships to Santiago.
 */
export function knownTermsShare(question: string): number {
  const { vocabulary, placeTerms } = getIndex();
  const terms = [...new Set(searchTerms(question))].filter((term) => !placeTerms.has(term));
  if (terms.length === 0) return 1;
  return terms.filter((term) => vocabulary.has(term)).length / terms.length;
}

/**
 * Whether the topic's texts hold every search term of the question: a question made only of words
 * every kit text shares ("¿cuál es el kit para la lancha?") scores low in BM25 but is not a weak match.
 */
function holdsEveryTerm(topic: Topic, question: string): boolean {
  if (topic.line === undefined) return false;
  const terms = searchTerms(question);
  const held = getIndex().topicTerms.get(topic.id);
  return terms.length > 0 && terms.every((term) => held?.has(term));
}

/**
 * Topics ranked by score, best first: each topic's best document (BM25), weighed by the share of
 * the question's terms the topic's texts hold (so a short text matching one word does not beat a
 * topic matching them all), with the version preference for kit topics.
 */
export function rankTopics(question: string): { topic: Topic; score: number }[] {
  const { db, topics, topicTerms } = getIndex();
  const normalized = normalizeWords(question);
  const mentionsMini = normalized.includes("mini");
  const namesKit = namedLineWords.some((word) => normalized.includes(word));
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
    const score =
      hit.score *
      (0.5 + 0.5 * share) *
      (wrongVersion ? otherVersionFactor : 1) *
      (namesKit && topic.line === undefined ? namedKitFactor : 1);
    if (score > (best.get(topic.id) ?? 0)) best.set(topic.id, score);
  }
  return [...best]
    .sort(([, a], [, b]) => b - a)
    .map(([id, score]) => ({ topic: topics.get(id) as Topic, score }));
}

/** Answers a visitor's question from the site's content, or falls back to WhatsApp and the contact form. */
export function answerQuestion(text: string, options: { company?: CompanyInfo } = {}): ChatAnswer {
  const company = options.company ?? exampleCompany;
  const question = correctSpelling(text.slice(0, chatbotMaxQuestionLength));
  const ranked = question ? rankTopics(question) : [];
  const [first, ...rest] = ranked;
  const alternatives = rest.slice(0, alternativesShown).map((entry) => entry.topic.id);
  if (
    !first ||
    (first.score < chatbotScoreThreshold && !holdsEveryTerm(first.topic, question)) ||
    knownTermsShare(question) < chatbotKnownTermsThreshold
  ) {
    return {
      topic: null,
      text: chatbotTexts.fallback,
      link: { href: "/contacto", label: chatbotTexts.contactFormLabel },
      whatsapp: whatsappChatLink(company),
      alternatives: ranked.slice(0, alternativesShown).map((entry) => entry.topic.id),
      score: first?.score ?? 0,
    };
  }
  const answer = first.topic.answer(company);
  return { topic: first.topic.id, ...answer, alternatives, score: first.score };
}

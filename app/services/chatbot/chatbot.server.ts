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
  catalogueAnchorWords,
  contentsWords,
  priceWords,
  chatFactTexts,
  faqTopicIds,
  offTopicCues,
  shopAnchorWords,
  chatbotMaxQuestionLength,
  chatbotSynonyms,
  chatbotTexts,
  chatbotWordFamilies,
  lineKeywords,
  questionWords,
  policyAnswers,
  greetingLeadWords,
  yesNoVerbs,
  otherShopWords,
  wetWords,
} from "~/content/chatbot";
import { exampleCompany, type CompanyInfo } from "~/content/company";
import { faqItems } from "~/content/faq";
import { kitList } from "~/content/kits";
import { normalizeOrderNumber } from "~/lib/order-number";
import {
  createChatbotTokenizer,
  emailPattern,
  foldAccents,
  foldQuestion,
  normalizeWords,
  orderNumberPattern,
  searchTerms,
  stopWords,
  words,
} from "./normalize";
import {
  asksForeignThing,
  asksOfOthersThing,
  contactLink,
  detectFactTopic,
  foldForFacts,
  hasAny,
  lineNames,
  whatsappChatLink,
  isYesNoQuestion,
  namedKits,
  peopleOf,
  daysOf,
  scenarioOf,
  specsOf,
  withAnswer,
} from "./facts";
import { correctWord, type Vocabulary } from "./spelling";
import { bestSentence, buildTopics, shippingPlaceTexts, type ChatLink, type Topic } from "./topics";

export type { ChatLink } from "./topics";

/** Best topic score under which the bot says it is not sure (measured: docs/decisions/035). */
export const chatbotScoreThreshold = 3;
/** Share of the question's search terms the index must know, or the bot is not sure. */
export const chatbotKnownTermsThreshold = 0.6;
/**
 * Share of known terms a question needs for a fact answer: lower than for a ranked answer, since a
 * fact rule fires only on words that name what is asked (a component, a place, a kit) and the
 * facts' own words ("viento", "usos") are not indexed.
 */
export const factKnownTermsThreshold = 0.4;
/** How much a kit topic's score is kept when the question names the other version (mini/standard). */
const otherVersionFactor = 0.8;
/**
 * How much a shop-wide topic's score is kept when the question names a kit ("¿qué trae el kit nautical?").
 */
const namedKitFactor = 0.85;
const alternativesShown = 2;

/**
 * The score under which an answer counts as low confidence for staff (/admin/chatbot and the
 * dashboard: issue 26). Measured on the labelled set and held-out sets 1 and 2 (docs/decisions/077):
 * about half the wrong answers score under it, and about one right answer in nine. Fact answers
 * (./facts) are chosen by rules on the question's words and carry {@link factAnswerScore}; the
 * fallback carries its best topic's score.
 */
export const chatbotConfidentScore = 6;
/** A ranked answer's score from which fewer known words suffice (measured: docs/decisions/079). */
export const strongMatchScore = 8;
/** The score of an answer chosen by a fact rule (./facts): a question that names what it asks. */
export const factAnswerScore = 10;

/** Topics that only rules choose: BM25 ranks them for the alternatives, never to answer. */
const ruleOnlyTopic = (id: string) =>
  /^(component-|compare-|certification)/.test(id) ||
  ["recommend", "specs-all", "place-shipping", "invoice"].includes(id);

/**
 * Topics whose answer to a yes/no question is yes ("¿tienen garantía?" → "Sí, …"): the policy
 * topics that grant what is asked.
 */
const yesTopics = new Set(["warranty", "withdrawal", "quotation", "customisation", "ip67", "continental"]);

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
  // The synonyms' words both ways, and the verbs the yes/no rules read ("aguanta" stays "aguanta").
  for (const key of [
    ...Object.keys(chatbotSynonyms),
    ...Object.values(chatbotSynonyms),
    ...Object.keys(chatbotWordFamilies),
    ...yesNoVerbs,
  ]) {
    words(key).forEach(count);
  }
  stopWords.forEach(count);
  const factTerms = new Map(
    topics.map((topic) => [topic.id, new Set((topic.factWords ?? []).flatMap(searchTerms))]),
  );
  // The words naming kits (lines, versions, scenarios): a catalogue question may name them.
  const lineTerms = new Set(kitList.flatMap((kit) => searchTerms(`${kit.name} estandar`)));
  return {
    db,
    lineTerms,
    factTerms,
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
export function knownTermsShare(question: string, topicId?: string): number {
  const { vocabulary, placeTerms, factTerms } = getIndex();
  const extra = (topicId && factTerms.get(topicId)) || new Set<string>();
  const terms = [...new Set(searchTerms(question))].filter((term) => !placeTerms.has(term));
  if (terms.length === 0) return 1;
  return terms.filter((term) => vocabulary.has(term) || extra.has(term)).length / terms.length;
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

/**
 * A how-to, an errand or a used car with no word of the shop (content/chatbot.ts `offTopicCues`),
 * the price or advice of a thing the shop does not sell (./facts `asksForeignThing`), or another shop.
 */
function offTopicQuestion(question: string): boolean {
  const folded = ` ${question} `;
  // "El kit de Falabella" is theirs; "¿venden ustedes en Falabella?" is ours.
  if (hasAny(folded, otherShopWords) && !hasAny(folded, ["lifebox", "ustedes", "sus"])) return true;
  if (asksOfOthersThing(folded) && !hasAny(folded, ["lifebox", "ustedes", "sus", "kit", "kits", "pedido"]))
    return true;
  const anchored = hasAny(folded, shopAnchorWords) || hasAny(folded, lineNames);
  return (hasAny(folded, offTopicCues) || asksForeignThing(folded)) && !anchored;
}

/**
 * A kit answer with what else the question asks of the same kit ("¿cuánto cuesta el Nautical y qué
 * trae?"): its price, contents or specifications, each from the kit's own topic.
 */
function withKitAsks(topicId: string, question: string, company: CompanyInfo, text: string): string {
  const kit = /^kit-(.+)-(price|contents|specs|use)$/.exec(topicId);
  if (!kit) return text;
  const folded = foldForFacts(question);
  const asked = [
    hasAny(folded, priceWords) ? "price" : "",
    hasAny(folded, contentsWords) ? "contents" : "",
    specsOf(folded).some((label) => label !== "Capacidad") ? "specs" : "",
  ].filter((kind) => kind && kind !== kit[2]);
  const more = asked.map(
    (kind) => getIndex().topics.get(`kit-${kit[1]}-${kind}`)?.answer(company, question).text ?? "",
  );
  // "¿Cuánto cuestan el Nautical y el Essential?": the same answer for every other kit it names.
  // Only kits named by their line ("el Nautical y el Essential"), not every mini a "chico" names.
  const others = (hasAny(folded, lineNames) ? namedKits(folded) : [])
    .filter((other) => other.id !== kit[1])
    .map((other) => getIndex().topics.get(`kit-${other.id}-${kit[2]}`)?.answer(company, question).text ?? "");
  return [text, ...more, ...others].join(" ").trim();
}

/** The text without a sentence said twice (compared folded: "Hasta 4 personas." once). */
export function dedupeSentences(text: string): string {
  const seen = new Set<string>();
  return text
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => {
      const key = foldAccents(sentence)
        .replace(/[^a-z0-9ñ]+/g, " ")
        .trim();
      if (key && seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .join(" ");
}

/** The sentences of the FAQ item a topic answers (none for a topic with no FAQ item). */
function faqSentences(topic: string): string[] {
  const item = faqItems.find((entry) => faqTopicIds[entry.question] === topic);
  return item?.answer.split(/(?<=\.)\s+/) ?? [];
}

/** The FAQ's sentence of a topic that holds `words` ("no cubre"), if any. */
function faqSentence(topic: string, pattern: RegExp): string | undefined {
  return faqSentences(topic).find((sentence) => pattern.test(sentence));
}

/**
 * The policy answer for what the question asks beyond the short answer: what the warranty does not
 * cover, the kits without a right of withdrawal, a shipment abroad (from the FAQ's own sentences).
 */
function policyDetail(topic: string, question: string, text: string): string {
  const folded = ` ${question} `;
  // "¿Por qué demora tanto el despacho?": because each kit is made to order.
  if (
    topic === "delivery" &&
    /\s(por que|porque)\s/.test(folded) &&
    /\s(tanto|demora|demoran|tarda|tardan)\s/.test(folded)
  )
    return policyAnswers.madeToOrder;
  if (
    topic === "warranty" &&
    /\s(golpe|golpes|caida|caidas|cayo|cae|cayera|se rompe|rompe|mal uso|modificacion|modificaciones|modifique|rompi)\s/.test(
      folded,
    )
  ) {
    const excluded = faqSentence("warranty", /no cubre/);
    if (excluded) return isYesNoQuestion(question) ? withAnswer(false, excluded) : `${excluded} ${text}`;
  }
  if (topic === "withdrawal" && /\s(personalizado|personalizados|a medida)\s/.test(folded)) {
    const excluded = faqSentence("withdrawal", /personalizados/);
    if (excluded) return isYesNoQuestion(question) ? withAnswer(false, excluded) : excluded;
  }
  if (
    topic === "shipping" &&
    /\s(internacional|internacionales|fuera)\s/.test(` ${normalizeWords(question).join(" ")} `)
  ) {
    const abroad = faqSentence("shipping", /fuera de Chile/);
    if (abroad)
      return isYesNoQuestion(question)
        ? `${withAnswer(true, `${chatFactTexts.abroad}: ${abroad.charAt(0).toLowerCase()}${abroad.slice(1)}`)}`
        : abroad;
  }
  return text;
}

/**
 * The FAQ's sentence of the topic that answers what the short answer leaves out: the one sharing
 * the most of the question's words that the short answer does not have ("¿cómo sé si mi pago se
 * aprobó?" → "…vuelves a la página de tu pedido, que te dice si el pago se aprobó"), or "".
 */
function faqSentenceFor(topic: string, question: string, text: string): string {
  return bestSentence(faqSentences(topic), question, text) ?? "";
}

/** "Sí" or "No" first, when a yes/no question gets a policy answer that grants or denies it. */
function yesOrNoFirst(topic: string, question: string, text: string): string {
  // "¿Tengo que explicar por qué lo devuelvo?": no, the withdrawal needs no reason.
  if (
    topic === "withdrawal" &&
    /\s(explicar|explicacion|motivo|causa|razon|justificar)\s/.test(` ${question} `)
  )
    return withAnswer(false, text.replace(/^(Sí|No), /, ""));
  if (/^(Sí|No)[,.:;]/.test(text) || !isYesNoQuestion(question)) return text;
  const folded = ` ${question} `;
  if (topic === "hours" && /\s(sabado|sabados|domingo|domingos|feriado|feriados)\s/.test(folded)) {
    const day = /\s(sabado|domingo|feriado)s?\s/.exec(folded)?.[1] ?? "";
    return withAnswer(foldAccents(text).includes(day), text);
  }
  // "¿Se moja lo de adentro?": no, the box keeps its contents dry.
  if (topic === "ip67" && hasAny(folded, wetWords)) return withAnswer(false, text);
  // "Me urge para mañana, ¿alcanza a llegar?": not before the delivery promise.
  if (
    topic === "delivery" &&
    /\s(mañana|manana|hoy|pasado mañana|pasado manana|esta semana|urge|urgente)\s/.test(folded)
  )
    return withAnswer(false, text);
  if (topic === "shipping") {
    const charged = /\s(cobran|cobra|pagar|pago|costo|cuesta|vale|sale|precio)\s/.test(folded);
    return withAnswer(!charged, text);
  }
  // "¿El Industry trae extintor?": no when no component of the kit names the thing asked.
  const contents = /^kit-(.+)-contents$/.exec(topic);
  const kit = contents && kitList.find((entry) => entry.id === contents[1]);
  if (kit) {
    const asked = words(question).filter(
      (word) =>
        word.length >= 4 &&
        !stopWords.has(word) &&
        !namedLineWords.includes(word) &&
        !["mini", "lifebox", "kit", "kits", ...contentsWords, ...yesNoVerbs].includes(word),
    );
    if (asked.length === 0) return text;
    const items = ` ${words(
      foldAccents(
        kit.contents.flatMap((c) => c.items.map((item) => `${item.name} ${item.description}`)).join(" "),
      ),
    ).join(" ")} `;
    const held = asked.some(
      (word) => items.includes(` ${word} `) || items.includes(` ${word.replace(/s$/, "")} `),
    );
    return held
      ? withAnswer(true, text)
      : withAnswer(false, `${chatFactTexts.kitLacks(kit.name, asked.join(" "))}. ${text}`);
  }
  // "¿Cabe en un kayak el Nautical Mini?": yes when the kit's use names the place asked.
  if (/^kit-.+-use$/.test(topic) && /\s(cabe|caben)\s/.test(folded)) {
    const said = ` ${words(foldAccents(text)).join(" ")} `;
    const named = words(question).some(
      (word) =>
        word.length >= 4 &&
        !["cabe", "caben", "mini", "lifebox"].includes(word) &&
        !namedLineWords.includes(word) &&
        !stopWords.has(word) &&
        said.includes(` ${word} `),
    );
    return withAnswer(named, text);
  }
  if (topic === "madeToOrder" && /\s(pedido|arman|fabrican|hacen|revisan|revisa)\s/.test(folded))
    return withAnswer(true, text);
  return yesTopics.has(topic) ? withAnswer(true, text) : text;
}

/**
 * Words that begin a new ask inside one message ("…el envío y ¿aceptan débito?"): question words
 * and the verbs a customer's questions open with.
 */
const askStarters = [
  ...questionWords.filter((word) => word !== "q"),
  // The yes/no verbs a new ask opens with; not the short or ambiguous ones ("es", "se", "dan").
  ...yesNoVerbs.filter(
    (verb) => verb.length > 3 && !["tengo", "esta", "estan", "hace", "cuenta", "cuentan"].includes(verb),
  ),
  "se puede",
];
const askBreak = new RegExp(
  `[?¿!;]+|\\.(?!\\d)|(?:,|\\s(?:y|e|o)\\s)\\s*(?:(?:tambien|ademas)\\s+)?(?:(?:con|en|por|a|de|para|pa)\\s+)?(?=(?:${askStarters.join("|")})\\b)|\\s(?:ademas|tambien|otra cosa|otra pregunta)\\s`,
);

/**
 * The asks of one message, in its order: split at question marks, full stops, and at "y", "o" or a
 * comma before a question word ("¿cuánto sale el envío y aceptan débito?" → two asks).
 */
export function splitAsks(text: string): string[] {
  return foldAccents(text)
    .split(askBreak)
    .map((part) => (part ?? "").trim())
    .filter((part) => words(part).length > 0);
}

/** The message's words after the greeting words it opens with ("hola buenas, ¿cuánto…" → "cuanto…"). */
function afterGreeting(text: string): string {
  let rest = ` ${words(foldAccents(text)).join(" ")} `;
  for (let found = true; found && rest.trim();) {
    found = false;
    for (const lead of greetingLeadWords) {
      if (rest.startsWith(` ${lead} `)) {
        rest = rest.slice(lead.length + 1);
        found = true;
        break;
      }
    }
  }
  return rest.trim();
}

/** The message without the greeting it opens with, if it opens with one and asks more (else undefined). */
function withoutGreeting(text: string): string | undefined {
  const rest = afterGreeting(text);
  return rest !== words(foldAccents(text)).join(" ") && words(rest).length >= 2 ? rest : undefined;
}

/** Whether the message is greeting words only ("¿estás ahí?", "hola buenas"). */
function isOnlyGreeting(text: string): boolean {
  return afterGreeting(text) === "" && words(text).length > 0;
}

/** Topics that never add to another answer: a greeting or thanks beside a question says nothing more. */
const smallTalk = new Set(["greeting", "thanks"]);

/**
 * Answers a visitor's message from the site's content, or falls back to WhatsApp and the contact
 * form. A message that asks several things ("¿emiten factura y puedo pagar en cuotas?") gets each
 * ask's answer, in its order, when each is answered with confidence and says something the others
 * do not; the first answer's topic, link and score stand for the whole.
 */
export function answerQuestion(
  text: string,
  options: { company?: CompanyInfo; followUp?: RecommendFollowUp } = {},
): ChatAnswer {
  if (options.followUp) {
    const reply = followUpAnswer(text, options.followUp, options);
    if (reply) return reply;
  }
  const whole = answerOne(text, options);
  const wholeAnswered = whole.topic !== null && !smallTalk.has(whole.topic);
  // "¿Estás ahí?": a greeting with no search term at all.
  if (whole.topic === null && isOnlyGreeting(text)) {
    const greeting = getIndex()
      .topics.get("greeting")
      ?.answer(options.company ?? exampleCompany, text);
    if (greeting) return { topic: "greeting", ...greeting, alternatives: [], score: chatbotConfidentScore };
  }
  // "Hola, quiero comprar uno pero no cacho cuál": the question after the greeting.
  const asked = withoutGreeting(text);
  if (!wholeAnswered && asked !== undefined) {
    const answer = answerQuestion(asked, options);
    if (answer.topic !== null && !smallTalk.has(answer.topic)) return answer;
  }
  const asks = splitAsks(text.slice(0, chatbotMaxQuestionLength));
  if (asks.length < 2) return whole;
  // A message off the shop's subject is not answered in pieces ("…en ripley.com, ¿cómo pido…?").
  if (
    whole.topic === null &&
    offTopicQuestion(words(foldQuestion(text.slice(0, chatbotMaxQuestionLength))).join(" "))
  )
    return whole;
  const answers: ChatAnswer[] = [];
  for (const ask of asks) {
    const answer = answerOne(ask, options);
    if (answer.topic === null || smallTalk.has(answer.topic)) continue;
    // Beside another answer or instead of the fallback, only a confident one; after a greeting, any.
    if (answer.score < chatbotConfidentScore && (whole.topic === null || wholeAnswered)) continue;
    if (answers.some((other) => other.topic === answer.topic)) continue;
    answers.push(answer);
  }
  if (answers.length === 0) return whole;
  // One ask answered, on the whole message's topic: the ask's own answer ("¿tiene radio el kit de
  // la casa? en el apagón…" is a yes or no).
  if (answers.length === 1 && answers[0]?.topic === whole.topic) {
    const sayYesOrNo = (answer: ChatAnswer) => /^(Sí|No),/.test(answer.text);
    return sayYesOrNo(answers[0]) && !sayYesOrNo(whole) ? answers[0] : whole;
  }
  // The whole message's answer first when it answers an ask the parts did not.
  const parts =
    wholeAnswered && !answers.some((answer) => answer.topic === whole.topic) ? [whole, ...answers] : answers;
  const said: string[] = [];
  for (const part of parts) {
    const before = dedupeSentences(said.join(" "));
    const after = dedupeSentences([...said, part.text].join(" "));
    // Kept only when it adds a sentence ("…cuánto cuesta y cuánto pesa el Essential" already has both).
    if (after.length > before.length + 1) said.push(part.text);
  }
  const first = parts[0] as ChatAnswer;
  return { ...first, text: dedupeSentences(said.join(" ")) };
}

/**
 * The recommendation the bot asked a question back on (issue 26): the visitor's earlier words it
 * was answering ("¿qué kit me conviene?") and what it asked — the place or activity, or the people.
 */
export interface RecommendFollowUp {
  context: string;
  asked: "place" | "people";
}

/** What a recommendation answer asked back, if it ended with a question (./facts `askPlace`, `askPeople`). */
export function askedBack(answerText: string): RecommendFollowUp["asked"] | undefined {
  if (answerText.endsWith(chatFactTexts.askPlace)) return "place";
  if (answerText.endsWith(chatFactTexts.askPeople)) return "people";
  return undefined;
}

/**
 * The reply to the bot's question back as a need ("la casa" after "¿Para qué lugar…?" is "para la
 * casa"; "3" after "¿Para cuántas personas?" is "3 personas"), joined to the words it answers.
 */
export function followUpQuestion(text: string, followUp: RecommendFollowUp): string {
  const reply = foldAccents(text).trim();
  const joined =
    followUp.asked === "place"
      ? `para ${reply}`
      : /^(?:\d+|una?|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez)$/.test(reply)
        ? `${reply} personas`
        : reply;
  return `${followUp.context} ${joined}`;
}

/**
 * The answer to a reply to the bot's question back: the recommendation with the earlier words,
 * unless the reply is a question of its own that gets a confident answer other than a recommendation
 * ("¿y cuánto demora el envío?").
 */
function followUpAnswer(
  text: string,
  followUp: RecommendFollowUp,
  options: { company?: CompanyInfo },
): ChatAnswer | undefined {
  const alone = answerOne(text, options);
  if (alone.topic !== null && alone.topic !== "recommend" && alone.score >= chatbotConfidentScore)
    return undefined;
  // Only a reply that gives what was asked (a place or activity, people, days) continues it:
  // "¿dónde está mi pedido?" after "¿Para qué lugar…?" is a question of its own.
  const reply = foldForFacts(followUpQuestion(text, { context: "", asked: followUp.asked }));
  if (!scenarioOf(reply) && peopleOf(reply) === undefined && daysOf(reply) === undefined) return undefined;
  const joined = answerOne(followUpQuestion(text, followUp), options);
  return joined.topic === "recommend" ? joined : undefined;
}

function answerOne(text: string, options: { company?: CompanyInfo }): ChatAnswer {
  const company = options.company ?? exampleCompany;
  const question = correctSpelling(text.slice(0, chatbotMaxQuestionLength));
  // As typed (folded, not corrected): "vender" must not become "venden" for the off-topic checks.
  const typed = words(foldQuestion(text.slice(0, chatbotMaxQuestionLength))).join(" ");
  const allRanked = question ? rankTopics(question) : [];
  const share = knownTermsShare(question);
  const known = share >= chatbotKnownTermsThreshold;
  const detected = question ? detectFactTopic(question) : undefined;
  const offTopic = offTopicQuestion(typed);
  const factTopic =
    detected &&
    // A place named with a shipping word is its own evidence ("vivo en Castro, ¿llega allá?").
    // So is a place or an activity a recommendation is for ("mi papá es andinista…").
    (detected === "place-shipping" ||
      (detected === "recommend" && scenarioOf(foldForFacts(question)) !== undefined) ||
      knownTermsShare(question, detected) >= factKnownTermsThreshold) &&
    !offTopic
      ? detected
      : undefined;
  const ranked = allRanked.filter((entry) => !ruleOnlyTopic(entry.topic.id) || entry.topic.id === factTopic);
  if (factTopic) {
    const topic = getIndex().topics.get(factTopic);
    if (topic) {
      const answer = topic.answer(company, question);
      return {
        topic: factTopic,
        ...answer,
        // A rule's own answer is complete; a shop topic a rule chose ("ip67") is completed as ranked ones are.
        text: ruleOnlyTopic(factTopic)
          ? dedupeSentences(withKitAsks(factTopic, question, company, answer.text))
          : completeAnswer(factTopic, question, company, answer.text),
        alternatives: allRanked
          .filter((entry) => entry.topic.id !== factTopic)
          .slice(0, alternativesShown)
          .map((entry) => entry.topic.id),
        score: Math.max(factAnswerScore, allRanked[0]?.score ?? 0),
      };
    }
  }
  // The catalogue only for a question with a word of it, half of whose words it holds ("¿venden
  // seguros de vida?" is not about the kits).
  const catalogueTerms = getIndex().topicTerms.get("catalogue") ?? new Set<string>();
  const questionTerms = searchTerms(question);
  const catalogueAsked =
    catalogueAnchorWords.some((word) => ` ${typed} `.includes(` ${word} `)) &&
    questionTerms.filter((term) => catalogueTerms.has(term) || getIndex().lineTerms.has(term)).length >=
      questionTerms.length / 2;
  const [first, ...rest] = ranked.filter((entry) => entry.topic.id !== "catalogue" || catalogueAsked);
  const alternatives = [...rest, ...allRanked.filter((entry) => ruleOnlyTopic(entry.topic.id))]
    .slice(0, alternativesShown)
    .map((entry) => entry.topic.id);
  if (
    !first ||
    offTopic ||
    (first.score < chatbotScoreThreshold && !holdsEveryTerm(first.topic, question)) ||
    // A strong match may carry a few words the shop never uses ("…pa una licitación el viernes").
    !(known || (share >= factKnownTermsThreshold && first.score >= strongMatchScore))
  ) {
    return {
      topic: null,
      text: chatbotTexts.fallback,
      link: contactLink,
      whatsapp: whatsappChatLink(company),
      alternatives: allRanked.slice(0, alternativesShown).map((entry) => entry.topic.id),
      score: first?.score ?? 0,
    };
  }
  const answer = first.topic.answer(company, question);
  const said = completeAnswer(first.topic.id, question, company, answer.text);
  return { topic: first.topic.id, ...answer, text: said, alternatives, score: first.score };
}

/**
 * A topic's answer with what the question asks beyond it: the policy's detail or the FAQ's sentence
 * for it, "Sí" or "No" first, the same kit's other asks; no sentence twice.
 */
function completeAnswer(topicId: string, question: string, company: CompanyInfo, text: string): string {
  const detailed = policyDetail(topicId, question, text);
  const more = detailed === text ? faqSentenceFor(topicId, question, text) : "";
  return dedupeSentences(
    withKitAsks(topicId, question, company, yesOrNoFirst(topicId, question, `${detailed} ${more}`.trim())),
  );
}

/** The answer a topic gives to the question (for the alternatives), or undefined for an unknown topic. */
export function answerTopic(
  id: string,
  question: string,
  options: { company?: CompanyInfo } = {},
): Pick<ChatAnswer, "text" | "link"> | undefined {
  const topic = getIndex().topics.get(id);
  return topic?.answer(options.company ?? exampleCompany, question);
}

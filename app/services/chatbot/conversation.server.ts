import { chatQuickReplies, chatWhatsappMessage, type ChatQuickReply } from "~/content/chatbot";
import { whatsappLink, type CompanyInfo } from "~/content/company";
import {
  countBotAnswersTo,
  getOpenChatSession,
  recordChatExchange,
  type ChatMessageView,
} from "~/models/chatbot-conversations.server";
import { findOrderByNumberAndEmail } from "~/models/orders.server";
import { getDb, type Db } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import {
  answerQuestion,
  askedBack,
  chatbotConfidentScore,
  findOrderDetails,
  followUpQuestion,
  type ChatAnswer,
  type RecommendFollowUp,
} from "~/services/chatbot/chatbot.server";
import {
  orderDetailsAnswer,
  orderFoundAnswer,
  orderLookupLimitAnswer,
  orderNotFoundAnswer,
  orderTopics,
} from "~/services/chatbot/order-answers";

/**
 * The visitor's earlier messages of the session read for an order number or e-mail given before
 * ("LB-7K3F9Q" in one message, the e-mail in the next).
 */
export const orderDetailsLookBack = 2;

/**
 * Failed order look-ups allowed per address, and per visitor, within {@link orderLookupWindowMs};
 * then none (docs/decisions/040, 053).
 */
export const maxFailedOrderLookups = 5;
export const orderLookupWindowMs = 60 * 60_000;

/** The bot's answers after which an e-mail alone continues the order conversation. */
const askedForDetails = new Set<string>([orderTopics.details, orderTopics.notFound]);

/**
 * The order answer to the question, or undefined when the question is not about a visitor's order
 * (the engine's answer stands). The visitor is in the order conversation when the message gives
 * an order number, when the engine found it asks about the order status, or when it gives an e-mail
 * after the bot asked for the details or after an order number. The number and the e-mail are
 * taken from this message, or else from the visitor's {@link orderDetailsLookBack} earlier
 * messages of the session. With both, the order is looked up by number and e-mail together (the
 * answer never says which was wrong), unless this address or this visitor failed
 * {@link maxFailedOrderLookups} times in the last hour, in any session.
 */
async function orderAnswer({
  db,
  visitorId,
  ip,
  earlier,
  question,
  engineTopic,
  company,
  now,
}: {
  db: Db;
  visitorId: string;
  ip: string;
  earlier: ChatMessageView[];
  question: string;
  engineTopic: string | null;
  company: CompanyInfo;
  now: Date;
}): Promise<ChatAnswer | undefined> {
  const given = findOrderDetails(question);
  const earlierDetails = earlier
    .filter((message) => message.role === "user")
    .slice(-orderDetailsLookBack)
    .reverse()
    .map((message) => findOrderDetails(message.content));
  const number = given.number ?? earlierDetails.find((details) => details.number)?.number;
  const email = given.email ?? earlierDetails.find((details) => details.email)?.email;
  const lastBotTopic = earlier.findLast((message) => message.role === "bot")?.topic ?? null;

  const aboutOrder =
    given.number !== undefined ||
    engineTopic === orderTopics.details ||
    (given.email !== undefined && (number !== undefined || askedForDetails.has(lastBotTopic ?? "")));
  if (!aboutOrder) return undefined;
  if (!number || !email) return orderDetailsAnswer(!number && !email ? "both" : number ? "email" : "number");

  const failures = await countBotAnswersTo(db, {
    ip,
    visitorId,
    topic: orderTopics.notFound,
    since: new Date(now.getTime() - orderLookupWindowMs),
  });
  if (failures >= maxFailedOrderLookups) return orderLookupLimitAnswer(company);
  const order = await findOrderByNumberAndEmail(db, number, email);
  return order ? orderFoundAnswer(order) : orderNotFoundAnswer(company);
}

/**
 * The recommendation the visitor is answering, if the bot's last answer asked them back (issue 26:
 * "¿Para qué lugar o actividad…?" → "la casa"): the visitor's words since the bot's first question
 * back, each read as the reply to what it was asked, and what the last answer asked.
 */
export function recommendFollowUp(earlier: ChatMessageView[]): RecommendFollowUp | undefined {
  const asked = (message: ChatMessageView | undefined) =>
    message?.role === "bot" && message.topic === "recommend" ? askedBack(message.content) : undefined;
  // The visitor's messages, newest first, each with the question back that answered it.
  const chain: { words: string; asked: RecommendFollowUp["asked"] }[] = [];
  for (let at = earlier.length - 1; at >= 1 && chain.length < maxFollowUpTurns; at -= 2) {
    const back = asked(earlier[at]);
    const user = earlier[at - 1];
    if (!back || user?.role !== "user") break;
    chain.push({ words: user.content, asked: back });
  }
  const [newest] = chain;
  if (!newest) return undefined;
  // Oldest first: each later message read as the reply to the question back before it.
  const [oldest, ...later] = chain.reverse() as [(typeof chain)[number], ...typeof chain];
  let followUp: RecommendFollowUp = { context: oldest.words, asked: oldest.asked };
  for (const turn of later) followUp = { context: followUpQuestion(turn.words, followUp), asked: turn.asked };
  return followUp;
}

/** The visitor's replies to questions back read together, at most (a longer chat starts afresh). */
const maxFollowUpTurns = 3;

/** The topics whose answer the quick replies follow (issue 26), besides the fallback's. */
const quickReplyTopics = new Set(["greeting"]);

/**
 * The quick replies offered with an answer (issue 26): under the greeting and after the fallback
 * (the bot did not know), where the visitor most needs a way on; none elsewhere.
 */
function quickRepliesFor(answer: Pick<ChatAnswer, "topic">): readonly ChatQuickReply[] {
  return answer.topic === null || quickReplyTopics.has(answer.topic) ? chatQuickReplies : [];
}

/**
 * A visitor's question to the chatbot (issue 13; D17): answered from the shop's content
 * (services/chatbot) or, for their order's status, from the order found by its number and e-mail,
 * and stored with the answer in the visitor's session (models/chatbot-conversations.server.ts). The stored answer is
 * its text: the order page's link and the tracking link are not kept. An engine answer with a
 * score under {@link chatbotConfidentScore} is stored as low confidence (issue 26: staff see it);
 * an order answer comes from the order itself, never low confidence. Returns the bot message's
 * number in the session (`answerSeq`, what the visitor's "¿Te sirvió?" names) and the quick
 * replies offered with the answer.
 */
export async function askChatbot({
  visitorId,
  ip,
  sessionId,
  question,
  db = getDb(),
  company = getEnv().company,
  now = new Date(),
}: {
  visitorId: string;
  ip: string;
  sessionId?: string | undefined;
  question: string;
  db?: Db;
  company?: CompanyInfo;
  now?: Date;
}): Promise<{
  sessionId: string;
  newSession: boolean;
  answer: ChatAnswer;
  answerSeq: number;
  quickReplies: readonly ChatQuickReply[];
}> {
  const earlier = sessionId ? ((await getOpenChatSession(db, visitorId, sessionId, now)) ?? []) : [];
  const engineAnswer = answerQuestion(question, { company, followUp: recommendFollowUp(earlier) });
  const found =
    (await orderAnswer({
      db,
      visitorId,
      ip,
      earlier,
      question,
      engineTopic: engineAnswer.topic,
      company,
      now,
    })) ?? engineAnswer;
  // The hand-off to WhatsApp opens the chat with the question prefilled (issue 26).
  const answer: ChatAnswer = found.whatsapp
    ? {
        ...found,
        whatsapp: { ...found.whatsapp, href: whatsappLink(company, chatWhatsappMessage(question)) },
      }
    : found;
  const stored = await recordChatExchange(db, {
    visitorId,
    ip,
    sessionId,
    question,
    answer: {
      text: answer.text,
      topic: answer.topic,
      lowConfidence: found === engineAnswer && answer.score < chatbotConfidentScore,
    },
    now,
  });
  return {
    sessionId: stored.sessionId,
    newSession: stored.newSession,
    answer,
    answerSeq: stored.messages.at(-1)!.seq,
    quickReplies: quickRepliesFor(answer),
  };
}

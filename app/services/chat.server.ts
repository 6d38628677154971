import type { CompanyInfo } from "~/content/company";
import { recordChatExchange } from "~/models/chat.server";
import { getDb, type Db } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { answerQuestion, type ChatAnswer } from "~/services/chatbot/chatbot.server";

/**
 * A visitor's question to the chatbot (issue 13; D17): answered from the shop's content
 * (services/chatbot) and stored with the answer in the visitor's session (models/chat.server.ts).
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
}): Promise<{ sessionId: string; newSession: boolean; answer: ChatAnswer }> {
  const answer = answerQuestion(question, { company });
  const stored = await recordChatExchange(db, {
    visitorId,
    ip,
    sessionId,
    question,
    answer: { text: answer.text, topic: answer.topic },
    now,
  });
  return { sessionId: stored.sessionId, newSession: stored.newSession, answer };
}

import { ipKeyGenerator } from "express-rate-limit";
import { foldForSearch } from "~/lib/format";
import { inTransaction, type Db } from "~/infra/db.server";
import type { ChatFeedback, ChatRole } from "~/infra/db-schema";

/**
 * The chatbot's conversations (issue 13; docs/product.md#d17): stored as they happen, one session per
 * conversation of a visitor (their cookie's random id), ended when the visitor closes it or after
 * 30 minutes without messages. The public reaches a session only with its visitor id and its
 * session id together; staff read them all (below, and the admin list).
 */

/** A session with no message for this long is over (D17). */
export const chatIdleTimeoutMs = 30 * 60_000;

/** A conversation is long enough at this many messages; the next exchange starts a new session. */
export const maxMessagesPerSession = 200;

export interface ChatMessageView {
  seq: number;
  role: ChatRole;
  content: string;
  topic: string | null;
  createdAt: string;
  /** The visitor's "¿Te sirvió?" on a bot answer, null until given. */
  feedback: ChatFeedback | null;
}

const idleSince = (now: Date) => new Date(now.getTime() - chatIdleTimeoutMs).toISOString();
const idleEnd = (lastMessageAt: string) =>
  new Date(new Date(lastMessageAt).getTime() + chatIdleTimeoutMs).toISOString();

/** Ends an idle session at its last message plus 30 minutes (unless something ended it first). */
async function endIdle(db: Db, session: { id: string; lastMessageAt: string }) {
  await db
    .updateTable("chatSessions")
    .set({ endedAt: idleEnd(session.lastMessageAt) })
    .where("id", "=", session.id)
    .where("endedAt", "is", null)
    .execute();
}

/**
 * Stores one exchange, the visitor's question and the bot's answer (`topic` null: it did not know),
 * in the visitor's session `sessionId` if it is theirs and still open, or in a new session. A
 * session found idle for 30 minutes is ended at its last message plus 30 minutes. One transaction;
 * the session's message count is raised in one update, which also numbers the two messages, so
 * exchanges sent at the same moment never share a number. Both messages keep the address `ip`
 * they came from (as the rate limits count it: an IPv6 one by its /56 network), which the bound on
 * failed order look-ups counts ({@link countBotAnswersTo}); the session keeps the address that opened it.
 * An answer without a topic or with `lowConfidence` counts as failed in the session's
 * `failedCount` (issue 26: the admin's "Sin resolver").
 */
export async function recordChatExchange(
  db: Db,
  {
    visitorId,
    ip,
    sessionId,
    question,
    answer,
    now = new Date(),
  }: {
    visitorId: string;
    ip: string;
    sessionId?: string | undefined;
    question: string;
    answer: { text: string; topic: string | null; lowConfidence?: boolean };
    now?: Date;
  },
): Promise<{ sessionId: string; newSession: boolean; messages: ChatMessageView[] }> {
  const at = now.toISOString();
  const lowConfidence = answer.topic !== null && answer.lowConfidence === true;
  const failed = answer.topic === null || lowConfidence;
  return inTransaction(db, async (trx) => {
    let open: string | undefined;
    if (sessionId) {
      const session = await trx
        .selectFrom("chatSessions")
        .select(["id", "lastMessageAt", "endedAt", "messageCount"])
        .where("id", "=", sessionId)
        .where("visitorId", "=", visitorId)
        .executeTakeFirst();
      if (session && session.endedAt === null && session.lastMessageAt < idleSince(now)) {
        await endIdle(trx, session);
      } else if (session && session.endedAt === null && session.messageCount < maxMessagesPerSession) {
        open = session.id;
      }
    }
    const newSession = open === undefined;
    if (newSession) {
      open = crypto.randomUUID();
      await trx
        .insertInto("chatSessions")
        .values({ id: open, visitorId, visitorIp: ip, startedAt: at, lastMessageAt: at })
        .execute();
    }
    // The admin list searches every message through search_text (migration 0010), folded as its
    // search folds what staff type: the exchange's two lines, appended in the update that counts them.
    const searchLines = foldForSearch(`${question}\n${answer.text}`);
    const numbered = await trx
      .updateTable("chatSessions")
      .set((eb) => ({
        messageCount: eb("messageCount", "+", 2),
        unansweredCount: eb("unansweredCount", "+", answer.topic === null ? 1 : 0),
        failedCount: eb("failedCount", "+", failed ? 1 : 0),
        lastMessageAt: at,
        searchText: newSession ? searchLines : eb("searchText", "||", `\n${searchLines}`),
      }))
      .where("id", "=", open!)
      .returning("messageCount")
      .executeTakeFirstOrThrow();
    const messages: ChatMessageView[] = [
      {
        seq: numbered.messageCount - 1,
        role: "user",
        content: question,
        topic: null,
        createdAt: at,
        feedback: null,
      },
      {
        seq: numbered.messageCount,
        role: "bot",
        content: answer.text,
        topic: answer.topic,
        createdAt: at,
        feedback: null,
      },
    ];
    const ipNetwork = ipKeyGenerator(ip);
    await trx
      .insertInto("chatMessages")
      .values(
        messages.map((message) => ({
          id: crypto.randomUUID(),
          sessionId: open!,
          ipNetwork,
          ...message,
          lowConfidence: message.role === "bot" && lowConfidence ? 1 : 0,
        })),
      )
      .execute();
    return { sessionId: open!, newSession, messages };
  });
}

/** The visitor closed the chat: their open session `sessionId` ends now. False if there was none. */
export async function endChatSession(
  db: Db,
  visitorId: string,
  sessionId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable("chatSessions")
    .set({ endedAt: now.toISOString() })
    .where("id", "=", sessionId)
    .where("visitorId", "=", visitorId)
    .where("endedAt", "is", null)
    .where("lastMessageAt", ">=", idleSince(now))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * The messages of the visitor's session `sessionId`, oldest first, if it is theirs and still open
 * (the chat panel after a reload or another page); undefined otherwise.
 */
export async function getOpenChatSession(
  db: Db,
  visitorId: string,
  sessionId: string,
  now: Date = new Date(),
): Promise<ChatMessageView[] | undefined> {
  const session = await db
    .selectFrom("chatSessions")
    .select("id")
    .where("id", "=", sessionId)
    .where("visitorId", "=", visitorId)
    .where("endedAt", "is", null)
    .where("lastMessageAt", ">=", idleSince(now))
    .executeTakeFirst();
  if (!session) return undefined;
  return db
    .selectFrom("chatMessages")
    .select(["seq", "role", "content", "topic", "createdAt", "feedback"])
    .where("sessionId", "=", session.id)
    .orderBy("seq")
    .execute();
}

/**
 * The visitor's "¿Te sirvió?" on the bot's answer `seq` of their session `sessionId` (issue 26):
 * stored once — "saved"; "not-found" when the session is not the visitor's or holds no bot answer
 * with that number; "already" when that answer was marked before (the first mark stands). A "no"
 * on an answer that had not failed otherwise (it had a topic and was confident) counts it in the
 * session's failedCount, in the same transaction.
 */
export async function recordChatFeedback(
  db: Db,
  {
    visitorId,
    sessionId,
    seq,
    feedback,
  }: { visitorId: string; sessionId: string; seq: number; feedback: ChatFeedback },
): Promise<"saved" | "not-found" | "already"> {
  return inTransaction(db, async (trx) => {
    const message = await trx
      .selectFrom("chatMessages")
      .innerJoin("chatSessions", "chatSessions.id", "chatMessages.sessionId")
      .select(["chatMessages.id", "chatMessages.topic", "chatMessages.lowConfidence"])
      .where("chatMessages.sessionId", "=", sessionId)
      .where("chatSessions.visitorId", "=", visitorId)
      .where("chatMessages.seq", "=", seq)
      .where("chatMessages.role", "=", "bot")
      .executeTakeFirst();
    if (!message) return "not-found";
    const updated = await trx
      .updateTable("chatMessages")
      .set({ feedback })
      .where("id", "=", message.id)
      .where("feedback", "is", null)
      .executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) return "already";
    const failedBefore = message.topic === null || Number(message.lowConfidence) === 1;
    if (feedback === "no" && !failedBefore) {
      await trx
        .updateTable("chatSessions")
        .set((eb) => ({ failedCount: eb("failedCount", "+", 1) }))
        .where("id", "=", sessionId)
        .execute();
    }
    return "saved";
  });
}

/** Ends every session idle for 30 minutes, at its last message plus 30 minutes; returns how many. */
export async function endIdleChatSessions(db: Db, now: Date = new Date()): Promise<number> {
  return inTransaction(db, async (trx) => {
    const idle = await trx
      .selectFrom("chatSessions")
      .select(["id", "lastMessageAt"])
      .where("endedAt", "is", null)
      .where("lastMessageAt", "<", idleSince(now))
      .execute();
    for (const session of idle) await endIdle(trx, session);
    return idle.length;
  });
}

/**
 * How many of the bot's answers with `topic` since `since` went to the address `ip` (in whichever
 * session: the address the exchange came from, as the rate limits count it) or to the visitor
 * `visitorId` (from whichever address). The chatbot's bound on failed order look-ups
 * (services/chatbot/conversation.server.ts) counts its own stored answers, so that closing the chat, dropping the
 * cookie, changing address or naming another visitor's session does not reset it.
 */
export async function countBotAnswersTo(
  db: Db,
  { ip, visitorId, topic, since }: { ip: string; visitorId: string; topic: string; since: Date },
): Promise<number> {
  const from = since.toISOString();
  const row = await db
    .selectFrom("chatMessages")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("role", "=", "bot")
    .where("topic", "=", topic)
    .where("createdAt", ">=", from)
    .where((eb) =>
      eb.or([
        eb("ipNetwork", "=", ipKeyGenerator(ip)),
        // The visitor's sessions with a message since then (chat_sessions_visitor_index).
        eb(
          "sessionId",
          "in",
          eb
            .selectFrom("chatSessions")
            .select("id")
            .where("visitorId", "=", visitorId)
            .where("lastMessageAt", ">=", from),
        ),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/*
 * The conversations as staff read them (issue 13; docs/product.md#spec-2 "Chatbot"): when a session
 * ended, how long it lasted, and one session with all its messages. The list itself is
 * `chatSessionsList` in ./admin-lists/chatbot.server.ts.
 */

interface SessionTimes {
  startedAt: string;
  lastMessageAt: string;
  endedAt: string | null;
}

/**
 * When the session ended: its end, or — for one idle for 30 minutes that the hourly clean-up has
 * not closed yet — its last message plus 30 minutes, the time it really ended (D17). Null while
 * it is active.
 */
export function chatSessionEnd(session: SessionTimes, now: Date = new Date()): string | null {
  if (session.endedAt !== null) return session.endedAt;
  const end = idleEnd(session.lastMessageAt);
  return new Date(end).getTime() <= now.getTime() ? end : null;
}

/**
 * Whole seconds from the start to the end, or to `now` while the session is active (docs/product.md#spec-2).
 */
export function chatDurationSeconds(session: SessionTimes, now: Date = new Date()): number {
  const end = chatSessionEnd(session, now);
  const until = end === null ? now.getTime() : new Date(end).getTime();
  return Math.max(0, Math.floor((until - new Date(session.startedAt).getTime()) / 1000));
}

/**
 * "3 min 05 s": minutes and seconds (docs/product.md#spec-2 "Duración"); the minutes go past 60 if need be.
 */
export function formatChatDuration(seconds: number): string {
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, "0")} s`;
}

export interface ChatConversation {
  id: string;
  visitorId: string;
  visitorIp: string;
  startedAt: string;
  /** See chatSessionEnd: null while active. */
  endedAt: string | null;
  durationSeconds: number;
  messageCount: number;
  unansweredCount: number;
  /** The bot's failed answers (see {@link chatAnswerFailures}). */
  failedCount: number;
  messages: Array<{
    seq: number;
    role: ChatRole;
    content: string;
    createdAt: string;
    /** Why a bot answer failed, if it did (empty on the visitor's messages). */
    failures: ChatAnswerFailure[];
  }>;
}

/**
 * Why a bot answer failed (issue 26), what staff read to improve the bot: "unanswered", it said it
 * did not know (its topic is null: what to add to the FAQ); "lowConfidence", it answered with a
 * score under the engine's confident score; "notHelpful", the visitor marked it "No me sirvió".
 */
export type ChatAnswerFailure = "unanswered" | "lowConfidence" | "notHelpful";

export function chatAnswerFailures(message: {
  role: ChatRole;
  topic: string | null;
  lowConfidence: number | boolean;
  feedback: ChatFeedback | null;
}): ChatAnswerFailure[] {
  if (message.role !== "bot") return [];
  const failures: ChatAnswerFailure[] = [];
  if (message.topic === null) failures.push("unanswered");
  else if (Number(message.lowConfidence) === 1) failures.push("lowConfidence");
  if (message.feedback === "no") failures.push("notHelpful");
  return failures;
}

/** A session with every message, oldest first; undefined when there is none with this id. */
export async function getChatConversation(
  db: Db,
  id: string,
  now: Date = new Date(),
): Promise<ChatConversation | undefined> {
  const session = await db
    .selectFrom("chatSessions")
    .select([
      "id",
      "visitorId",
      "visitorIp",
      "startedAt",
      "lastMessageAt",
      "endedAt",
      "messageCount",
      "unansweredCount",
      "failedCount",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!session) return undefined;
  const messages = await db
    .selectFrom("chatMessages")
    .select(["seq", "role", "content", "topic", "createdAt", "lowConfidence", "feedback"])
    .where("sessionId", "=", id)
    .orderBy("seq")
    .execute();
  return {
    id: session.id,
    visitorId: session.visitorId,
    visitorIp: session.visitorIp,
    startedAt: session.startedAt,
    endedAt: chatSessionEnd(session, now),
    durationSeconds: chatDurationSeconds(session, now),
    messageCount: session.messageCount,
    unansweredCount: session.unansweredCount,
    failedCount: session.failedCount,
    messages: messages.map((message) => ({
      seq: message.seq,
      role: message.role,
      content: message.content,
      createdAt: message.createdAt,
      failures: chatAnswerFailures(message),
    })),
  };
}

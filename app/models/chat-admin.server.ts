import type { Db } from "~/infra/db.server";
import type { ChatRole } from "~/infra/db-schema";
import { chatIdleTimeoutMs } from "~/models/chat.server";

/**
 * The chat conversations as staff read them (issue 13; docs/product.md#spec-2 "Chatbot"): when a session
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
  const idleEnd = new Date(session.lastMessageAt).getTime() + chatIdleTimeoutMs;
  return idleEnd <= now.getTime() ? new Date(idleEnd).toISOString() : null;
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
  messages: Array<{
    seq: number;
    role: ChatRole;
    content: string;
    createdAt: string;
    /** A bot message that said it did not know (its topic is null): what to add to the FAQ. */
    unanswered: boolean;
  }>;
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
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!session) return undefined;
  const messages = await db
    .selectFrom("chatMessages")
    .select(["seq", "role", "content", "topic", "createdAt"])
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
    messages: messages.map(({ topic, ...message }) => ({
      ...message,
      unanswered: message.role === "bot" && topic === null,
    })),
  };
}

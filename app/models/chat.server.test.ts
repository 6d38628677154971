import { beforeAll, describe, expect, it } from "vitest";
import {
  chatIdleTimeoutMs,
  endChatSession,
  endIdleChatSessions,
  getOpenChatSession,
  maxMessagesPerSession,
  recordChatExchange,
} from "~/models/chat.server";
import type { Db } from "~/infra/db.server";
import { dialectsUnderTest, useMigratedDatabase } from "../../tests/support/databases";

const t0 = new Date("2026-11-20T15:00:00.000Z");
const after = (ms: number) => new Date(t0.getTime() + ms);
const minute = 60_000;
const known: { text: string; topic: string | null } = {
  text: "Enviamos gratis a todo Chile continental.",
  topic: "shipping",
};
const unknown = { text: "No estoy seguro…", topic: null };

describe.each(dialectsUnderTest)("chat sessions on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Db;
  beforeAll(() => {
    db = database().db;
  });

  const visitor = () => crypto.randomUUID();
  const session = (id: string) =>
    db.selectFrom("chatSessions").selectAll().where("id", "=", id).executeTakeFirst();
  const exchange = (visitorId: string, sessionId: string | undefined, at: Date, answer = known) =>
    recordChatExchange(db, {
      visitorId,
      ip: "203.0.113.7",
      sessionId,
      question: "¿envían a Arica?",
      answer,
      now: at,
    });

  it("starts a session with the first message and keeps every message, numbered, in it", async () => {
    const ana = visitor();
    const first = await exchange(ana, undefined, t0);
    expect(first.newSession).toBe(true);
    const second = await exchange(ana, first.sessionId, after(minute), unknown);
    expect(second).toMatchObject({ sessionId: first.sessionId, newSession: false });
    expect(await session(first.sessionId)).toMatchObject({
      visitorId: ana,
      visitorIp: "203.0.113.7",
      startedAt: t0.toISOString(),
      lastMessageAt: after(minute).toISOString(),
      endedAt: null,
      messageCount: 4,
      unansweredCount: 1,
    });
    expect(await getOpenChatSession(db, ana, first.sessionId, after(2 * minute))).toEqual([
      { seq: 1, role: "user", content: "¿envían a Arica?", topic: null, createdAt: t0.toISOString() },
      { seq: 2, role: "bot", content: known.text, topic: "shipping", createdAt: t0.toISOString() },
      {
        seq: 3,
        role: "user",
        content: "¿envían a Arica?",
        topic: null,
        createdAt: after(minute).toISOString(),
      },
      { seq: 4, role: "bot", content: unknown.text, topic: null, createdAt: after(minute).toISOString() },
    ]);
  });

  it("keeps every message's text on the session, one per line and folded, for the admin list's search", async () => {
    const ana = visitor();
    const first = await exchange(ana, undefined, t0);
    const lines = ["¿envian a arica?", "enviamos gratis a todo chile continental."];
    expect((await session(first.sessionId))?.searchText).toBe(lines.join("\n"));
    await exchange(ana, first.sessionId, after(minute), unknown);
    expect((await session(first.sessionId))?.searchText).toBe(
      [...lines, "¿envian a arica?", "no estoy seguro…"].join("\n"),
    );
  });

  it("never lets one visitor read or write another's session", async () => {
    const ana = visitor();
    const mine = await exchange(ana, undefined, t0);
    const intruder = visitor();
    expect(await getOpenChatSession(db, intruder, mine.sessionId, t0)).toBeUndefined();
    const theirs = await exchange(intruder, mine.sessionId, t0);
    expect(theirs.newSession).toBe(true);
    expect(theirs.sessionId).not.toBe(mine.sessionId);
    expect(await endChatSession(db, intruder, mine.sessionId, t0)).toBe(false);
    expect((await session(mine.sessionId))?.messageCount).toBe(2);
  });

  it("ends a session after 30 minutes without messages, at its last message plus 30 minutes", async () => {
    const ana = visitor();
    const first = await exchange(ana, undefined, t0);
    expect(await getOpenChatSession(db, ana, first.sessionId, after(chatIdleTimeoutMs))).toHaveLength(2);
    expect(await getOpenChatSession(db, ana, first.sessionId, after(chatIdleTimeoutMs + 1))).toBeUndefined();
    const later = await exchange(ana, first.sessionId, after(chatIdleTimeoutMs + minute));
    expect(later.newSession).toBe(true);
    expect((await session(first.sessionId))?.endedAt).toBe(after(chatIdleTimeoutMs).toISOString());

    const idle = await exchange(visitor(), undefined, t0);
    expect(await endIdleChatSessions(db, after(chatIdleTimeoutMs + 5 * minute))).toBeGreaterThanOrEqual(1);
    expect((await session(idle.sessionId))?.endedAt).toBe(after(chatIdleTimeoutMs).toISOString());
  });

  it("ends a session when the visitor closes the chat; the next message starts another", async () => {
    const ana = visitor();
    const first = await exchange(ana, undefined, t0);
    expect(await endChatSession(db, ana, first.sessionId, after(minute))).toBe(true);
    expect(await endChatSession(db, ana, first.sessionId, after(2 * minute))).toBe(false);
    expect((await session(first.sessionId))?.endedAt).toBe(after(minute).toISOString());
    expect((await exchange(ana, first.sessionId, after(3 * minute))).newSession).toBe(true);
  });

  it("numbers exchanges sent at the same moment apart, and starts anew after a long conversation", async () => {
    const ana = visitor();
    const first = await exchange(ana, undefined, t0);
    await Promise.all(Array.from({ length: 8 }, () => exchange(ana, first.sessionId, after(minute))));
    const messages = await getOpenChatSession(db, ana, first.sessionId, after(minute));
    expect(messages?.map((message) => message.seq)).toEqual(
      Array.from({ length: 18 }, (_, index) => index + 1),
    );
    // Every message's line reached the admin search's text too (none lost to a concurrent update).
    expect((await session(first.sessionId))?.searchText.split("\n")).toHaveLength(18);

    await db
      .updateTable("chatSessions")
      .set({ messageCount: maxMessagesPerSession })
      .where("id", "=", first.sessionId)
      .execute();
    expect((await exchange(ana, first.sessionId, after(2 * minute))).newSession).toBe(true);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import {
  chatIdleTimeoutMs,
  countBotAnswersTo,
  endChatSession,
  endIdleChatSessions,
  getOpenChatSession,
  maxMessagesPerSession,
  getChatConversation,
  recordChatExchange,
  recordChatFeedback,
} from "~/models/chatbot-conversations.server";
import type { Db } from "~/infra/db.server";
import { dialectsUnderTest, useMigratedDatabase } from "../../tests/support/databases";

const t0 = new Date("2026-11-20T15:00:00.000Z");
const after = (ms: number) => new Date(t0.getTime() + ms);
const minute = 60_000;
const known: { text: string; topic: string | null; lowConfidence?: boolean } = {
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
  /** One column of a session's messages, in their order. */
  const messageColumn = async (sessionId: string, column: "lowConfidence" | "ipNetwork") =>
    (
      await db
        .selectFrom("chatMessages")
        .select(["seq", "lowConfidence", "ipNetwork"])
        .where("sessionId", "=", sessionId)
        .orderBy("seq")
        .execute()
    ).map((row) => row[column]);
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
    expect(await getOpenChatSession(db, ana, first.sessionId, after(2 * minute))).toEqual(
      [
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
      ].map((message) => ({ ...message, feedback: null })),
    );
  });

  it("stores low confidence on the bot's answer and counts it, and the fallback, as failed", async () => {
    const ana = visitor();
    const first = await exchange(ana, undefined, t0, { ...known, lowConfidence: true });
    await exchange(ana, first.sessionId, after(minute), unknown);
    await exchange(ana, first.sessionId, after(2 * minute), known);
    // Low confidence means nothing on the fallback: it is failed once, as unanswered.
    await exchange(ana, first.sessionId, after(3 * minute), { ...unknown, lowConfidence: true });
    expect(await session(first.sessionId)).toMatchObject({ unansweredCount: 2, failedCount: 3 });
    const flags = await messageColumn(first.sessionId, "lowConfidence");
    expect(flags.map((flag) => Number(flag))).toEqual([0, 1, 0, 0, 0, 0, 0, 0]);
    const conversation = await getChatConversation(db, first.sessionId, after(4 * minute));
    expect(conversation?.failedCount).toBe(3);
    expect(conversation?.messages.map((message) => message.failures)).toEqual([
      [],
      ["lowConfidence"],
      [],
      ["unanswered"],
      [],
      [],
      [],
      ["unanswered"],
    ]);
  });

  it("stores the visitor's feedback on their own session's answers only, once, counting a No as failed", async () => {
    const ana = visitor();
    const bruno = visitor();
    const first = await exchange(ana, undefined, t0);
    await exchange(ana, first.sessionId, after(minute), unknown);
    await exchange(ana, first.sessionId, after(2 * minute), known);
    const feedback = (visitorId: string, seq: number, value: "yes" | "no", sessionId = first.sessionId) =>
      recordChatFeedback(db, { visitorId, sessionId, seq, feedback: value });
    // Another visitor, a visitor's message, an answer that is not there, a session that is not there.
    expect(await feedback(bruno, 2, "no")).toBe("not-found");
    expect(await feedback(ana, 1, "no")).toBe("not-found");
    expect(await feedback(ana, 8, "no")).toBe("not-found");
    expect(await feedback(ana, 2, "no", crypto.randomUUID())).toBe("not-found");
    expect((await session(first.sessionId))?.failedCount).toBe(1);

    expect(await feedback(ana, 2, "no")).toBe("saved");
    expect(await feedback(ana, 2, "yes")).toBe("already");
    expect(await feedback(ana, 2, "no")).toBe("already");
    // A No on the fallback: already failed, counted once.
    expect(await feedback(ana, 4, "no")).toBe("saved");
    expect(await feedback(ana, 6, "yes")).toBe("saved");
    expect((await session(first.sessionId))?.failedCount).toBe(2);
    const conversation = await getChatConversation(db, first.sessionId, after(3 * minute));
    expect(conversation?.messages.map((message) => message.failures)).toEqual([
      [],
      ["notHelpful"],
      [],
      ["unanswered", "notHelpful"],
      [],
      [],
    ]);
    expect(
      (await getOpenChatSession(db, ana, first.sessionId, after(3 * minute)))?.map((m) => m.feedback),
    ).toEqual([null, "no", null, "no", null, "yes"]);
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

  it("keeps the address of each exchange, and counts the bot's answers to an address or a visitor", async () => {
    const topic = "orderNotFound";
    const send = (visitorId: string, ip: string, sessionId: string | undefined, at: Date) =>
      recordChatExchange(db, {
        visitorId,
        ip,
        sessionId,
        question: "LB-7K3F9Q x@example.cl",
        answer: { text: "No encontramos ese pedido.", topic },
        now: at,
      });
    const count = (ip: string, visitorId: string, since = t0) =>
      countBotAnswersTo(db, { ip, visitorId, topic, since });
    const [ana, ema] = [visitor(), visitor()];
    // Ana opens a session from 198.51.100.1; her session is then used from 198.51.100.2.
    const first = await send(ana, "198.51.100.1", undefined, t0);
    await send(ana, "198.51.100.2", first.sessionId, after(minute));
    await send(ana, "198.51.100.2", first.sessionId, after(minute));
    expect(await messageColumn(first.sessionId, "ipNetwork")).toEqual([
      "198.51.100.1",
      "198.51.100.1",
      ...Array<string>(4).fill("198.51.100.2"),
    ]);
    expect(await count("198.51.100.2", ema)).toBe(2);
    expect(await count("198.51.100.1", ema)).toBe(1);
    expect(await count("198.51.100.9", ana)).toBe(3);
    expect(await count("198.51.100.2", ana)).toBe(3);
    expect(await count("198.51.100.9", ema)).toBe(0);
    expect(await count("198.51.100.2", ana, after(minute + 1))).toBe(0);
    // Only the bot's answers with that topic count.
    expect(
      await countBotAnswersTo(db, { ip: "198.51.100.2", visitorId: ana, topic: "shipping", since: t0 }),
    ).toBe(0);

    // An IPv6 address is kept and counted by its /56 network.
    await send(ema, "2001:db8:aa:1ff:1:2:3:4", undefined, t0);
    const stored = await db
      .selectFrom("chatMessages")
      .innerJoin("chatSessions", "chatSessions.id", "chatMessages.sessionId")
      .select("chatMessages.ipNetwork")
      .where("chatSessions.visitorId", "=", ema)
      .execute();
    expect(stored.map((row) => row.ipNetwork)).toEqual(["2001:db8:aa:100::/56", "2001:db8:aa:100::/56"]);
    expect(await count("2001:db8:aa:100::1", visitor())).toBe(1);
    expect(await count("2001:db8:aa:200::1", visitor())).toBe(0);
  });
});

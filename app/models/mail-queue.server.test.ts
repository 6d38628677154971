import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  claimDueMail,
  enqueueMail,
  mailClaimLeaseMs,
  markFailed,
  markSent,
  maxMailAttempts,
  type OutgoingMail,
} from "~/models/mail-queue.server";
import type { Db, DbHandle } from "~/infra/db.server";
import { dialectsUnderTest, postgresUrl, useMigratedDatabase } from "../../tests/support/databases";

const minute = 60_000;
const t0 = new Date("2025-03-01T12:00:00.000Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

function message(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    kind: "order-confirmation",
    to: "ana@example.cl",
    subject: "Tu pedido LB-7K3F9Q",
    text: "Hola Ana:\nRecibimos tu pedido LB-7K3F9Q.",
    html: "<p>Hola Ana:</p><p>Recibimos tu pedido <strong>LB-7K3F9Q</strong>.</p>",
    ...overrides,
  };
}

describe.each(dialectsUnderTest)("mail queue on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Db;
  beforeAll(() => {
    db = database().db;
  });
  beforeEach(async () => {
    await db.deleteFrom("mailQueue").execute();
  });

  const row = (id: string) =>
    db.selectFrom("mailQueue").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("stores exactly what was sent, due at once", async () => {
    const { id } = await enqueueMail(db, message(), t0);
    expect(await row(id)).toEqual({
      id,
      kind: "order-confirmation",
      toAddress: "ana@example.cl",
      subject: "Tu pedido LB-7K3F9Q",
      textBody: "Hola Ana:\nRecibimos tu pedido LB-7K3F9Q.",
      htmlBody: "<p>Hola Ana:</p><p>Recibimos tu pedido <strong>LB-7K3F9Q</strong>.</p>",
      templateData: null,
      status: "pending",
      attempts: 0,
      lastError: null,
      nextAttemptAt: "2025-03-01T12:00:00.000Z",
      createdAt: "2025-03-01T12:00:00.000Z",
      sentAt: null,
    });
    const { id: plain } = await enqueueMail(db, message({ html: undefined }), t0);
    expect((await row(plain)).htmlBody).toBeNull();
  });

  it("stores a notification's template data as JSON, to be written out when sent", async () => {
    const templateData = { number: "LB-7K3F9Q", name: "Ana Pérez", createdAt: t0 };
    const { id } = await enqueueMail(
      db,
      { kind: "order-confirmation", to: "ana@example.cl", templateData },
      t0,
    );
    expect(await row(id)).toMatchObject({
      subject: null,
      textBody: null,
      htmlBody: null,
      templateData: JSON.stringify(templateData),
    });
    const [claimed] = await claimDueMail(db, t0, 10);
    expect(claimed).toMatchObject({ id, subject: null, text: null, html: null });
    expect(JSON.parse(claimed!.templateData!)).toEqual({ ...templateData, createdAt: t0.toISOString() });
  });

  it("claims due messages oldest first, up to the limit, and not twice", async () => {
    const first = await enqueueMail(db, message({ subject: "1" }), t0);
    const second = await enqueueMail(db, message({ subject: "2" }), at(1000));
    const third = await enqueueMail(db, message({ subject: "3" }), at(2000));
    await enqueueMail(db, message({ subject: "futuro" }), at(10 * minute));

    expect(await claimDueMail(db, at(500), 10)).toEqual([
      {
        id: first.id,
        kind: "order-confirmation",
        to: "ana@example.cl",
        subject: "1",
        text: "Hola Ana:\nRecibimos tu pedido LB-7K3F9Q.",
        html: "<p>Hola Ana:</p><p>Recibimos tu pedido <strong>LB-7K3F9Q</strong>.</p>",
        templateData: null,
        attempts: 0,
        createdAt: "2025-03-01T12:00:00.000Z",
      },
    ]);
    const claimed = await claimDueMail(db, at(5000), 1);
    expect(claimed.map((mail) => mail.id)).toEqual([second.id]);
    expect((await claimDueMail(db, at(5000), 10)).map((mail) => mail.id)).toEqual([third.id]);
    expect(await claimDueMail(db, at(5000), 10)).toEqual([]);
    expect(await claimDueMail(db, at(5000), 0)).toEqual([]);
  });

  it("offers a claimed message again if its worker never reports back, without counting an attempt", async () => {
    const { id } = await enqueueMail(db, message(), t0);
    expect(await claimDueMail(db, t0, 10)).toHaveLength(1);
    // The server that claimed it dies: no markSent, no markFailed. Until the lease ends nobody
    // else gets it; then another worker does, as a first attempt.
    expect(await claimDueMail(db, at(mailClaimLeaseMs - 1), 10)).toEqual([]);
    const again = await claimDueMail(db, at(mailClaimLeaseMs), 10);
    expect(again.map((mail) => [mail.id, mail.attempts])).toEqual([[id, 0]]);
    expect(await row(id)).toMatchObject({ status: "pending", attempts: 0, lastError: null });
    expect(await markSent(db, id, at(mailClaimLeaseMs + 1000))).toBe(true);
  });

  it("does not hand the same message to two workers at once", async () => {
    for (let index = 0; index < 6; index++) await enqueueMail(db, message({ subject: String(index) }), t0);
    const claims = await Promise.all([
      claimDueMail(db, t0, 4),
      claimDueMail(db, t0, 4),
      claimDueMail(db, t0, 4),
    ]);
    const ids = claims.flat().map((mail) => mail.id);
    expect(new Set(ids).size).toBe(ids.length);
    // A worker that lost a race may come back empty-handed; the rest are still there for the next round.
    const rest = (await claimDueMail(db, t0, 10)).map((mail) => mail.id);
    expect(new Set([...ids, ...rest]).size).toBe(ids.length + rest.length);
    expect(ids.length + rest.length).toBe(6);
  });

  it("marks a message sent, once", async () => {
    const { id } = await enqueueMail(db, message(), t0);
    await claimDueMail(db, t0, 10);
    expect(await markSent(db, id, at(3000))).toBe(true);
    expect(await row(id)).toMatchObject({ status: "sent", sentAt: "2025-03-01T12:00:03.000Z", attempts: 0 });
    expect(await markSent(db, id, at(4000))).toBe(false);
    expect(await claimDueMail(db, at(24 * 60 * minute), 10)).toEqual([]);
  });

  it("retries after 1 min, 5 min, 30 min and 2 h, then gives up", async () => {
    const { id } = await enqueueMail(db, message(), t0);
    const delays = [1 * minute, 5 * minute, 30 * minute, 120 * minute];
    let now = t0;
    for (const [index, delay] of delays.entries()) {
      expect(await claimDueMail(db, now, 10)).toHaveLength(1);
      const outcome = await markFailed(db, id, new Error(`SMTP 421 intento ${index + 1}`), now);
      const next = new Date(now.getTime() + delay);
      expect(outcome).toEqual({ status: "pending", attempts: index + 1, nextAttemptAt: next.toISOString() });
      expect(await row(id)).toMatchObject({
        status: "pending",
        attempts: index + 1,
        lastError: `SMTP 421 intento ${index + 1}`,
        nextAttemptAt: next.toISOString(),
      });
      expect(await claimDueMail(db, new Date(next.getTime() - 1), 10)).toEqual([]);
      now = next;
    }
    expect(await claimDueMail(db, now, 10)).toHaveLength(1);
    expect(await markFailed(db, id, "conexión rechazada", now)).toEqual({
      status: "failed",
      attempts: maxMailAttempts,
    });
    expect(maxMailAttempts).toBe(5);
    expect(await row(id)).toMatchObject({
      status: "failed",
      attempts: 5,
      lastError: "conexión rechazada",
      sentAt: null,
    });
    expect(await claimDueMail(db, at(365 * 24 * 60 * minute), 10)).toEqual([]);
    expect(await markFailed(db, id, "otra vez", now)).toBeUndefined();
    expect(await markSent(db, id, now)).toBe(false);
  });

  it("keeps a long error short and ignores unknown messages", async () => {
    const { id } = await enqueueMail(db, message(), t0);
    await markFailed(db, id, new Error("x".repeat(5000)), t0);
    expect((await row(id)).lastError).toHaveLength(2000);
    expect(await markFailed(db, crypto.randomUUID(), new Error("?"), t0)).toBeUndefined();
    expect(await markSent(db, crypto.randomUUID(), t0)).toBe(false);
  });

  it("enqueues inside the caller's transaction", async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueueMail(trx, message({ subject: "revertido" }), t0);
        throw new Error("the order failed");
      }),
    ).rejects.toThrow("the order failed");
    expect(
      await db.selectFrom("mailQueue").select("id").where("subject", "=", "revertido").execute(),
    ).toEqual([]);
  });
});

// Several servers' mail workers on one PostgreSQL (docs/decisions/046), each with its own pool.
describe.skipIf(!postgresUrl)("mail queue claimed by two servers on PostgreSQL", () => {
  const database = useMigratedDatabase("postgres");
  let first: Db;
  let secondHandle: DbHandle;
  let second: Db;
  beforeAll(() => {
    first = database().db;
    secondHandle = database().openAnother();
    second = secondHandle.db;
  });
  afterAll(async () => {
    await secondHandle?.db.destroy();
  });
  beforeEach(async () => {
    await first.deleteFrom("mailQueue").execute();
  });

  it("lets a worker take the next messages while another's claim is in progress", async () => {
    for (let index = 0; index < 8; index++) await enqueueMail(first, message({ subject: String(index) }), t0);
    await first.transaction().execute(async (trx) => {
      // The first server's claim holds its rows until its transaction ends; the second server
      // passes over them (for update skip locked) rather than waiting for them.
      const mine = await claimDueMail(trx, t0, 4);
      const waited = new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 5000).unref());
      const theirs = await Promise.race([claimDueMail(second, t0, 4), waited]);
      expect(theirs).not.toBe("waited");
      const ids = [...mine, ...(theirs as typeof mine)].map((mail) => mail.subject);
      expect(ids.sort()).toEqual(["0", "1", "2", "3", "4", "5", "6", "7"]);
    });
  });

  it("never hands one message to both servers, over many rounds", async () => {
    const total = 150;
    for (let index = 0; index < total; index++) {
      await enqueueMail(first, message({ subject: String(index) }), at(index));
    }
    const claimedBy = new Map<string, number>();
    let duplicates = 0;
    const worker = async (db: Db, server: number) => {
      for (;;) {
        const claimed = await claimDueMail(db, at(total), 3);
        if (claimed.length === 0) {
          const left = await db
            .selectFrom("mailQueue")
            .select("id")
            .where("status", "=", "pending")
            .where("nextAttemptAt", "<=", at(total).toISOString())
            .execute();
          if (left.length === 0) return;
          continue;
        }
        for (const mail of claimed) {
          if (claimedBy.has(mail.id)) duplicates++;
          claimedBy.set(mail.id, server);
          expect(await markSent(db, mail.id, at(total))).toBe(true);
        }
      }
    };
    await Promise.all([worker(first, 1), worker(second, 2)]);
    expect(duplicates).toBe(0);
    expect(claimedBy.size).toBe(total);
    // Both servers took part.
    expect(new Set(claimedBy.values())).toEqual(new Set([1, 2]));
    const sent = await first.selectFrom("mailQueue").select("id").where("status", "=", "sent").execute();
    expect(sent).toHaveLength(total);
  });
});

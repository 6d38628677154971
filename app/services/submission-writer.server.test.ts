import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MessageChannel } from "node:worker_threads";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderFormData } from "~/schemas/order";
import type { Db } from "~/services/db.server";
import {
  inProcessWriter,
  portWriter,
  serveSubmissionWrites,
  startSubmissionWriterThread,
  SubmissionWriteError,
  SubmissionWriterLostError,
  writeSubmission,
  type SubmissionWrite,
} from "~/services/submission-writer.server";
import { dialectsUnderTest, useMigratedDatabase } from "../../tests/support/databases";

const quiet = pino({ level: "silent" });

function order(overrides: Partial<OrderFormData> = {}): OrderFormData {
  return {
    kitId: "expedition",
    name: "Ana Pérez",
    email: "ana@example.cl",
    phone: "+56 9 1234 5678",
    region: "13",
    comuna: "13101",
    address: "Avenida Providencia 1234",
    acceptTerms: true,
    ...overrides,
  };
}

function orderWrite(
  value: OrderFormData = order(),
  challengeId = crypto.randomUUID(),
): SubmissionWrite<"order"> {
  return {
    form: "order",
    value,
    challenge: { id: challengeId, expiresAt: new Date(Date.now() + 600_000).toISOString() },
  };
}

describe.each(dialectsUnderTest)("submission writer across a message port (%s)", (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Db;
  let channel: MessageChannel;
  let writer: ReturnType<typeof portWriter>;
  let stopped = 0;

  beforeAll(() => {
    db = database().db;
    // The two ends of a real message channel: what crosses it is structured-cloned, as between the
    // request thread and the writer thread.
    channel = new MessageChannel();
    serveSubmissionWrites(
      channel.port2,
      (submission) => writeSubmission(db, submission),
      async () => {
        stopped++;
      },
    );
    writer = portWriter(channel.port1);
  });
  afterAll(() => {
    channel.port1.close();
  });

  const ordersOf = (email: string) =>
    db.selectFrom("orders").selectAll().where("email", "=", email).execute();

  it("stores the order, its e-mails and the used challenge, and answers with the order", async () => {
    const submission = orderWrite(order({ email: "port@example.cl" }));
    const outcome = await writer.write(submission);
    expect(outcome.replay).toBe(false);
    if (outcome.replay) return;
    expect(outcome.stored.number).toMatch(/^LB-[A-Z0-9]{6}$/);
    expect(outcome.stored.paymentUrl).toContain(encodeURIComponent(outcome.stored.number));

    const [row] = await ordersOf("port@example.cl");
    expect(row).toMatchObject({ id: outcome.stored.id, kit_id: "expedition", customer_name: "Ana Pérez" });
    const mails = await db
      .selectFrom("mail_queue")
      .select("to_address")
      .where("template_data", "like", `%${outcome.stored.number}%`)
      .execute();
    expect(mails.map((mail) => mail.to_address).sort()).toEqual(expect.arrayContaining(["port@example.cl"]));
    expect(mails).toHaveLength(2);
    const used = await db
      .selectFrom("used_captcha_challenges")
      .select("signature")
      .where("signature", "=", submission.challenge.id)
      .execute();
    expect(used).toHaveLength(1);
  });

  it("answers a second use of a challenge as a replay and stores nothing", async () => {
    const challengeId = crypto.randomUUID();
    expect((await writer.write(orderWrite(order({ email: "first@example.cl" }), challengeId))).replay).toBe(
      false,
    );
    expect(await writer.write(orderWrite(order({ email: "again@example.cl" }), challengeId))).toEqual({
      replay: true,
    });
    expect(await ordersOf("again@example.cl")).toEqual([]);
  });

  it("refuses a write that fails with its reason, storing nothing of it, not even the challenge", async () => {
    const challengeId = crypto.randomUUID();
    const broken = orderWrite(
      order({ kitId: "no-such-kit" as OrderFormData["kitId"], email: "broken@example.cl" }),
      challengeId,
    );
    const refused = writer.write(broken);
    await expect(refused).rejects.toBeInstanceOf(SubmissionWriteError);
    await expect(refused).rejects.toThrow(/Unknown kit/);
    expect(await ordersOf("broken@example.cl")).toEqual([]);
    // The challenge was not used: the corrected submission goes through with it.
    const fixed = await writer.write(orderWrite(order({ email: "broken@example.cl" }), challengeId));
    expect(fixed.replay).toBe(false);
    expect(await ordersOf("broken@example.cl")).toHaveLength(1);
  });

  it("stops only after the writes in progress are answered", async () => {
    const inFlight = writer.write(orderWrite(order({ email: "last@example.cl" })));
    await writer.stop();
    expect(stopped).toBe(1);
    expect(writer.waiting).toBe(0);
    await expect(inFlight).resolves.toMatchObject({ replay: false });
    expect(await ordersOf("last@example.cl")).toHaveLength(1);
  });
});

describe("submission writer thread", () => {
  const database = useMigratedDatabase("sqlite");
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-writer-thread-"));
  afterAll(() => fs.rmSync(tempDir, { recursive: true, force: true }));

  it("refuses the writes it leaves unanswered when it stops, then writes in this process", async () => {
    // A thread that takes one submission and dies before answering it.
    const entry = path.join(tempDir, "dies.mjs");
    fs.writeFileSync(
      entry,
      `import { parentPort } from "node:worker_threads";
       parentPort.on("message", () => process.exit(7));`,
    );
    let lost = 0;
    const writer = startSubmissionWriterThread({
      entry: new URL(`file://${entry}`),
      dataDir: tempDir,
      logger: quiet,
      fallback: inProcessWriter(database().db),
      onLost: () => lost++,
    });
    const unanswered = writer.write(orderWrite(order({ email: "unanswered@example.cl" })));
    await expect(unanswered).rejects.toBeInstanceOf(SubmissionWriterLostError);
    expect(lost).toBe(1);

    const later = await writer.write(orderWrite(order({ email: "later@example.cl" })));
    expect(later.replay).toBe(false);
    const rows = await database()
      .db.selectFrom("orders")
      .select("email")
      .where("email", "in", ["unanswered@example.cl", "later@example.cl"])
      .execute();
    expect(rows.map((row) => row.email)).toEqual(["later@example.cl"]);
    await writer.close();
    expect(lost).toBe(1);
  });
});

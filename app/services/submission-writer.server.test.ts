import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MessageChannel } from "node:worker_threads";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderFormData } from "~/schemas/order";
import { createCaptchaChallenge, type CaptchaSettings } from "~/services/captcha.server";
import type { Db } from "~/services/db.server";
import {
  portWriter,
  serveSubmissionWrites,
  startSubmissionWriterThread,
  SubmissionWriteError,
  SubmissionWriterLostError,
  writeSubmission,
  type SubmissionWrite,
  type SubmissionWriter,
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

const captchaSettings: CaptchaSettings = { secret: "c0".repeat(32), difficulty: 50 };

/** The `altcha` field of a freshly solved challenge, as the browser's widget posts it. */
async function solvedCaptcha(): Promise<string> {
  const challenge = await createCaptchaChallenge(captchaSettings);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("The test challenge could not be solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

async function orderWrite(
  value: OrderFormData = order(),
  captcha?: string | null,
): Promise<SubmissionWrite<"order">> {
  return { form: "order", value, captcha: captcha === undefined ? await solvedCaptcha() : captcha };
}

const write = (db: Db) => (submission: SubmissionWrite) =>
  writeSubmission(db, submission, { captchaSettings });

describe.each(dialectsUnderTest)("submission writer across a message port (%s)", (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Db;
  let channel: MessageChannel;
  let writer: ReturnType<typeof portWriter>;
  let stopped = 0;
  let checkpointsOnCommit = 0;

  beforeAll(() => {
    db = database().db;
    // The two ends of a real message channel: what crosses it is structured-cloned, as between the
    // request thread and the writer thread.
    channel = new MessageChannel();
    serveSubmissionWrites(
      channel.port2,
      write(db),
      { checkpointOnCommit: () => checkpointsOnCommit++ },
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
    const submission = await orderWrite(order({ email: "port@example.cl" }));
    const outcome = await writer.write(submission);
    expect(outcome.refused).toBeUndefined();
    if (!outcome.stored) return;
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
    const { challenge } = JSON.parse(Buffer.from(submission.captcha!, "base64").toString("utf8"));
    const used = await db
      .selectFrom("used_captcha_challenges")
      .select("signature")
      .where("signature", "=", challenge.signature)
      .execute();
    expect(used).toHaveLength(1);
  });

  it("refuses a second use of a solution, and a missing or forged one, storing nothing", async () => {
    const captcha = await solvedCaptcha();
    expect(
      (await writer.write(await orderWrite(order({ email: "first@example.cl" }), captcha))).stored,
    ).toBeDefined();
    expect(await writer.write(await orderWrite(order({ email: "again@example.cl" }), captcha))).toEqual({
      refused: "used",
    });
    expect(await writer.write(await orderWrite(order({ email: "again@example.cl" }), null))).toEqual({
      refused: "missing",
    });
    const forged = JSON.parse(Buffer.from(await solvedCaptcha(), "base64").toString("utf8"));
    forged.solution.counter += 1;
    const forgedField = Buffer.from(JSON.stringify(forged)).toString("base64");
    expect(await writer.write(await orderWrite(order({ email: "again@example.cl" }), forgedField))).toEqual({
      refused: "invalid",
    });
    expect(await ordersOf("again@example.cl")).toEqual([]);
  });

  it("refuses a write that fails with its reason, storing nothing of it, not even the challenge", async () => {
    const captcha = await solvedCaptcha();
    const broken = await orderWrite(
      order({ kitId: "no-such-kit" as OrderFormData["kitId"], email: "broken@example.cl" }),
      captcha,
    );
    const refused = writer.write(broken);
    await expect(refused).rejects.toBeInstanceOf(SubmissionWriteError);
    await expect(refused).rejects.toThrow(/Unknown kit/);
    expect(await ordersOf("broken@example.cl")).toEqual([]);
    // The challenge was not used: the corrected submission goes through with it.
    const fixed = await writer.write(await orderWrite(order({ email: "broken@example.cl" }), captcha));
    expect(fixed.stored).toBeDefined();
    expect(await ordersOf("broken@example.cl")).toHaveLength(1);
  });

  it("passes on a control, between writes", async () => {
    writer.control("checkpointOnCommit");
    const after = await writer.write(await orderWrite(order({ email: "control@example.cl" })));
    expect(after.stored).toBeDefined();
    expect(checkpointsOnCommit).toBe(1);
  });

  it("stops only after the writes in progress are answered", async () => {
    const inFlight = writer.write(await orderWrite(order({ email: "last@example.cl" })));
    await writer.stop();
    expect(stopped).toBe(1);
    expect(writer.waiting).toBe(0);
    expect((await inFlight).stored).toBeDefined();
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
      fallback: { write: write(database().db) as SubmissionWriter["write"], close: async () => {} },
      onLost: () => lost++,
    });
    const unanswered = writer.write(await orderWrite(order({ email: "unanswered@example.cl" })));
    await expect(unanswered).rejects.toBeInstanceOf(SubmissionWriterLostError);
    expect(lost).toBe(1);

    const later = await writer.write(await orderWrite(order({ email: "later@example.cl" })));
    expect(later.stored).toBeDefined();
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

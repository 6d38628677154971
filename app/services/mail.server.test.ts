import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { SMTPServer, type SMTPServerDataStream } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { exampleCompany } from "~/content/company";
import { enqueueMail, type OutgoingMail } from "~/models/mail-queue.server";
import { createOrder } from "~/models/orders.server";
import type { NewOrder } from "~/schemas/order";
import type { Db } from "~/infra/db.server";
import {
  createMailTransport,
  deliverDueMail,
  startMailWorker,
  type MailTransport,
  type MailWorkerHandle,
} from "~/services/mail.server";
import {
  mailKinds,
  orderNotifications,
  quoteConfirmationForCustomer,
  renderNotification,
  type QuoteMailData,
} from "~/emails/templates.server";
import { dialectsUnderTest, useMigratedDatabase } from "../../tests/support/databases";

/** Queues messages as the models do (enqueueMail, inside the caller's transaction when given one). */
async function queueNotifications(
  db: Db,
  mails: readonly OutgoingMail[],
  now = new Date(),
): Promise<string[]> {
  const ids: string[] = [];
  for (const mail of mails) ids.push((await enqueueMail(db, mail, now)).id);
  return ids;
}

const minute = 60_000;
const t0 = new Date("2025-03-01T12:00:00.000Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const from = { name: "LifeBox", address: "no-reply@lifebox.cl" };
const quiet = pino({ level: "silent" });

// ---------------------------------------------------------------------------------------------------
// A real SMTP peer: smtp-server on 127.0.0.1, a free port, no TLS, no authentication.

interface ReceivedMail {
  mailFrom: string;
  rcptTo: string[];
  raw: Buffer;
}

type SmtpMode = "accept" | "reject-rcpt" | "reject-data";

class TestSmtpServer {
  received: ReceivedMail[] = [];
  mode: SmtpMode = "accept";
  /** How long the server takes to answer the message data. */
  delayMs = 0;
  /** Messages whose data the server started reading, and the most read at once. */
  dataStarted = 0;
  /** When (performance.now()) the server last started reading a message. */
  lastDataAt = 0;
  maxConcurrentData = 0;
  private inData = 0;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo: (_address, _session, callback) => {
      if (this.mode === "reject-rcpt") {
        return callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 450 }));
      }
      callback();
    },
    onData: (stream: SMTPServerDataStream, session, callback) => {
      this.dataStarted++;
      this.lastDataAt = performance.now();
      this.inData++;
      this.maxConcurrentData = Math.max(this.maxConcurrentData, this.inData);
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        setTimeout(() => {
          this.inData--;
          if (this.mode === "reject-data") {
            return callback(Object.assign(new Error("Local error in processing"), { responseCode: 451 }));
          }
          this.received.push({
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            rcptTo: session.envelope.rcptTo.map((address) => address.address),
            raw: Buffer.concat(chunks),
          });
          callback();
        }, this.delayMs);
      });
    },
  });

  url = "";

  async start() {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(0, "127.0.0.1", () => resolve());
    });
    const { port } = this.server.server.address() as AddressInfo;
    this.url = `smtp://127.0.0.1:${port}`;
  }

  reset() {
    this.received = [];
    this.mode = "accept";
    this.delayMs = 0;
    this.dataStarted = 0;
    this.maxConcurrentData = 0;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

// ---------------------------------------------------------------------------------------------------
// A small RFC 822 / MIME reader, enough to check what arrived: unfolds headers, decodes RFC 2047
// words, walks multipart bodies and undoes quoted-printable and base64.

interface ParsedMail {
  headers: Map<string, string>;
  text?: string;
  html?: string;
}

function decodeWords(value: string): string {
  const word = /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g;
  return value.replace(/(\?=)\s+(?==\?)/g, "$1").replace(/(?:=\?[^?]+\?[QqBb]\?[^?]*\?=)+/g, (run) =>
    Buffer.concat(
      [...run.matchAll(word)].map(([, , encoding, data = ""]) =>
        encoding!.toUpperCase() === "B"
          ? Buffer.from(data, "base64")
          : Buffer.from(
              data
                .replace(/_/g, " ")
                .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              "latin1",
            ),
      ),
    ).toString("utf8"),
  );
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf("\n\n");
  const head = end === -1 ? raw : raw.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) {
      const name = line.slice(0, colon).trim().toLowerCase();
      if (!headers.has(name)) headers.set(name, decodeWords(line.slice(colon + 1).trim()));
    }
  }
  return { headers, body: end === -1 ? "" : raw.slice(end + 2) };
}

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = (encoding ?? "7bit").toLowerCase();
  if (kind === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (kind === "quoted-printable") {
    const bytes = body
      .replace(/[ \t]+$/gm, "")
      .replace(/=\n/g, "")
      .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return Buffer.from(body, "latin1").toString("utf8");
}

function collectParts(raw: string, into: ParsedMail) {
  const { headers, body } = splitEntity(raw);
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith("--")) break;
      collectParts(part.replace(/^\n/, "").replace(/\n$/, ""), into);
    }
    return;
  }
  const content = decodeBody(body, headers.get("content-transfer-encoding"));
  if (/^text\/html/i.test(type)) into.html = content;
  else if (/^text\/plain/i.test(type)) into.text = content;
}

function parseMail(raw: Buffer): ParsedMail {
  const source = raw.toString("latin1").replace(/\r\n/g, "\n");
  const parsed: ParsedMail = { headers: splitEntity(source).headers };
  collectParts(source, parsed);
  return parsed;
}

// ---------------------------------------------------------------------------------------------------

/** Polls until `condition` holds; generous timeouts, since CI machines may be busy. */
async function waitFor(
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<number> {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > timeoutMs) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now() - started;
}

const customerOrder: NewOrder = {
  lines: [{ kitId: "expedition", quantity: 1 }],
  name: "José Muñoz",
  email: "jose.munoz@example.cl",
  phone: "+56 9 8765 4321",
  region: "12",
  comuna: "12101",
  address: "Avenida España 1234, Punta Arenas",
  rut: "12.345.678-5",
  notes: "Por favor, llamar antes de despachar.",
  shippingKind: "free",
};

function quoteData(overrides: Partial<QuoteMailData> = {}): QuoteMailData {
  return {
    siteUrl: "https://lifebox.cl",
    seller: exampleCompany,
    id: "4b8a2f2e-0c55-4d52-9d1a-1f0b7f6f4a11",
    productId: "nautical",
    productName: "LifeBox Nautical",
    fullName: "Iñaki Peña",
    email: "inaki@pesquera.example.cl",
    phone: "+56 9 2222 3333",
    company: "Pesquera Ñandú Ltda.",
    city: "Valparaíso",
    additionalNotes: "¿Incluye chaleco salvavidas? Necesitamos 12 unidades para la tripulación.",
    createdAt: t0,
    ...overrides,
  };
}

describe.each(dialectsUnderTest)("mail delivery on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  const smtp = new TestSmtpServer();
  let db: Db;
  let tempDir: string;
  const transports: MailTransport[] = [];
  const workers: MailWorkerHandle[] = [];

  const row = (id: string) =>
    db.selectFrom("mailQueue").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  function smtpTransport() {
    const transport = createMailTransport({ smtpUrl: smtp.url, outboxDir: path.join(tempDir, "unused") });
    transports.push(transport);
    return transport;
  }

  beforeAll(async () => {
    db = database().db;
    await smtp.start();
  });
  afterAll(async () => {
    await smtp.stop();
  });
  beforeEach(async () => {
    await db.deleteFrom("mailQueue").execute();
    smtp.reset();
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-mail-test-"));
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    for (const transport of transports.splice(0)) transport.close();
    fs.rmSync(tempDir, { recursive: true, force: true });
  });

  it("sends an order's notifications, stored with the order, through a real SMTP server", async () => {
    const { id: orderId, mails } = await db.transaction().execute(async (trx) => {
      const created = await createOrder(trx, customerOrder, { now: t0 });
      const mails = orderNotifications(
        {
          ...customerOrder,
          ...created,
          kitName: "LifeBox Expedition",
          total: 219990,
          createdAt: t0,
          paymentUrl: "https://pagos.example.cl/expedition",
          siteUrl: "https://lifebox.cl",
          seller: exampleCompany,
        },
        "pedidos@lifebox.cl",
      );
      await queueNotifications(trx, mails, t0);
      return { id: created.id, mails };
    });

    const transport = smtpTransport();
    expect(transport.describe()).toBe(`smtp ${new URL(smtp.url).host}`);
    expect(await deliverDueMail(db, transport, { from, now: at(1000), logger: quiet })).toEqual({
      sent: 2,
      failed: 0,
      retried: 0,
    });

    expect(smtp.received.map((mail) => [mail.mailFrom, mail.rcptTo])).toEqual([
      ["no-reply@lifebox.cl", ["pedidos@lifebox.cl"]],
      ["no-reply@lifebox.cl", ["jose.munoz@example.cl"]],
    ]);
    for (const [index, received] of smtp.received.entries()) {
      const queued = mails[index]!;
      if (!("templateData" in queued)) throw new Error("expected a notification with template data");
      const expected = { to: queued.to, ...renderNotification(queued.kind, queued.templateData) };
      const parsed = parseMail(received.raw);
      expect(parsed.headers.get("from")).toBe("LifeBox <no-reply@lifebox.cl>");
      expect(parsed.headers.get("to")).toBe(expected.to);
      expect(parsed.headers.get("subject")).toBe(expected.subject);
      expect(parsed.headers.get("auto-submitted")).toBe("auto-generated");
      expect(parsed.headers.get("message-id")).toMatch(/^<.+@lifebox\.cl>$/);
      expect(parsed.text).toBe(expected.text);
      expect(parsed.html).toBe(expected.html);
    }
    const receipt = parseMail(smtp.received[1]!.raw);
    expect(receipt.headers.get("subject")).toMatch(
      /^Recibimos tu pedido LB-[A-Z0-9]{6}: LifeBox Expedition$/,
    );
    expect(receipt.text).toContain("Hola, José Muñoz:");
    expect(receipt.text).toContain("Total: $219.990");
    expect(receipt.text).toContain(`https://lifebox.cl/pedido/${orderId}`);
    expect(receipt.text).toContain("Pagar ahora: https://pagos.example.cl/expedition");

    const rows = await db.selectFrom("mailQueue").selectAll().orderBy("kind").execute();
    expect(rows.map((mail) => [mail.kind, mail.status, mail.attempts, mail.sentAt, mail.lastError])).toEqual([
      [mailKinds.orderConfirmation, "sent", 0, at(1000).toISOString(), null],
      [mailKinds.shopNewOrder, "sent", 0, at(1000).toISOString(), null],
    ]);
    // Nothing is due any more.
    expect(await deliverDueMail(db, transport, { from, now: at(60 * minute), logger: quiet })).toEqual({
      sent: 0,
      failed: 0,
      retried: 0,
    });
    expect(smtp.received).toHaveLength(2);
  });

  it("stores a submission's notifications all or none", async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await queueNotifications(
          trx,
          orderNotifications(
            {
              ...customerOrder,
              id: crypto.randomUUID(),
              number: "LB-ABCDEF",
              lines: [
                {
                  kitName: "LifeBox Expedition",
                  unitPrice: 219990,
                  quantity: 1,
                  lineTotal: 219990,
                },
              ],
              total: 219990,
              createdAt: t0,
              siteUrl: "https://lifebox.cl",
              seller: exampleCompany,
            },
            "pedidos@lifebox.cl",
          ),
          t0,
        );
        throw new Error("the order failed");
      }),
    ).rejects.toThrow("the order failed");
    expect(await db.selectFrom("mailQueue").select("id").execute()).toEqual([]);

    const ids = await queueNotifications(db, [
      { kind: "shop-new-contact", to: "a@lifebox.cl", subject: "1", text: "uno" },
      { kind: "shop-new-contact", to: "b@lifebox.cl", subject: "2", text: "dos", html: "<p>dos</p>" },
    ]);
    expect(ids).toHaveLength(2);
    expect((await row(ids[1]!)).htmlBody).toBe("<p>dos</p>");
    expect(await queueNotifications(db, [])).toEqual([]);
  });

  it.each([
    ["at RCPT TO", "reject-rcpt", /450 Mailbox busy, try again later/],
    ["after DATA", "reject-data", /451 Local error in processing/],
  ] as const)(
    "keeps a message the server rejects %s for a retry a minute later",
    async (_when, mode, error) => {
      const { id } = await enqueueMail(
        db,
        { kind: "shop-new-contact", to: "pedidos@lifebox.cl", subject: "Consulta", text: "¿Tienen stock?" },
        t0,
      );
      const transport = smtpTransport();
      smtp.mode = mode;

      expect(await deliverDueMail(db, transport, { from, now: t0, logger: quiet })).toEqual({
        sent: 0,
        failed: 0,
        retried: 1,
      });
      expect(smtp.received).toEqual([]);
      const failed = await row(id);
      expect(failed).toMatchObject({
        status: "pending",
        attempts: 1,
        nextAttemptAt: at(minute).toISOString(),
        sentAt: null,
      });
      expect(failed.lastError).toMatch(error);

      // Not before its time…
      smtp.mode = "accept";
      expect(await deliverDueMail(db, transport, { from, now: at(minute - 1), logger: quiet })).toEqual({
        sent: 0,
        failed: 0,
        retried: 0,
      });
      // …and then it goes out.
      expect(await deliverDueMail(db, transport, { from, now: at(minute), logger: quiet })).toEqual({
        sent: 1,
        failed: 0,
        retried: 0,
      });
      expect(smtp.received.map((mail) => mail.rcptTo)).toEqual([["pedidos@lifebox.cl"]]);
      expect(await row(id)).toMatchObject({ status: "sent", attempts: 1, sentAt: at(minute).toISOString() });
    },
  );

  it("gives up after the fifth rejection and counts it as failed", async () => {
    const { id } = await enqueueMail(db, { kind: "x", to: "nadie@example.cl", subject: "s", text: "t" }, t0);
    const transport = smtpTransport();
    smtp.mode = "reject-rcpt";
    const outcomes = [];
    for (const delay of [0, 1, 6, 36, 156]) {
      outcomes.push(await deliverDueMail(db, transport, { from, now: at(delay * minute), logger: quiet }));
    }
    expect(outcomes.map((counts) => counts.retried)).toEqual([1, 1, 1, 1, 0]);
    expect(outcomes[4]).toEqual({ sent: 0, failed: 1, retried: 0 });
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 5 });
  });

  it("retries a message its template cannot write out, without sending anything", async () => {
    const { id } = await enqueueMail(db, { kind: "x", to: "nadie@example.cl", templateData: { a: 1 } }, t0);
    expect(await deliverDueMail(db, smtpTransport(), { from, now: t0, logger: quiet })).toEqual({
      sent: 0,
      failed: 0,
      retried: 1,
    });
    expect(smtp.received).toEqual([]);
    expect(await row(id)).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: 'No mail template for the kind "x"',
    });
  });

  it("without SMTP_URL writes each message as an .eml file into the outbox", async () => {
    const outboxDir = path.join(tempDir, "outbox");
    const transport = createMailTransport({ smtpUrl: undefined, outboxDir });
    transports.push(transport);
    expect(transport.describe()).toBe(`outbox ${outboxDir}`);

    const mail = quoteConfirmationForCustomer(quoteData());
    const [id] = await queueNotifications(
      db,
      [{ kind: mailKinds.quoteConfirmation, to: "inaki@pesquera.example.cl", ...mail }],
      t0,
    );
    expect(await deliverDueMail(db, transport, { from, now: at(1000), logger: quiet })).toEqual({
      sent: 1,
      failed: 0,
      retried: 0,
    });

    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    const [file] = files;
    expect(file).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{6}\\.\\d{3}Z-${id}\\.eml$`));
    const stat = fs.statSync(path.join(outboxDir, file!));
    if (process.platform !== "win32") expect(stat.mode & 0o777).toBe(0o600);

    const raw = fs.readFileSync(path.join(outboxDir, file!));
    expect(raw.toString("latin1")).toMatch(/\r\n\r\n/);
    const parsed = parseMail(raw);
    expect(parsed.headers.get("from")).toBe("LifeBox <no-reply@lifebox.cl>");
    expect(parsed.headers.get("to")).toBe("inaki@pesquera.example.cl");
    expect(parsed.headers.get("subject")).toBe("Recibimos tu solicitud de cotización: LifeBox Nautical");
    expect(parsed.headers.get("mime-version")).toBe("1.0");
    expect(parsed.headers.get("date")).toBeTruthy();
    expect(parsed.text).toBe(mail.text);
    expect(parsed.text).toContain("Hola, Iñaki Peña:");
    expect(parsed.text).toContain("Empresa: Pesquera Ñandú Ltda.");
    expect(parsed.text).toContain("¿Incluye chaleco salvavidas?");
    expect(parsed.text).toContain("Ciudad: Valparaíso");
    expect(parsed.text).toContain("la revisaremos dentro de 24 horas");
    expect(parsed.html).toBe(mail.html);
    expect(await row(id!)).toMatchObject({ status: "sent", sentAt: at(1000).toISOString() });
  });

  it("records an outbox it cannot write as a failed attempt instead of throwing", async () => {
    const blocked = path.join(tempDir, "not-a-folder");
    fs.writeFileSync(blocked, "");
    const transport = createMailTransport({ outboxDir: blocked });
    transports.push(transport);
    const { id } = await enqueueMail(db, { kind: "x", to: "a@example.cl", subject: "s", text: "t" }, t0);
    expect(await deliverDueMail(db, transport, { from, now: t0, logger: quiet })).toEqual({
      sent: 0,
      failed: 0,
      retried: 1,
    });
    expect(await row(id)).toMatchObject({ status: "pending", attempts: 1 });
    expect((await row(id)).lastError).toMatch(/EEXIST|ENOTDIR/);
  });

  it("delivers on its timer, one batch at a time, and stop() waits for the batch", async () => {
    const transport = smtpTransport();
    const worker = startMailWorker(db, transport, { from, intervalMs: 100, limit: 1, logger: quiet });
    workers.push(worker);

    // Queued after the start-up run: the next tick sends it.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const [first] = await queueNotifications(db, [
      { kind: "shop-new-contact", to: "pedidos@lifebox.cl", subject: "Primero", text: "1" },
    ]);
    await waitFor("the first message is sent", async () => (await row(first!)).status === "sent");
    expect(smtp.received).toHaveLength(1);

    // A backlog: drained batch after batch (limit 1), never two at once, although the timer ticks
    // while a batch is still sending.
    smtp.delayMs = 150;
    await queueNotifications(
      db,
      ["a", "b", "c"].map((subject) => ({ kind: "x", to: `${subject}@example.cl`, subject, text: subject })),
    );
    await waitFor("the backlog is drained", () => smtp.received.length === 4);
    expect(smtp.maxConcurrentData).toBe(1);

    // stop() while a message is in flight: it returns once that batch has marked it sent.
    smtp.delayMs = 400;
    const started = smtp.dataStarted;
    const [last] = await queueNotifications(db, [{ kind: "x", to: "z@example.cl", subject: "z", text: "z" }]);
    await waitFor("the last message is in flight", () => smtp.dataStarted > started);
    await worker.stop();
    expect((await row(last!)).status).toBe("sent");

    // Stopped: nothing more is sent.
    const [after] = await queueNotifications(db, [
      { kind: "x", to: "y@example.cl", subject: "y", text: "y" },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await row(after!)).status).toBe("pending");
    expect(smtp.received).toHaveLength(5);
  });
});

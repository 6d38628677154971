import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import {
  claimDueMail,
  mailClaimLeaseMs,
  markFailed,
  markSent,
  type QueuedMail,
  type WrittenMail,
} from "~/models/mail-queue.server";
import type { Db } from "~/infra/db.server";
import type { MailAddress } from "~/infra/env.server";
import { logger as defaultLogger } from "~/infra/logger.server";
import { renderNotification, type RenderedMail } from "~/emails/templates.server";

/**
 * Sending the mail queue (DECISIONS D19). The models queue their notifications inside the
 * submission's own transaction; a worker (startMailWorker) delivers them through
 * an SMTP server, or, when none is configured, writes each message as an .eml file into the outbox
 * folder, so nothing is silently dropped. Failures are retried by the queue's backoff.
 */

/** One message as handed to a transport. */
export interface MailMessage {
  /** The queue row's id; names the outbox file. */
  id?: string;
  from: string | MailAddress;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

export interface MailSendResult {
  messageId: string;
  /** The SMTP server's answer, or the outbox file written. */
  response: string;
}

export interface MailTransport {
  readonly kind: "smtp" | "outbox";
  /** Sends (or writes) one message; rejects when it was not accepted. */
  send(message: MailMessage): Promise<MailSendResult>;
  /** "smtp host:port" or "outbox DIR", for logs (never credentials). */
  describe(): string;
  /** Releases the transport's resources. */
  close(): void;
}

export interface MailTransportOptions {
  /** smtp:// or smtps:// URL (env SMTP_URL); without it, messages go to outboxDir. */
  smtpUrl?: string | undefined;
  /** Folder for .eml files when there is no SMTP server (env outboxDir, DATA_DIR/outbox). */
  outboxDir: string;
}

/** Slow or silent servers must not hold a batch for long (nodemailer waits minutes by default). */
const smtpTimeouts = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** Every message we send is automatic (RFC 3834): auto-responders should not answer it. */
const automaticHeaders = { "Auto-Submitted": "auto-generated" };

function mailOptions(message: MailMessage) {
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    headers: automaticHeaders,
  };
}

function createSmtpTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  const where = `smtp ${url.hostname}:${url.port || (secure ? 465 : 587)}`;
  // Options in the URL's query (?socketTimeout=…) win over these defaults.
  const transporter = nodemailer.createTransport({ ...smtpTimeouts, url: smtpUrl });
  return {
    kind: "smtp",
    async send(message) {
      const info = await transporter.sendMail(mailOptions(message));
      return { messageId: info.messageId, response: String(info.response ?? "") };
    },
    describe: () => where,
    close: () => transporter.close(),
  };
}

/** A file-system-safe name part: what is left of `value` after dropping anything unusual. */
function safeNamePart(value: string): string {
  return value.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 64);
}

function createOutboxTransport(outboxDir: string): MailTransport {
  const dir = path.resolve(outboxDir);
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    kind: "outbox",
    async send(message) {
      const info = await transporter.sendMail(mailOptions(message));
      const raw = info.message;
      if (!Buffer.isBuffer(raw)) throw new Error("The outbox transport did not return the message");
      // ISO time without colons (valid on every file system, still sorts by time).
      const time = new Date().toISOString().replace(/:/g, "");
      const id = safeNamePart(message.id ?? "") || crypto.randomUUID();
      const file = path.join(dir, `${time}-${id}.eml`);
      const temporary = `${file}.${crypto.randomBytes(4).toString("hex")}.tmp`;
      // Customer data: readable by the server's user only. Renamed whole, so a reader of the folder
      // never sees half a message. The folder is made when a message first finds it missing.
      const write = () => fs.writeFile(temporary, raw, { flag: "wx", mode: 0o600 });
      try {
        await write().catch(async (error: NodeJS.ErrnoException) => {
          if (error.code !== "ENOENT") throw error;
          await fs.mkdir(dir, { recursive: true, mode: 0o700 });
          await write();
        });
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
      return { messageId: info.messageId, response: file };
    },
    describe: () => `outbox ${dir}`,
    close: () => transporter.close(),
  };
}

/** An SMTP transport when smtpUrl is set, otherwise one that writes .eml files into outboxDir. */
export function createMailTransport({ smtpUrl, outboxDir }: MailTransportOptions): MailTransport {
  return smtpUrl ? createSmtpTransport(smtpUrl) : createOutboxTransport(outboxDir);
}

export interface DeliverOptions {
  /** Sender of every message (env MAIL_FROM). */
  from: string | MailAddress;
  /** The time used for claiming and marking (tests pass a fixed one); default: the clock. */
  now?: Date | (() => Date);
  /** Messages claimed per batch (default 10). */
  limit?: number;
  logger?: Logger;
}

export interface DeliveryCounts {
  sent: number;
  /** Failed for good (the fifth failure). */
  failed: number;
  /** Failed now, to be retried later. */
  retried: number;
}

export const defaultMailBatchSize = 10;

/**
 * A batch stops taking new messages after this long: the rest of its claim comes back after the
 * lease (mailClaimLeaseMs) instead of possibly being sent twice by a later worker.
 */
const batchTimeBudgetMs = mailClaimLeaseMs / 2;

/** The message's subject and bodies: as queued, or written now by its kind's template. */
function writtenOut(mail: QueuedMail): RenderedMail | WrittenMail {
  if (mail.templateData !== null) return renderNotification(mail.kind, JSON.parse(mail.templateData));
  if (mail.subject === null || mail.text === null) throw new Error("The queued message has no content");
  return { subject: mail.subject, text: mail.text, html: mail.html };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/**
 * Claims the due messages and sends each one, marking it sent or failed (with the error). Logs
 * every outcome without the message body. Never throws: a database or transport problem is logged
 * and the affected messages come back later (by the retry delay or the claim's lease).
 */
export async function deliverDueMail(
  db: Db,
  transport: MailTransport,
  { from, now, limit = defaultMailBatchSize, logger = defaultLogger }: DeliverOptions,
): Promise<DeliveryCounts> {
  const clock = typeof now === "function" ? now : now ? () => now : () => new Date();
  const counts: DeliveryCounts = { sent: 0, failed: 0, retried: 0 };
  const via = transport.describe();

  let batch;
  try {
    batch = await claimDueMail(db, clock(), limit);
  } catch (error) {
    logger.error({ err: errorText(error), via }, "Could not read the mail queue");
    return counts;
  }

  const started = performance.now();
  for (const [index, mail] of batch.entries()) {
    if (performance.now() - started > batchTimeBudgetMs) {
      logger.warn(
        { skipped: batch.length - index, via },
        "Mail batch took too long; the rest will be offered again after the lease",
      );
      break;
    }
    const about = { mailId: mail.id, kind: mail.kind, via };
    let result: MailSendResult;
    try {
      result = await transport.send({ id: mail.id, from, to: mail.to, ...writtenOut(mail) });
    } catch (sendError) {
      try {
        const outcome = await markFailed(db, mail.id, sendError, clock());
        if (outcome?.status === "failed") {
          counts.failed++;
          logger.error(
            { ...about, attempts: outcome.attempts, err: errorText(sendError) },
            "Mail failed for good",
          );
        } else if (outcome) {
          counts.retried++;
          logger.warn(
            {
              ...about,
              attempts: outcome.attempts,
              nextAttemptAt: outcome.nextAttemptAt,
              err: errorText(sendError),
            },
            "Mail not sent; will retry",
          );
        } else {
          // Its claim had expired and another worker already settled it.
          logger.warn({ ...about, err: errorText(sendError) }, "Mail not sent; its queue row had changed");
        }
      } catch (markError) {
        counts.retried++;
        logger.error(
          { ...about, err: errorText(sendError), markErr: errorText(markError) },
          "Mail not sent, and the failure could not be recorded; it comes back after the lease",
        );
      }
      continue;
    }
    counts.sent++;
    try {
      await markSent(db, mail.id, clock());
      logger.info({ ...about, messageId: result.messageId }, "Mail sent");
    } catch (markError) {
      logger.error(
        { ...about, messageId: result.messageId, err: errorText(markError) },
        "Mail sent but not marked as sent; it may be sent again after the lease",
      );
    }
  }
  return counts;
}

export interface MailWorkerOptions extends DeliverOptions {
  /** Time between runs (default 2 s: mail leaves soon after the order, and an idle query is cheap). */
  intervalMs?: number;
}

/** A running mail worker. */
export interface MailWorkerHandle {
  /** Stops the timer and waits for the running batch, if any. Idempotent. */
  stop(): Promise<void>;
}

export const defaultMailIntervalMs = 2_000;

/**
 * One loop on a timer: every intervalMs it delivers the due mail, batch after batch while batches
 * come back full, so a backlog drains without waiting. Never two runs at once. Starts with a run
 * (mail queued while the server was down). Does not close the transport.
 */
export function startMailWorker(
  db: Db,
  transport: MailTransport,
  { intervalMs = defaultMailIntervalMs, ...deliverOptions }: MailWorkerOptions,
): MailWorkerHandle {
  const log = deliverOptions.logger ?? defaultLogger;
  const batchSize = deliverOptions.limit ?? defaultMailBatchSize;
  let stopped = false;
  let running: Promise<void> | undefined;

  const run = () => {
    if (stopped || running) return;
    running = (async () => {
      try {
        let counts;
        do {
          counts = await deliverDueMail(db, transport, deliverOptions);
        } while (!stopped && counts.sent + counts.failed + counts.retried >= batchSize);
      } catch (error) {
        // deliverDueMail does not throw; this only guards the timer from an unhandled rejection.
        log.error({ err: errorText(error) }, "Mail worker run failed");
      } finally {
        running = undefined;
      }
    })();
  };

  const timer = setInterval(run, intervalMs);
  timer.unref();
  log.info({ via: transport.describe(), intervalMs }, "Mail worker started");
  run();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

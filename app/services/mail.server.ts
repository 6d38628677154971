import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import {
  claimDueMail,
  errorText,
  mailClaimLeaseMs,
  markFailed,
  markSent,
  type QueuedMail,
} from "~/models/mail-queue.server";
import type { Db } from "~/infra/db.server";
import type { MailAddress } from "~/infra/env.server";
import { logger as defaultLogger } from "~/infra/logger.server";
import { renderNotification } from "~/emails/templates.server";

// Sending the mail queue (docs/product.md#d19): through SMTP, or, when none is configured, as .eml files
// in the outbox folder, so nothing is silently dropped. Failures are retried by the queue's backoff.

interface MailMessage {
  /** The queue row's id; names the outbox file. */
  id: string;
  from: string | MailAddress;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

export interface MailTransport {
  /** Sends (or writes) one message; rejects when it was not accepted. */
  send(message: MailMessage): Promise<{ messageId: string }>;
  /** "smtp host:port" or "outbox DIR", for logs (never credentials). */
  describe(): string;
  close(): void;
}

/** Slow or silent servers must not hold a batch for long (nodemailer waits minutes by default). */
const smtpTimeouts = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

function mailOptions({ from, to, subject, text, html }: MailMessage) {
  // Every message we send is automatic (RFC 3834): auto-responders should not answer it.
  return {
    from,
    to,
    subject,
    text,
    ...(html ? { html } : {}),
    headers: { "Auto-Submitted": "auto-generated" },
  };
}

function createSmtpTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  const where = `smtp ${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)}`;
  // Options in the URL's query (?socketTimeout=…) win over these defaults.
  const transporter = nodemailer.createTransport({ ...smtpTimeouts, url: smtpUrl });
  return {
    send: (message) => transporter.sendMail(mailOptions(message)),
    describe: () => where,
    close: () => transporter.close(),
  };
}

function createOutboxTransport(outboxDir: string): MailTransport {
  const dir = path.resolve(outboxDir);
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    async send(message) {
      const info = await transporter.sendMail(mailOptions(message));
      // ISO time without colons (valid on every file system, still sorts by time).
      const time = new Date().toISOString().replace(/:/g, "");
      const id = message.id.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 64) || crypto.randomUUID();
      const file = path.join(dir, `${time}-${id}.eml`);
      const temporary = `${file}.${crypto.randomBytes(4).toString("hex")}.tmp`;
      // Customer data: readable by the server's user only. Renamed whole, so a reader of the folder
      // never sees half a message.
      try {
        await fs.mkdir(dir, { recursive: true, mode: 0o700 });
        await fs.writeFile(temporary, info.message as Buffer, { flag: "wx", mode: 0o600 });
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
      return { messageId: info.messageId };
    },
    describe: () => `outbox ${dir}`,
    close: () => transporter.close(),
  };
}

/** An SMTP transport when smtpUrl is set, otherwise one that writes .eml files into outboxDir. */
export function createMailTransport({ smtpUrl, outboxDir }: { smtpUrl?: string; outboxDir: string }) {
  return smtpUrl ? createSmtpTransport(smtpUrl) : createOutboxTransport(outboxDir);
}

interface DeliverOptions {
  /** Sender of every message (env MAIL_FROM). */
  from: string | MailAddress;
  /** The time used for claiming and marking (tests pass a fixed one); default: the clock. */
  now?: Date;
  /** Messages claimed per batch. */
  limit?: number;
  logger?: Logger;
}

/**
 * A batch stops taking new messages after this long: the rest of its claim comes back after the
 * lease instead of possibly being sent twice by a later worker.
 */
const batchTimeBudgetMs = mailClaimLeaseMs / 2;
const defaultBatchSize = 10;

/** The message's subject and bodies: as queued, or written now by its kind's template. */
function writtenOut(mail: QueuedMail) {
  if (mail.templateData !== null) return renderNotification(mail.kind, JSON.parse(mail.templateData));
  if (mail.subject === null || mail.text === null) throw new Error("The queued message has no content");
  return { subject: mail.subject, text: mail.text, html: mail.html };
}

/**
 * Claims the due messages and sends each one, marking it sent or failed (with the error). Logs
 * every outcome without the message body. Never throws: a database or transport problem is logged
 * and the affected messages come back later (by the retry delay or the claim's lease).
 */
export async function deliverDueMail(
  db: Db,
  transport: MailTransport,
  { from, now, limit = defaultBatchSize, logger = defaultLogger }: DeliverOptions,
) {
  const clock = () => now ?? new Date();
  const counts = { sent: 0, failed: 0, retried: 0 };
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
    let messageId: string;
    try {
      ({ messageId } = await transport.send({ id: mail.id, from, to: mail.to, ...writtenOut(mail) }));
    } catch (sendError) {
      const err = errorText(sendError);
      try {
        const outcome = await markFailed(db, mail.id, sendError, clock());
        if (outcome?.status === "failed") {
          counts.failed++;
          logger.error({ ...about, attempts: outcome.attempts, err }, "Mail failed for good");
        } else if (outcome) {
          counts.retried++;
          const { attempts, nextAttemptAt } = outcome;
          logger.warn({ ...about, attempts, nextAttemptAt, err }, "Mail not sent; will retry");
        } else {
          // Its claim had expired and another worker already settled it.
          logger.warn({ ...about, err }, "Mail not sent; its queue row had changed");
        }
      } catch (markError) {
        counts.retried++;
        logger.error(
          { ...about, err, markErr: errorText(markError) },
          "Mail not sent, and the failure could not be recorded; it comes back after the lease",
        );
      }
      continue;
    }
    counts.sent++;
    try {
      await markSent(db, mail.id, clock());
      logger.info({ ...about, messageId }, "Mail sent");
    } catch (markError) {
      logger.error(
        { ...about, messageId, err: errorText(markError) },
        "Mail sent but not marked as sent; it may be sent again after the lease",
      );
    }
  }
  return counts;
}

export interface MailWorkerHandle {
  /** Stops the timer and waits for the running batch, if any. Idempotent. */
  stop(): Promise<void>;
}

/**
 * One loop on a timer: every intervalMs (default 2 s) it delivers the due mail, batch after batch
 * while batches come back full, so a backlog drains without waiting. Never two runs at once. Starts
 * with a run (mail queued while the server was down). Does not close the transport.
 */
export function startMailWorker(
  db: Db,
  transport: MailTransport,
  { intervalMs = 2_000, ...deliverOptions }: DeliverOptions & { intervalMs?: number },
): MailWorkerHandle {
  const log = deliverOptions.logger ?? defaultLogger;
  const batchSize = deliverOptions.limit ?? defaultBatchSize;
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

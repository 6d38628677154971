import { Worker } from "node:worker_threads";
import type { Logger } from "pino";
import type { FormName } from "~/lib/submission";
import { markChallengeUsed } from "~/models/captcha-replay.server";
import {
  storeSubmission,
  type StoredSubmissions,
  type SubmissionValues,
} from "~/services/customer-submissions.server";
import { getDb, type Db } from "~/services/db.server";
import { getCaptchaSettings, verifyCaptcha, type CaptchaSettings } from "~/services/captcha.server";
import { getEnv } from "~/services/env.server";
import { runInSharedTransaction } from "~/services/write-batches.server";

/**
 * Where the public forms' submissions are written (docs/decisions/022-submission-writer-thread.md).
 *
 * A submission that passed the request thread's checks (services/submissions.server.ts) becomes a
 * SubmissionWrite: plain data, the form's checked value and its captcha solution. Writing it checks
 * the solution, marks its challenge used and stores the value with its e-mails, all or nothing, in
 * a transaction shared with the submissions arriving at the same time
 * (services/write-batches.server.ts).
 *
 * With the embedded SQLite database the production server writes them in a worker thread with its
 * own connection (server/submission-writer-thread.ts), so the request thread spends its time on
 * HTTP and checks while the second core runs the SQL. Elsewhere (PostgreSQL, development, tests)
 * they are written in the process itself, by the same code.
 */

export interface SubmissionWrite<F extends FormName = FormName> {
  form: F;
  value: SubmissionValues[F];
  /** The form's `altcha` field as posted (null when it was not there). */
  captcha: string | null;
}

/** Why the captcha refused a submission: not there, not ours, too old, or used already. */
export type CaptchaRefusal = "missing" | "invalid" | "expired" | "used";

/** Stored, or refused by the captcha (with nothing stored). */
export type WriteOutcome<F extends FormName = FormName> =
  { refused: CaptchaRefusal; stored?: undefined } | { refused?: undefined; stored: StoredSubmissions[F] };

export interface SubmissionWriter {
  /** Resolves once the submission is committed (or refused); rejects when nothing was stored. */
  write<F extends FormName>(submission: SubmissionWrite<F>): Promise<WriteOutcome<F>>;
  /** Lets the writes in progress finish, then releases what the writer holds. */
  close(): Promise<void>;
}

type StoreSettings = Parameters<typeof storeSubmission>[3];

/**
 * Writes one submission into `db` (see above): checks its captcha solution (signature, expiry,
 * work: no database needed), then, in the shared transaction, marks the challenge used and stores
 * the value. The solution's check runs here rather than on the request thread because it is the
 * most costly check, and this thread has time to spare.
 */
export async function writeSubmission<F extends FormName>(
  db: Db,
  { form, value, captcha }: SubmissionWrite<F>,
  {
    store = getEnv(),
    captchaSettings = getCaptchaSettings(),
  }: { store?: StoreSettings; captchaSettings?: CaptchaSettings } = {},
): Promise<WriteOutcome<F>> {
  const check = await verifyCaptcha(captchaSettings, captcha);
  if (!check.ok) return { refused: check.reason };
  return runInSharedTransaction(db, async (trx): Promise<WriteOutcome<F>> => {
    if (!(await markChallengeUsed(trx, check.challengeId, check.expiresAt))) return { refused: "used" };
    return { stored: await storeSubmission(trx, form, value, store) };
  });
}

/** Writes in this process, into the process-wide database (as it is at the time of writing). */
export function inProcessWriter(): SubmissionWriter {
  return {
    write: (submission) => writeSubmission(getDb(), submission),
    close: async () => {},
  };
}

// --- across a message port ----------------------------------------------------------------------

/** The side of a worker thread or message port this protocol needs. */
export interface MessageEnd {
  postMessage(message: unknown): void;
  on(event: "message", listener: (message: unknown) => void): unknown;
  off(event: "message", listener: (message: unknown) => void): unknown;
}

/** What the requesting side may ask of the writing side besides writes. */
export interface WriterControls {
  /** The checkpoint worker stopped: the writing connection must checkpoint on commit again. */
  checkpointOnCommit?: () => void;
}

type WriterRequest =
  { id: number; submission: SubmissionWrite } | { control: keyof WriterControls } | { stop: true };
type WriterReply = { id: number; outcome: WriteOutcome } | { id: number; error: string } | { stopped: true };

/**
 * The writing side: answers every submission posted to `end` with its outcome, or with the error
 * that kept it from being stored, and runs the controls it is sent. On { stop: true } it waits for
 * the writes in progress, calls `onStop` (close the database) and answers { stopped: true }.
 */
export function serveSubmissionWrites(
  end: MessageEnd,
  write: (submission: SubmissionWrite) => Promise<WriteOutcome>,
  controls: WriterControls = {},
  onStop: () => Promise<void> = async () => {},
): void {
  const inProgress = new Set<Promise<void>>();
  const listener = (message: unknown) => {
    const request = message as WriterRequest;
    if ("control" in request) {
      controls[request.control]?.();
      return;
    }
    if ("stop" in request) {
      end.off("message", listener);
      void Promise.allSettled([...inProgress])
        .then(onStop)
        .finally(() => end.postMessage({ stopped: true } satisfies WriterReply));
      return;
    }
    const { id, submission } = request;
    const done = write(submission).then(
      (outcome) => end.postMessage({ id, outcome } satisfies WriterReply),
      (error: unknown) =>
        end.postMessage({
          id,
          error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        } satisfies WriterReply),
    );
    inProgress.add(done);
    void done.finally(() => inProgress.delete(done));
  };
  end.on("message", listener);
}

/** The writer's side of the port failed to store a submission; its message says why. */
export class SubmissionWriteError extends Error {
  override name = "SubmissionWriteError";
}

/** The writing side stopped before it answered: the submission may or may not have been committed. */
export class SubmissionWriterLostError extends Error {
  override name = "SubmissionWriterLostError";
}

interface Pending {
  resolve: (outcome: WriteOutcome) => void;
  reject: (error: Error) => void;
}

/**
 * The requesting side over `end`: each write is posted and settles with the writing side's answer.
 * `abandon(reason)` rejects every write still waiting (the other side is gone).
 */
export function portWriter(end: MessageEnd) {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let stopped: (() => void) | undefined;
  end.on("message", (message: unknown) => {
    const reply = message as WriterReply;
    if ("stopped" in reply) {
      stopped?.();
      return;
    }
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if ("outcome" in reply) waiting.resolve(reply.outcome);
    else waiting.reject(new SubmissionWriteError(reply.error));
  });
  return {
    write<F extends FormName>(submission: SubmissionWrite<F>): Promise<WriteOutcome<F>> {
      const id = nextId++;
      return new Promise<WriteOutcome<F>>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (outcome: WriteOutcome) => void, reject });
        end.postMessage({ id, submission } satisfies WriterRequest);
      });
    },
    /** How many writes wait for their answer. */
    get waiting() {
      return pending.size;
    },
    /** Asks the writing side to run one of its controls. */
    control(control: keyof WriterControls) {
      end.postMessage({ control } satisfies WriterRequest);
    },
    /** Asks the writing side to finish its writes and stop; resolves when it has. */
    stop(): Promise<void> {
      return new Promise<void>((resolve) => {
        stopped = resolve;
        end.postMessage({ stop: true } satisfies WriterRequest);
      });
    },
    abandon(reason: Error) {
      for (const waiting of pending.values()) waiting.reject(reason);
      pending.clear();
    },
  };
}

// --- the worker thread --------------------------------------------------------------------------

export interface WriterThreadOptions {
  /** The built worker entry (build/server/submission-writer-thread.js). */
  entry: URL;
  /** The SQLite database's folder (env DATA_DIR), opened by the thread with its own connection. */
  dataDir: string;
  logger: Pick<Logger, "error" | "warn" | "info">;
  /** Where writes go once the thread is gone (default: this process). */
  fallback?: SubmissionWriter;
  /** Called once if the thread stops unexpectedly (the server then sends the mail itself). */
  onLost?: () => void;
}

/**
 * Starts the writer thread, which also delivers the mail queue (its writes would otherwise wait for
 * the thread's). If it stops unexpectedly, the writes waiting for it are refused (the customer is
 * told to try again; whether the last batch was committed cannot be known), every later write goes
 * to `fallback`, so the shop keeps taking orders, and `onLost` is called.
 */
export function startSubmissionWriterThread({
  entry,
  dataDir,
  logger,
  fallback = inProcessWriter(),
  onLost,
}: WriterThreadOptions): SubmissionWriter & { checkpointOnCommit(): void } {
  const worker = new Worker(entry, { workerData: { dataDir } });
  const port = portWriter(worker);
  let closing = false;
  let lost = false;
  const exited = new Promise<void>((resolve) => {
    worker.once("exit", (code) => {
      if (!closing) {
        lost = true;
        logger.error(
          { code, unanswered: port.waiting },
          "The submission writer thread stopped; submissions are written by the request thread from now on",
        );
        port.abandon(
          new SubmissionWriterLostError("The submission writer thread stopped before it answered"),
        );
        onLost?.();
      }
      resolve();
    });
  });
  worker.on("error", (error) => logger.error({ err: error }, "The submission writer thread failed"));
  return {
    write(submission) {
      return lost ? fallback.write(submission) : port.write(submission);
    },
    /** The checkpoint worker stopped: the thread's connection checkpoints on commit again. */
    checkpointOnCommit() {
      if (!lost && !closing) port.control("checkpointOnCommit");
    },
    async close() {
      if (!closing && !lost) {
        closing = true;
        await port.stop();
        // Its work is done and its database closed; nothing may keep the thread alive now.
        await worker.terminate();
      }
      closing = true;
      await exited;
    },
  };
}

// --- the process-wide writer --------------------------------------------------------------------

// Kept on globalThis like the database, so development hot reloads of this module find it.
const holder = globalThis as typeof globalThis & { __lifeboxSubmissionWriter?: SubmissionWriter };
const defaultWriter = inProcessWriter();

/** The writer the public forms use: the one set at start-up, otherwise this process. */
export function getSubmissionWriter(): SubmissionWriter {
  return holder.__lifeboxSubmissionWriter ?? defaultWriter;
}

/** Sets (or, with undefined, forgets) the process-wide writer; server/app.ts does this. */
export function setSubmissionWriter(writer: SubmissionWriter | undefined): void {
  holder.__lifeboxSubmissionWriter = writer;
}

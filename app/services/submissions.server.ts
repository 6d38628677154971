import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { Readable } from "node:stream";
import type { z } from "zod";
import { submissionMessages } from "~/content/forms";
import { honeypotFieldName, type FormName, type SubmissionReply } from "~/lib/submission";
import { captchaFieldName, getCaptchaSettings, type CaptchaSettings } from "~/services/captcha.server";
import type { StoredSubmissions, SubmissionValues } from "~/services/customer-submissions.server";
import { getEnv } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { kickMailWorker } from "~/services/mail.server";
import { getSubmissionWriter, type SubmissionWriter } from "~/services/submission-writer.server";

/**
 * One path for everything a visitor submits (orders, quotations, contact messages, newsletter
 * sign-ups), so the protections of DECISIONS D13 cannot be forgotten by one form:
 *
 * 1. the per-form, per-IP rate limit (429), before the body is read;
 * 2. the body, read up to a size limit (413) and parsed as a form (400/415);
 * 3. the honeypot field, which people never see (400);
 * 4. the form's zod schema, the same one the browser used (400 with a message per field);
 * 5. the ALTCHA solution: signature, expiry and work (403).
 *
 * Only then is the database touched, by the submission writer (services/submission-writer.server.ts):
 * all or nothing, the captcha challenge is marked used (a replay is refused with 403 and nothing
 * stored), the submission stored and its e-mails queued, in a transaction shared with the
 * submissions arriving at the same time. After the commit the mail worker is kicked; sending never
 * blocks the answer (D19).
 */

/** Largest body a public form may send; a long contact message of accented text fits easily. */
export const maxSubmissionBytes = 64 * 1024;
export const formRateWindowMs = 10 * 60_000;

export interface SubmissionSettings {
  captcha: CaptchaSettings;
  /** Submissions per form, IP and window (env FORM_RATE_LIMIT). */
  rateLimit: number;
}

let current: SubmissionSettings | undefined;

/** This process's settings, from the environment (the captcha secret resolved once). */
export function getSubmissionSettings(): SubmissionSettings {
  current ??= { captcha: getCaptchaSettings(), rateLimit: getEnv().FORM_RATE_LIMIT };
  return current;
}

// --- rate limit ---------------------------------------------------------------------------------

interface Window {
  count: number;
  resetAt: number;
}

const windows = new Map<string, Window>();
const maxTrackedWindows = 50_000;

/** Counts one submission of `form` from `ip`; false once the limit for this window is passed. */
export function takeSubmissionSlot(form: FormName, ip: string, limit: number, now = Date.now()): boolean {
  const key = `${form}\u0000${ip}`;
  let window = windows.get(key);
  if (!window || window.resetAt <= now) {
    if (windows.size >= maxTrackedWindows) {
      for (const [staleKey, stale] of windows) if (stale.resetAt <= now) windows.delete(staleKey);
    }
    window = { count: 0, resetAt: now + formRateWindowMs };
    windows.set(key, window);
  }
  window.count += 1;
  return window.count <= limit;
}

/** Forgets every counted submission (tests start from a clean slate). */
export function resetSubmissionSlots(): void {
  windows.clear();
}

// --- body ---------------------------------------------------------------------------------------

class BodyError extends Error {
  readonly status: 400 | 413 | 415;
  constructor(status: 400 | 413 | 415) {
    super(`Form body refused with ${status}`);
    this.status = status;
  }
}

/**
 * Where a form body comes from: a Fetch `Request` (React Router actions, tests) or the raw Node
 * request (the Express form endpoint, which answers before React Router is involved).
 */
export interface FormBodySource {
  contentType: string | null | undefined;
  contentLength: string | null | undefined;
  body: AsyncIterable<Uint8Array> | null;
}

export function bodyOfRequest(request: Request): FormBodySource {
  return {
    contentType: request.headers.get("content-type"),
    contentLength: request.headers.get("content-length"),
    body: request.body as AsyncIterable<Uint8Array> | null,
  };
}

async function readIterable(body: AsyncIterable<Uint8Array>, limit: number): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const iterator = body[Symbol.asyncIterator]();
  for (;;) {
    const { done, value } = await iterator.next();
    if (done) return chunks;
    size += value.byteLength;
    if (size > limit) {
      await iterator.return?.().catch(() => {});
      throw new BodyError(413);
    }
    chunks.push(value);
  }
}

/**
 * The same for a Node stream (the Express endpoint's request), read through its events: an async
 * iterator costs several times more for a body that arrives in one chunk.
 */
function readStream(stream: Readable, limit: number): Promise<Uint8Array[]> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    // The error listener stays: an error after the end (a reset socket) is then not unhandled.
    const finish = (error?: unknown) => {
      stream.off("data", onData).off("end", onEnd);
      if (error === undefined) resolve(chunks);
      else reject(error);
    };
    const onData = (chunk: Uint8Array) => {
      size += chunk.byteLength;
      if (size > limit) {
        stream.destroy();
        finish(new BodyError(413));
      } else {
        chunks.push(chunk);
      }
    };
    const onEnd = () => finish();
    stream.on("data", onData).on("end", onEnd).on("error", finish);
  });
}

/**
 * Reads a form body, refusing more than `limit` bytes without reading them all. A urlencoded body
 * (every form without JavaScript, and the page's script) stays URLSearchParams, which Conform
 * reads like FormData at a fraction of the cost.
 */
export async function readFormBody(
  input: Request | FormBodySource,
  limit = maxSubmissionBytes,
): Promise<FormData | URLSearchParams> {
  const source = input instanceof Request ? bodyOfRequest(input) : input;
  const type = (source.contentType ?? "").toLowerCase();
  const mediaType = type.split(";")[0]!.trim();
  if (mediaType !== "application/x-www-form-urlencoded" && mediaType !== "multipart/form-data") {
    throw new BodyError(415);
  }
  const declared = Number(source.contentLength ?? "0");
  if (declared > limit) throw new BodyError(413);
  const chunks = !source.body
    ? []
    : source.body instanceof Readable
      ? await readStream(source.body, limit)
      : await readIterable(source.body, limit);
  try {
    const bytes = Buffer.concat(chunks);
    if (mediaType === "application/x-www-form-urlencoded") return new URLSearchParams(bytes.toString("utf8"));
    return await new Response(bytes, { headers: { "content-type": type } }).formData();
  } catch {
    throw new BodyError(400);
  }
}

// --- the pipeline -------------------------------------------------------------------------------

/** A refused submission: the HTTP status and what the form shows. */
export interface Refusal {
  ok: false;
  status: number;
  reply: SubmissionReply<never>;
}

/**
 * A refusal with a message for the whole form. Given the parsed submission, the answer also carries
 * the typed values, so a page answered without JavaScript shows them again.
 */
function refuse(
  status: number,
  formMessage: string,
  captchaRejected = false,
  submission?: { reply: (options: { formErrors: string[] }) => SubmissionResult<string[]> },
): Refusal {
  return {
    ok: false,
    status,
    reply: {
      status: "error",
      result: submission
        ? submission.reply({ formErrors: [formMessage] })
        : { status: "error", error: { "": [formMessage] } },
      formMessage,
      captchaRejected,
    },
  };
}

export interface ProcessSubmissionOptions<F extends FormName> {
  /** The form body: a Fetch Request or a Node request (see FormBodySource). */
  request: Request | FormBodySource;
  clientIp: string;
  form: F;
  schema: z.ZodType<SubmissionValues[F], unknown>;
  /** What the page decides rather than the form's fields (the kit), applied to the checked value. */
  fromPage?: (value: SubmissionValues[F]) => SubmissionValues[F];
  settings?: SubmissionSettings;
  /** The message for a storage failure (SPEC §8). */
  failureMessage: string;
  /** Where the submission is written (default: the process-wide writer). */
  writer?: SubmissionWriter;
}

export type ProcessedSubmission<F extends FormName> =
  | {
      ok: true;
      value: SubmissionValues[F];
      stored: StoredSubmissions[F];
      /** The Conform result that clears the form. */
      result: SubmissionResult<string[]>;
    }
  | Refusal;

/**
 * Runs the checks above and stores the submission. The caller turns the outcome into its answer
 * (services/public-forms.server.ts).
 */
export async function processSubmission<F extends FormName>(
  options: ProcessSubmissionOptions<F>,
): Promise<ProcessedSubmission<F>> {
  const { request, clientIp, form, schema, fromPage, failureMessage } = options;
  const settings = options.settings ?? getSubmissionSettings();

  if (!takeSubmissionSlot(form, clientIp, settings.rateLimit)) {
    logger.warn({ form, ip: clientIp }, "Form rate limit reached");
    return refuse(429, submissionMessages.rateLimited);
  }

  let formData: FormData | URLSearchParams;
  try {
    formData = await readFormBody(request);
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    logger.warn({ form, ip: clientIp, status: error.status }, "Form body refused");
    return refuse(
      error.status,
      error.status === 413 ? submissionMessages.tooLarge : submissionMessages.malformed,
    );
  }

  const honeypot = formData.get(honeypotFieldName);
  if (typeof honeypot !== "string" || honeypot !== "") {
    logger.warn({ form, ip: clientIp }, "Honeypot field filled or missing");
    return refuse(400, submissionMessages.honeypot);
  }

  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return { ok: false, status: 400, reply: { status: "error", result: submission.reply() } };
  }

  const value = fromPage ? fromPage(submission.value) : submission.value;
  const writer = options.writer ?? getSubmissionWriter();
  const captcha = formData.get(captchaFieldName);
  let stored: StoredSubmissions[F];
  try {
    const outcome = await writer.write({
      form,
      value,
      captcha: typeof captcha === "string" ? captcha : null,
    });
    if (outcome.refused) {
      const reason = outcome.refused;
      logger.warn(
        { form, ip: clientIp, reason },
        reason === "used" ? "Captcha solution used twice" : "Captcha refused",
      );
      const message =
        reason === "missing" ? submissionMessages.captchaMissing : submissionMessages.captchaInvalid;
      return refuse(403, message, true, submission);
    }
    stored = outcome.stored;
  } catch (error) {
    // Nothing of it was committed, so the captcha solution is still unused. (Only when the writer
    // thread stops mid-batch can the outcome not be known; the writer logs that.)
    logger.error({ form, err: error }, "Storing a submission failed");
    return refuse(503, failureMessage, false, submission);
  }
  kickMailWorker();
  return {
    ok: true,
    value,
    stored,
    result: submission.reply({ resetForm: true }),
  };
}

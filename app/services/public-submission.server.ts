import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { submissionMessages } from "~/content/forms";
import type { ConcurrencyLimit } from "~/lib/concurrency";
import { captchaFieldName, honeypotFieldName, type FormName, type SubmissionReply } from "~/lib/submission";
import { ChallengeUsedError, useChallenge } from "~/models/captcha-replay.server";
import { getCaptchaSettings, verifyCaptcha } from "~/services/captcha.server";
import { getDb, inTransaction, type Db } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { bodyRefusalMessage } from "~/infra/request-body.server";
import { readSubmissionBody, type UploadLimits } from "~/infra/upload-body.server";

/**
 * The one way in for what the public sends (docs/decisions/014, 054, 069): the order,
 * the cart's checkout, the quotation, contact, the newsletter and the gallery upload. In order: the
 * rate limit counted by server/app.ts (429); the body read with its limits as it streams (413, 415,
 * 400; an upload's also 408); the honeypot (400); the form's zod schema (400 per field); a check of
 * the shop's configuration (422); the ALTCHA solution (403); then one transaction that marks the
 * challenge used (a replay is 403) and runs the model's `save` (a failure is 503 with the form's
 * message, nothing kept, the captcha unspent). An upload's fields are all this before its file is
 * read: `save` is its check before the file (committed with the spent challenge), and `store` what
 * it does with the file once read, within a bounded number of uploads at once. Every refusal is the
 * form's reply with what was typed (never the captcha's solution), so a page without JavaScript
 * shows it again; a client's mistake is logged as a warning, never as an error.
 */

export interface PublicSubmissionContext {
  /** The visitor's IP (server/app.ts), for the logs. */
  clientIp: string;
  /** Set by server/app.ts when this IP has used up its submissions of this form. */
  formRateLimited?: boolean;
}

interface Reason {
  formMessage?: string;
  fieldErrors?: Record<string, string[]>;
}

/**
 * What a `save` or an upload's `store` answers instead of storing: the visitor is told `reason`
 * with `status`. It is not a failure: the transaction commits (a save that refuses writes nothing
 * else), so the challenge stays used and the form solves a new one.
 */
export class SubmissionRefusal {
  constructor(
    readonly status: number,
    readonly reason: Reason,
  ) {}
}

/** A form with one file, read last and only once its fields passed every step and `save`. */
export interface UploadSteps<Saved, Stored> extends UploadLimits {
  messages: { missing: string; tooLarge: string; tooSlow: string; busy: string };
  /** The uploads read and processed at once, and how long one waits for a place (then 503, busy). */
  places: ConcurrencyLimit;
  placeWaitMs: number;
  /** The file read, with what `save` returned: stored, or refused. A throw is a 503. */
  store: (file: Uint8Array, saved: Saved) => Promise<Stored | SubmissionRefusal>;
}

type Refused = { ok: false; refusal: ReturnType<typeof data<SubmissionReply>> };

export type SubmissionOutcome<Value, Stored> =
  { ok: true; value: Value; stored: Stored; result: SubmissionResult<string[]> } | Refused;

/** A parsed form, whose reply keeps what was typed. */
type Parsed = Pick<Submission<unknown>, "reply">;

/** Text fields only: a File is never sent back, and the captcha's solution is not worth sending. */
function typedValues(fields: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of fields) {
    if (typeof value === "string" && name !== captchaFieldName) values[name] = value;
  }
  return values;
}

/**
 * A refusal: `reason` with what was typed — the parsed form's (with the schema's own messages), or
 * the fields read before the form could be parsed — and whether the form must solve a new captcha.
 */
function refuse(
  status: number,
  { formMessage, fieldErrors }: Reason,
  { typed, captchaRejected = false }: { typed?: Parsed | FormData; captchaRejected?: boolean } = {},
): Refused {
  const formErrors = formMessage ? { formErrors: [formMessage] } : {};
  let result: SubmissionResult<string[]>;
  if (typed && !(typed instanceof FormData)) {
    result = typed.reply({
      ...formErrors,
      ...(fieldErrors ? { fieldErrors } : {}),
      hideFields: [captchaFieldName],
    });
  } else {
    const initialValue = typed ? typedValues(typed) : {};
    result = {
      status: "error",
      ...(Object.keys(initialValue).length > 0 ? { initialValue } : {}),
      error: { ...fieldErrors, ...(formMessage ? { "": [formMessage] } : {}) },
    };
  }
  const reply: SubmissionReply = {
    status: "error",
    result,
    ...(formMessage ? { formMessage } : {}),
    ...(captchaRejected ? { captchaRejected } : {}),
  };
  return { ok: false, refusal: data(reply, { status }) };
}

/** Runs the steps above on `request`, then `save` with the checked value (and an upload's `store`). */
export async function submitPublic<Schema extends z.ZodType, Saved, Stored = Saved>({
  request,
  context,
  form,
  schema,
  failureMessage,
  check,
  save,
  upload,
}: {
  request: Request;
  context: PublicSubmissionContext;
  form: FormName;
  schema: Schema;
  /** What the form says when storing failed. */
  failureMessage: string;
  /**
   * A check of the valid value that depends on the shop's configuration, not on the schema (the
   * link-only shop refuses a shipping to be quoted): field messages, and under "" the form's,
   * answered 422 before the captcha.
   */
  check?: (value: z.output<Schema>) => Record<string, string[]> | undefined;
  /** The model's save, in the transaction that marks the challenge used. */
  save: (trx: Db, value: z.output<Schema>) => Promise<Saved | SubmissionRefusal>;
  upload?: UploadSteps<Saved, Stored>;
}): Promise<SubmissionOutcome<z.output<Schema>, Stored>> {
  const log = { form, ip: context.clientIp };
  if (context.formRateLimited) {
    logger.warn(log, "Form rate limit reached");
    return refuse(429, { formMessage: submissionMessages.rateLimited });
  }

  type Checked =
    Refused | { ok: true; submission: Parsed; value: z.output<Schema>; saved: Saved; release?: () => void };
  /** Every step on the text fields; an upload's run when its file begins, before it is read. */
  const checkFields = async (fields: FormData, hasFile: boolean): Promise<Checked> => {
    if (upload && hasFile && !fields.has(captchaFieldName) && !fields.has(honeypotFieldName)) {
      // The file came before the fields that follow it in the page (a post without JavaScript,
      // which cannot solve the captcha): nothing after it is read.
      logger.warn(log, "Upload without its captcha before the file");
      const formMessage = submissionMessages.captchaMissing;
      return refuse(403, { formMessage }, { typed: fields, captchaRejected: true });
    }
    if (fields.get(honeypotFieldName) !== "") {
      logger.warn(log, "Honeypot field filled or missing");
      return refuse(400, { formMessage: submissionMessages.honeypot }, { typed: fields });
    }

    const submission = parseWithZod(fields, { schema });
    const noFile = upload && !hasFile ? { [upload.fileField]: [upload.messages.missing] } : undefined;
    if (submission.status !== "success" || noFile)
      return refuse(400, { fieldErrors: noFile }, { typed: submission });

    const refused = check?.(submission.value);
    if (refused) {
      // Under "": a message for the whole form (the cart changed meanwhile, say).
      const { "": formErrors, ...fieldErrors } = refused;
      return refuse(422, { formMessage: formErrors?.[0], fieldErrors }, { typed: submission });
    }

    const captcha = await verifyCaptcha(getCaptchaSettings(), form, fields.get(captchaFieldName));
    if (!captcha.ok) {
      logger.warn({ ...log, reason: captcha.reason }, "Captcha refused");
      const formMessage =
        captcha.reason === "missing" ? submissionMessages.captchaMissing : submissionMessages.captchaInvalid;
      return refuse(403, { formMessage }, { typed: submission, captchaRejected: true });
    }

    let saved: Saved | SubmissionRefusal;
    try {
      saved = await inTransaction(getDb(), async (trx) => {
        await useChallenge(trx, { id: captcha.challengeId, expiresAt: captcha.expiresAt });
        return save(trx, submission.value);
      });
    } catch (error) {
      if (error instanceof ChallengeUsedError) {
        logger.warn(log, "Captcha solution used twice");
        const formMessage = submissionMessages.captchaInvalid;
        return refuse(403, { formMessage }, { typed: submission, captchaRejected: true });
      }
      // Nothing of it was committed, so the captcha solution is still unused.
      logger.error({ ...log, err: error }, "Storing a submission failed");
      return refuse(503, { formMessage: failureMessage }, { typed: submission });
    }
    // From here on the challenge is spent: every refusal tells the form to solve a new one.
    if (saved instanceof SubmissionRefusal) {
      return refuse(saved.status, saved.reason, { typed: submission, captchaRejected: true });
    }
    if (!upload) return { ok: true, submission, value: submission.value, saved };
    const release = await upload.places.acquire(upload.placeWaitMs);
    if (!release) {
      logger.warn({ ...log, inProgress: upload.places.running }, "Upload refused: too many at once");
      const formMessage = upload.messages.busy;
      return refuse(503, { formMessage }, { typed: submission, captchaRejected: true });
    }
    return { ok: true, submission, value: submission.value, saved, release };
  };

  const body = await readSubmissionBody(request, upload, checkFields);
  // The check of the fields, with the upload's place if it took one (given back in the end).
  const checked = body.checked;
  try {
    if (!body.ok) {
      logger.warn({ ...log, status: body.status }, "Form body refused");
      // Past the checks, the captcha's solution is spent: the form solves a new one.
      const passed = body.checked?.ok ? body.checked : undefined;
      // Over an upload's size limit is, in practice, a file too heavy: said next to it.
      const reason: Reason =
        upload && body.status === 413
          ? { fieldErrors: { [upload.fileField]: [upload.messages.tooLarge] } }
          : { formMessage: body.status === 408 ? upload?.messages.tooSlow : bodyRefusalMessage(body.status) };
      return refuse(body.status, reason, {
        typed: passed?.submission ?? body.fields,
        captchaRejected: !!passed,
      });
    }
    if (!body.checked.ok) return body.checked;
    const { submission, value, saved } = body.checked;
    const result = submission.reply({ resetForm: true });
    // A form without a file is stored by its save.
    if (!upload) return { ok: true, value, stored: saved as unknown as Stored, result };
    if (!body.file) {
      // The file's part began but held nothing a file field takes (an empty file after all).
      const fieldErrors = { [upload.fileField]: [upload.messages.missing] };
      return refuse(400, { fieldErrors }, { typed: submission, captchaRejected: true });
    }
    try {
      const stored = await upload.store(body.file, saved);
      if (stored instanceof SubmissionRefusal) {
        return refuse(stored.status, stored.reason, { typed: submission, captchaRejected: true });
      }
      return { ok: true, value, stored, result };
    } catch (error) {
      logger.error({ ...log, err: error }, "Storing a submission failed");
      const formMessage = failureMessage;
      return refuse(503, { formMessage }, { typed: submission, captchaRejected: true });
    }
  } finally {
    if (checked?.ok) checked.release?.();
  }
}

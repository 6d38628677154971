import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { z } from "zod";
import { submissionMessages } from "~/content/forms";
import { captchaFieldName, honeypotFieldName, type FormName, type SubmissionReply } from "~/lib/submission";
import { ChallengeUsedError, type SolvedChallenge } from "~/models/captcha-replay.server";
import { getCaptchaSettings, verifyCaptcha } from "~/services/captcha.server";
import { logger } from "~/infra/logger.server";
import { bodyRefusalMessage, readFormBody } from "~/infra/request-body.server";

/**
 * The action side of the four public forms, so none can forget a protection of D13. In order
 * (docs/decisions/014): the rate limit counted by server/app.ts (429), the bounded body (413, 415,
 * 400), the honeypot (400), the form's zod schema (400 per field), the ALTCHA solution (403); then
 * the model stores it in one transaction that also marks the challenge used (a replay is 403). A
 * refusal is the form's reply with the typed values, so a page without JavaScript shows them again.
 */

export interface PublicFormContext {
  /** The visitor's IP (server/app.ts), for the logs. */
  clientIp: string;
  /** Set by server/app.ts when this IP has used up its submissions of this form. */
  formRateLimited?: boolean;
}

type PublicFormOutcome<Value, Stored> =
  | { ok: true; value: Value; stored: Stored; result: SubmissionResult<string[]> }
  | { ok: false; refusal: ReturnType<typeof data<SubmissionReply>> };

/** A refusal with a message for the whole form (and, given the submission, the typed values). */
function refuse(
  status: number,
  formMessage: string,
  {
    captchaRejected = false,
    submission,
  }: {
    captchaRejected?: boolean;
    submission?: { reply: (options: { formErrors: string[] }) => SubmissionResult<string[]> };
  } = {},
) {
  const result: SubmissionResult<string[]> = submission
    ? submission.reply({ formErrors: [formMessage] })
    : { status: "error", error: { "": [formMessage] } };
  const reply: SubmissionReply = { status: "error", result, formMessage, captchaRejected };
  return { ok: false as const, refusal: data(reply, { status }) };
}

/** Runs the checks above on `request`, then `save` (the model) with the checked value. */
export async function submitPublicForm<Schema extends z.ZodType, Stored>({
  request,
  context,
  form,
  schema,
  failureMessage,
  check,
  save,
}: {
  request: Request;
  context: PublicFormContext;
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
  save: (value: z.output<Schema>, captcha: SolvedChallenge) => Promise<Stored>;
}): Promise<PublicFormOutcome<z.output<Schema>, Stored>> {
  const log = { form, ip: context.clientIp };
  if (context.formRateLimited) {
    logger.warn(log, "Form rate limit reached");
    return refuse(429, submissionMessages.rateLimited);
  }

  const body = await readFormBody(request);
  if (!body.ok) {
    logger.warn({ ...log, status: body.status }, "Form body refused");
    return refuse(body.status, bodyRefusalMessage(body.status));
  }
  const { formData } = body;

  if (formData.get(honeypotFieldName) !== "") {
    logger.warn(log, "Honeypot field filled or missing");
    return refuse(400, submissionMessages.honeypot);
  }

  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    const reply: SubmissionReply = { status: "error", result: submission.reply() };
    return { ok: false, refusal: data(reply, { status: 400 }) };
  }

  const refused = check?.(submission.value);
  if (refused) {
    // Under "": a message for the whole form (the cart changed meanwhile, say).
    const { "": formErrors, ...fieldErrors } = refused;
    const reply: SubmissionReply = {
      status: "error",
      result: submission.reply({ fieldErrors, ...(formErrors ? { formErrors } : {}) }),
      ...(formErrors ? { formMessage: formErrors[0] } : {}),
    };
    return { ok: false, refusal: data(reply, { status: 422 }) };
  }

  const captcha = await verifyCaptcha(getCaptchaSettings(), form, formData.get(captchaFieldName));
  if (!captcha.ok) {
    logger.warn({ ...log, reason: captcha.reason }, "Captcha refused");
    const message =
      captcha.reason === "missing" ? submissionMessages.captchaMissing : submissionMessages.captchaInvalid;
    return refuse(403, message, { captchaRejected: true, submission });
  }

  try {
    const stored = await save(submission.value, { id: captcha.challengeId, expiresAt: captcha.expiresAt });
    return { ok: true, value: submission.value, stored, result: submission.reply({ resetForm: true }) };
  } catch (error) {
    if (error instanceof ChallengeUsedError) {
      logger.warn(log, "Captcha solution used twice");
      return refuse(403, submissionMessages.captchaInvalid, { captchaRejected: true, submission });
    }
    // Nothing of it was committed, so the captcha solution is still unused.
    logger.error({ ...log, err: error }, "Storing a submission failed");
    return refuse(503, failureMessage, { submission });
  }
}

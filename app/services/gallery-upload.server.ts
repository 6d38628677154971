import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { galleryUploadTexts, photoMessages } from "~/content/gallery";
import { submissionMessages } from "~/content/forms";
import { captchaFieldName, honeypotFieldName, type SubmissionReply } from "~/lib/submission";
import { ChallengeUsedError, markChallengeUsed } from "~/models/captcha-replay.server";
import { createGalleryPhoto } from "~/models/gallery.server";
import { findOrderByNumberAndEmail } from "~/models/orders.server";
import { galleryFieldsSchema, maxPhotoBytes } from "~/schemas/gallery";
import { getCaptchaSettings, verifyCaptcha } from "~/services/captcha.server";
import { processGalleryPhoto } from "~/services/images.server";
import { getDb } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { bodyRefusalMessage } from "~/infra/request-body.server";
import { readUploadBody } from "~/infra/upload-body.server";

/**
 * A customer's photo for the gallery, from the form's post to the stored pending row (DECISIONS
 * D13, D16; docs/decisions/041). Both ways of sending it answer through here: the page's action
 * (without JavaScript) and /api/galeria/fotos (the upload with progress). In order: the rate limit
 * counted by server/app.ts (429), the body read as it streams with its limits (413, 415, 400), the
 * honeypot (400), the fields' schema and a photo (400 per field), the captcha (403), the order's
 * number and e-mail (400, one message for either), the photo itself (415, 422), then the images
 * stored and the row in one transaction that marks the challenge used (a replay is 403).
 */

/** The upload form's file field. */
export const photoFieldName = "photo";

export interface GalleryUploadContext {
  clientIp: string;
  formRateLimited?: boolean;
}

export type GalleryUploadOutcome =
  { ok: true; id: string; reply: SubmissionReply } | { ok: false; status: number; reply: SubmissionReply };

interface Refusal {
  status: number;
  formMessage?: string;
  fieldErrors?: Record<string, string[]>;
  captchaRejected?: boolean;
}

/** Text fields only: a File is never sent back, and the captcha's solution is not worth sending. */
function typedValues(fields: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of fields) {
    if (typeof value === "string" && name !== captchaFieldName) values[name] = value;
  }
  return values;
}

function refuse(fields: FormData, { status, formMessage, fieldErrors, captchaRejected }: Refusal) {
  const error: Record<string, string[]> = { ...fieldErrors };
  if (formMessage) error[""] = [formMessage];
  const result: SubmissionResult<string[]> = { status: "error", initialValue: typedValues(fields), error };
  return {
    ok: false as const,
    status,
    reply: {
      status: "error",
      result,
      ...(formMessage ? { formMessage } : {}),
      ...(captchaRejected ? { captchaRejected } : {}),
    } satisfies SubmissionReply,
  };
}

export async function submitGalleryUpload({
  request,
  context,
}: {
  request: Request;
  context: GalleryUploadContext;
}): Promise<GalleryUploadOutcome> {
  const log = { form: "gallery", ip: context.clientIp };
  const empty = new FormData();
  if (context.formRateLimited) {
    logger.warn(log, "Gallery upload rate limit reached");
    return refuse(empty, { status: 429, formMessage: submissionMessages.rateLimited });
  }

  const body = await readUploadBody(request, { fileField: photoFieldName, maxFileBytes: maxPhotoBytes });
  if (!body.ok) {
    logger.warn({ ...log, status: body.status }, "Gallery upload body refused");
    // Over the size limit is, in practice, a photo too heavy: said next to it.
    return body.status === 413
      ? refuse(body.fields, { status: 413, fieldErrors: { [photoFieldName]: [photoMessages.tooLarge] } })
      : refuse(body.fields, { status: body.status, formMessage: bodyRefusalMessage(body.status) });
  }
  const { fields, file } = body;

  if (fields.get(honeypotFieldName) !== "") {
    logger.warn(log, "Honeypot field filled or missing");
    return refuse(fields, { status: 400, formMessage: submissionMessages.honeypot });
  }

  const submission = parseWithZod(fields, { schema: galleryFieldsSchema });
  if (submission.status !== "success" || !file) {
    const result = submission.reply(
      file ? {} : { fieldErrors: { [photoFieldName]: [photoMessages.missing] } },
    );
    return { ok: false, status: 400, reply: { status: "error", result } };
  }

  const captcha = await verifyCaptcha(getCaptchaSettings(), "gallery", fields.get(captchaFieldName));
  if (!captcha.ok) {
    logger.warn({ ...log, reason: captcha.reason }, "Captcha refused");
    const formMessage =
      captcha.reason === "missing" ? submissionMessages.captchaMissing : submissionMessages.captchaInvalid;
    return refuse(fields, { status: 403, formMessage, captchaRejected: true });
  }

  const db = getDb();
  const { orderNumber, email, kitId, comment } = submission.value;
  const order = await findOrderByNumberAndEmail(db, orderNumber, email);
  if (!order) {
    // Each guess of a number and an e-mail costs a new proof of work: this solution is spent.
    await markChallengeUsed(db, captcha.challengeId, captcha.expiresAt);
    logger.warn(log, "Gallery upload for an unknown order number and e-mail");
    return refuse(fields, {
      status: 400,
      formMessage: galleryUploadTexts.orderNotFound,
      captchaRejected: true,
    });
  }

  const photo = await processGalleryPhoto(file);
  if (!photo.ok) {
    logger.warn({ ...log, reason: photo.reason }, "Gallery photo refused");
    return refuse(fields, { status: photo.status, fieldErrors: { [photoFieldName]: [photo.message] } });
  }

  try {
    const { id } = await createGalleryPhoto(db, {
      order,
      kitId,
      comment,
      display: photo.display,
      thumb: photo.thumb,
      captcha: { id: captcha.challengeId, expiresAt: captcha.expiresAt },
    });
    logger.info({ ...log, photoId: id }, "Gallery photo received");
    return {
      ok: true,
      id,
      reply: { status: "success", result: submission.reply({ resetForm: true }) },
    };
  } catch (error) {
    if (error instanceof ChallengeUsedError) {
      logger.warn(log, "Captcha solution used twice");
      return refuse(fields, {
        status: 403,
        formMessage: submissionMessages.captchaInvalid,
        captchaRejected: true,
      });
    }
    logger.error({ ...log, err: error }, "Storing a gallery photo failed");
    return refuse(fields, { status: 503, formMessage: galleryUploadTexts.failure });
  }
}

import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { galleryUploadTexts, photoMessages } from "~/content/gallery";
import { submissionMessages } from "~/content/forms";
import { captchaFieldName, honeypotFieldName, type SubmissionReply } from "~/lib/submission";
import { markChallengeUsed } from "~/models/captcha-replay.server";
import { createGalleryPhoto } from "~/models/gallery.server";
import { findOrderByNumberAndEmail } from "~/models/orders.server";
import { galleryFieldsSchema, maxPhotoBytes } from "~/schemas/gallery";
import { getCaptchaSettings, verifyCaptcha } from "~/services/captcha.server";
import { processGalleryPhoto } from "~/services/images.server";
import { ConcurrencyLimit } from "~/lib/concurrency";
import { galleryPhotoFieldName } from "~/lib/gallery";
import type { KitId } from "~/content/types";
import { getDb } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { bodyRefusalMessage } from "~/infra/request-body.server";
import { readUploadBody } from "~/infra/upload-body.server";

/**
 * A customer's photo for the gallery, from the form's post to the stored pending row (DECISIONS
 * D13, D16; docs/decisions/041 and 054). Both ways of sending it answer through here: the page's
 * action (without JavaScript) and /api/galeria/fotos (the upload with progress). In order: the
 * rate limit counted by server/app.ts (429); the body read as it streams with its limits (413,
 * 415, 400) and its time (408); before the file is read, its fields: the honeypot (400), the
 * fields' schema and a photo (400 per field), the captcha (403; its solution is spent here, so a
 * solution sends one upload), the order's number and e-mail (400, one message for either), and a
 * place among the uploads in progress (503 when none frees up soon); then the photo itself (415,
 * 422), the images stored and the row in one transaction.
 */

/** The upload form's file field. */
export const photoFieldName = galleryPhotoFieldName;

export interface GalleryUploadContext {
  clientIp: string;
  formRateLimited?: boolean;
}

/** Uploads read and processed at once by this process: each holds up to a photo's bytes twice. */
export const maxConcurrentUploads = 4;
/** How long an upload waits for a place before it is told to come back in a minute. */
export const uploadPlaceWaitMs = 15_000;
const uploadsInProgress = new ConcurrencyLimit(maxConcurrentUploads);

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

type CheckedFields =
  | { ok: false; refusal: ReturnType<typeof refuse> | { ok: false; status: 400; reply: SubmissionReply } }
  | {
      ok: true;
      order: NonNullable<Awaited<ReturnType<typeof findOrderByNumberAndEmail>>>;
      values: { kitId: KitId; comment: string };
      /** The form's answer once stored (Conform's reply, resetting the form). */
      success: SubmissionReply;
      release: () => void;
    };

/**
 * The checks that need only the text fields, made before the file is read: a post without a
 * valid captcha or a real order never costs the server its photo's bytes. `hasFile`: the file
 * has begun (or, at the end of a body, whether there was one).
 */
async function checkFields(
  fields: FormData,
  hasFile: boolean,
  log: Record<string, unknown>,
): Promise<CheckedFields> {
  if (hasFile && !fields.has(captchaFieldName) && !fields.has(honeypotFieldName)) {
    // The file came before the fields that follow it in the page (a post without JavaScript,
    // which cannot solve the captcha): nothing after it is read.
    logger.warn(log, "Gallery upload without its captcha before the file");
    const formMessage = submissionMessages.captchaMissing;
    return { ok: false, refusal: refuse(fields, { status: 403, formMessage, captchaRejected: true }) };
  }
  if (fields.get(honeypotFieldName) !== "") {
    logger.warn(log, "Honeypot field filled or missing");
    return { ok: false, refusal: refuse(fields, { status: 400, formMessage: submissionMessages.honeypot }) };
  }

  const submission = parseWithZod(fields, { schema: galleryFieldsSchema });
  if (submission.status !== "success" || !hasFile) {
    const result = submission.reply(
      hasFile ? {} : { fieldErrors: { [photoFieldName]: [photoMessages.missing] } },
    );
    return { ok: false, refusal: { ok: false, status: 400, reply: { status: "error", result } } };
  }

  const captcha = await verifyCaptcha(getCaptchaSettings(), "gallery", fields.get(captchaFieldName));
  if (!captcha.ok) {
    logger.warn({ ...log, reason: captcha.reason }, "Captcha refused");
    const formMessage =
      captcha.reason === "missing" ? submissionMessages.captchaMissing : submissionMessages.captchaInvalid;
    return { ok: false, refusal: refuse(fields, { status: 403, formMessage, captchaRejected: true }) };
  }
  const db = getDb();
  // Spent now, before the file: one solution sends one upload, also when many are sent at once.
  if (!(await markChallengeUsed(db, captcha.challengeId, captcha.expiresAt))) {
    logger.warn(log, "Captcha solution used twice");
    const formMessage = submissionMessages.captchaInvalid;
    return { ok: false, refusal: refuse(fields, { status: 403, formMessage, captchaRejected: true }) };
  }

  const { orderNumber, email, kitId, comment } = submission.value;
  const order = await findOrderByNumberAndEmail(db, orderNumber, email);
  if (!order) {
    // Each guess of a number and an e-mail costs a new proof of work: the solution is spent.
    logger.warn(log, "Gallery upload for an unknown order number and e-mail");
    const formMessage = galleryUploadTexts.orderNotFound;
    return { ok: false, refusal: refuse(fields, { status: 400, formMessage, captchaRejected: true }) };
  }
  // The photo shows a kit of the order (docs/decisions/067): the gallery names it under the photo.
  if (!order.lines.some((line) => line.kitId === kitId)) {
    logger.info(log, "Gallery upload of a kit that is not in its order");
    const fieldErrors = { kitId: [galleryUploadTexts.kitNotInOrder(order.number)] };
    return { ok: false, refusal: refuse(fields, { status: 400, fieldErrors, captchaRejected: true }) };
  }

  const release = await uploadsInProgress.acquire(uploadPlaceWaitMs);
  if (!release) {
    logger.warn(
      { ...log, inProgress: uploadsInProgress.running },
      "Gallery upload refused: too many at once",
    );
    const formMessage = galleryUploadTexts.busy;
    return { ok: false, refusal: refuse(fields, { status: 503, formMessage, captchaRejected: true }) };
  }
  const success: SubmissionReply = { status: "success", result: submission.reply({ resetForm: true }) };
  return { ok: true, order, values: { kitId, comment }, success, release };
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

  let checked: CheckedFields | undefined;
  try {
    let body: Awaited<ReturnType<typeof readUploadBody<CheckedFields>>>;
    try {
      body = await readUploadBody(
        request,
        { fileField: photoFieldName, maxFileBytes: maxPhotoBytes },
        async (fields, hasFile) => (checked = await checkFields(fields, hasFile, log)),
      );
    } catch (error) {
      // The checks' own failure (the database), not the customer's: said as such, and logged.
      logger.error({ ...log, err: error }, "Checking a gallery upload failed");
      // The captcha may have been spent: the form solves a new one.
      return refuse(empty, { status: 503, formMessage: galleryUploadTexts.failure, captchaRejected: true });
    }
    if (!body.ok) {
      logger.warn({ ...log, status: body.status }, "Gallery upload body refused");
      // Past the checks, the captcha's solution is spent: the form solves a new one.
      const captchaRejected = body.checked?.ok === true;
      // Over the size limit is, in practice, a photo too heavy: said next to it.
      if (body.status === 413) {
        return refuse(body.fields, {
          status: 413,
          fieldErrors: { [photoFieldName]: [photoMessages.tooLarge] },
          captchaRejected,
        });
      }
      const formMessage = body.status === 408 ? galleryUploadTexts.tooSlow : bodyRefusalMessage(body.status);
      return refuse(body.fields, { status: body.status, formMessage, captchaRejected });
    }
    const { fields, file } = body;
    if (!body.checked.ok) return body.checked.refusal;
    const { order, values, success } = body.checked;
    if (!file) {
      // The file's part began but held nothing a photo field takes (an empty file after all).
      return refuse(fields, {
        status: 400,
        fieldErrors: { [photoFieldName]: [photoMessages.missing] },
        captchaRejected: true,
      });
    }

    const photo = await processGalleryPhoto(file);
    if (!photo.ok) {
      logger.warn({ ...log, reason: photo.reason }, "Gallery photo refused");
      return refuse(fields, {
        status: photo.status,
        fieldErrors: { [photoFieldName]: [photo.message] },
        captchaRejected: true,
      });
    }

    try {
      const { id } = await createGalleryPhoto(getDb(), {
        order,
        kitId: values.kitId,
        comment: values.comment,
        display: photo.display,
        thumb: photo.thumb,
      });
      logger.info({ ...log, photoId: id }, "Gallery photo received");
      return { ok: true, id, reply: success };
    } catch (error) {
      logger.error({ ...log, err: error }, "Storing a gallery photo failed");
      return refuse(fields, {
        status: 503,
        formMessage: galleryUploadTexts.failure,
        captchaRejected: true,
      });
    }
  } finally {
    if (checked?.ok) checked.release();
  }
}

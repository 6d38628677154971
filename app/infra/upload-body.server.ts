import {
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParser,
  getMultipartBoundary,
  isMultipartRequest,
  type MultipartPart,
} from "@remix-run/multipart-parser";
import { maxFormBytes, readFormBody } from "~/infra/request-body.server";

// The body of a public submission (docs/decisions/069): a form, or a form with one file (the
// gallery's photo) read with @remix-run/multipart-parser as the body streams (docs/decisions/041
// and 054): every part, the file and the whole body are bounded while they arrive, so no more than
// the limits is ever held, and what is over them is never read. The text fields come before the
// file (our form sends them so); they are checked as soon as the file begins, and a form whose
// fields fail (no captcha, a wrong order) is refused before its file is read. A body that stalls,
// or takes too long as a whole, is given up.

export interface UploadLimits {
  /** The form's file field: the one part that may be a file. */
  fileField: string;
  /** The largest file. */
  maxFileBytes: number;
}

/** How long an upload's body may take (one object, so that a test can shorten it). */
export const uploadTimeouts = {
  /** A stalled upload: no byte for this long (a phone that lost its network does not come back). */
  idleMs: 20_000,
  /** The slowest whole upload: 8 MB in two minutes is ~0.55 Mbit/s, a poor mobile uplink. */
  totalMs: 120_000,
};

/** The most parts an upload form may have: its fields, the honeypot, the captcha and the file. */
const maxParts = 16;
/** A part's headers (its name, a file's name and type): far more than a browser sends. */
const maxPartHeaderBytes = 4 * 1024;
/**
 * Bytes of one part past which it can only be the file: text fields are at most maxFormBytes
 * together, with their headers. When the body holds this much of a part not yet complete, the
 * fields are checked before another byte is read.
 */
const fileStartsAfterBytes = maxFormBytes + maxPartHeaderBytes;

/** The largest body an upload may be: the file, plus the fields and the multipart framing. */
export function maxUploadBodyBytes(limits: Pick<UploadLimits, "maxFileBytes">): number {
  return limits.maxFileBytes + maxFormBytes;
}

/** What the check of the fields decides: `ok: false` stops the upload there. */
export interface FieldsCheck {
  ok: boolean;
}

export type UploadBody<Check extends FieldsCheck> =
  /**
   * The body as far as it was read, with the check of its fields, made exactly once. When the check
   * refused, the file was not read (`file` is undefined) and neither was the rest of the body.
   */
  | { ok: true; fields: FormData; file: Uint8Array | undefined; checked: Check }
  /**
   * 413: over a limit; 415: not a form; 408: too slow; 400: a form that cannot be parsed (or a
   * file where none belongs). `fields` holds the text fields read before the refusal, to show them
   * again; `checked` the check of the fields, if it was made before the refusal.
   */
  | { ok: false; status: 400 | 408 | 413 | 415; fields: FormData; checked?: Check };

function isLimitError(error: unknown): boolean {
  return (
    error instanceof MaxFileSizeExceededError ||
    error instanceof MaxTotalSizeExceededError ||
    error instanceof MaxPartsExceededError ||
    error instanceof MaxHeaderSizeExceededError
  );
}

class BodyTimeoutError extends Error {
  override name = "BodyTimeoutError";
}

/** The next chunk of the body, or BodyTimeoutError after `waitMs`. */
async function readWithin(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  waitMs: number,
): Promise<ReadableStreamReadResult<Uint8Array>> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      reader.read(),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new BodyTimeoutError("The upload's body stalled")),
          Math.max(0, waitMs),
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads a form with at most one file, in `limits.fileField`, and checks its text fields with
 * `checkFields` once: when the file begins (before reading it, `hasFile` true), or at the end of
 * a body without a large part (`hasFile`: whether it held a file). A file part that is empty (a
 * form sent without choosing a file) counts as no file. Without `limits`, or an url-encoded form,
 * the body is read as every form is (request-body.server.ts), then checked. Never throws for what
 * a client sent; what `checkFields` throws is thrown on.
 */
export async function readSubmissionBody<Check extends FieldsCheck>(
  request: Request,
  limits: UploadLimits | undefined,
  checkFields: (fields: FormData, hasFile: boolean) => Promise<Check>,
): Promise<UploadBody<Check>> {
  const fields = new FormData();
  if (!limits || !isMultipartRequest(request)) {
    const body = await readFormBody(request);
    if (!body.ok) return { ...body, fields };
    return {
      ok: true,
      fields: body.formData,
      file: undefined,
      checked: await checkFields(body.formData, false),
    };
  }
  const boundary = getMultipartBoundary(request.headers.get("content-type") ?? "");
  if (!boundary || !request.body) return { ok: false, status: 400, fields };
  if (Number(request.headers.get("content-length") ?? 0) > maxUploadBodyBytes(limits)) {
    return { ok: false, status: 413, fields };
  }

  const parser = new MultipartParser(boundary, {
    maxFileSize: limits.maxFileBytes,
    maxTotalSize: maxUploadBodyBytes(limits),
    maxParts,
    maxHeaderSize: maxPartHeaderBytes,
  });
  const idleTimeoutMs = uploadTimeouts.idleMs;
  const deadline = Date.now() + uploadTimeouts.totalMs;
  const reader = request.body.getReader();
  let file: Uint8Array | undefined;
  let fieldBytes = 0;
  /** Bytes given to the parser since the last complete part: the part still arriving. */
  let partBytes = 0;
  let checked: Check | undefined;
  /** A failure of the check itself (the database, say): the server's fault, thrown on. */
  let checkFailure: { error: unknown } | undefined;
  const check = async (hasFile: boolean) => {
    try {
      return await checkFields(fields, hasFile);
    } catch (error) {
      checkFailure = { error };
      throw error;
    }
  };

  /** One complete part; a refusal status when it is not this form's. */
  const take = (part: MultipartPart): 400 | 413 | undefined => {
    const name = part.name;
    if (!name) return undefined;
    if (part.isFile) {
      // One file, in its field; a second one, or a file elsewhere, is not this form.
      if (name !== limits.fileField || file !== undefined) return 400;
      if (part.size > 0) file = part.bytes;
      return undefined;
    }
    fieldBytes += part.size;
    if (fieldBytes > maxFormBytes) return 413;
    fields.append(name, part.text);
    return undefined;
  };

  try {
    for (;;) {
      const { done, value } = await readWithin(reader, Math.min(idleTimeoutMs, deadline - Date.now()));
      if (done) break;
      partBytes += value.byteLength;
      for (const part of parser.write(value)) {
        partBytes = 0;
        const refused = take(part);
        if (refused) return stop(reader, { ok: false, status: refused, fields, checked });
      }
      if (checked === undefined && partBytes > fileStartsAfterBytes) {
        // The file has begun: the fields before it are all there are.
        checked = await check(true);
        if (!checked.ok) return stop(reader, { ok: true, fields, file: undefined, checked });
      }
    }
    parser.finish();
  } catch (error) {
    if (checkFailure) {
      reader.releaseLock();
      throw checkFailure.error;
    }
    // Over a limit: stopped there, and the rest is left unread (as request-body.server.ts does).
    // Too slow: given up. Anything else: a malformed body, text that is not UTF-8, or a client
    // that went away.
    const status = isLimitError(error) ? 413 : error instanceof BodyTimeoutError ? 408 : 400;
    return stop(reader, { ok: false, status, fields, checked });
  }
  checked ??= await check(file !== undefined);
  return { ok: true, fields, file: checked.ok ? file : undefined, checked };
}

/**
 * Stops reading, without cancelling: cancelling would destroy the connection before the answer
 * could be sent. The upload routes answer with "Connection: close" (server/app.ts), so the rest of
 * the body is never read.
 */
function stop<T>(reader: ReadableStreamDefaultReader<Uint8Array>, outcome: T): T {
  reader.releaseLock();
  return outcome;
}

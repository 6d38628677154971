import {
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  isMultipartRequest,
  parseMultipartRequest,
} from "@remix-run/multipart-parser";
import { maxFormBytes, readFormBody } from "~/infra/request-body.server";

// A form with one file (the gallery's photo), read with @remix-run/multipart-parser as the body
// streams (docs/decisions/041): every part, the file and the whole body are bounded while they
// arrive, so no more than the limits is ever held, and what is over them is never read.

export interface UploadLimits {
  /** The form's file field: the one part that may be a file. */
  fileField: string;
  /** The largest file. */
  maxFileBytes: number;
}

/** The most parts an upload form may have: its fields, the honeypot, the captcha and the file. */
const maxParts = 16;
/** A part's headers (its name, a file's name and type): far more than a browser sends. */
const maxPartHeaderBytes = 4 * 1024;

/** The largest body an upload may be: the file, plus the fields and the multipart framing. */
export function maxUploadBodyBytes(limits: Pick<UploadLimits, "maxFileBytes">): number {
  return limits.maxFileBytes + maxFormBytes;
}

export type UploadBody =
  | { ok: true; fields: FormData; file: Uint8Array | undefined }
  /**
   * 413: over a limit; 415: not a form; 400: a form that cannot be parsed (or a file where none
   * belongs). `fields` holds the text fields read before the refusal, to show them again.
   */
  | { ok: false; status: 400 | 413 | 415; fields: FormData };

function isLimitError(error: unknown): boolean {
  return (
    error instanceof MaxFileSizeExceededError ||
    error instanceof MaxTotalSizeExceededError ||
    error instanceof MaxPartsExceededError ||
    error instanceof MaxHeaderSizeExceededError
  );
}

/**
 * Reads a form with at most one file, in `limits.fileField`. A file part that is empty (a form sent
 * without choosing a file) counts as no file. An url-encoded form (no file) is read as every form
 * is. Never throws for what a client sent.
 */
export async function readUploadBody(request: Request, limits: UploadLimits): Promise<UploadBody> {
  const fields = new FormData();
  if (!isMultipartRequest(request)) {
    const body = await readFormBody(request);
    return body.ok ? { ok: true, fields: body.formData, file: undefined } : { ...body, fields };
  }
  if (Number(request.headers.get("content-length") ?? 0) > maxUploadBodyBytes(limits)) {
    return { ok: false, status: 413, fields };
  }

  let file: Uint8Array | undefined;
  let fieldBytes = 0;
  try {
    const parts = parseMultipartRequest(request, {
      maxFileSize: limits.maxFileBytes,
      maxTotalSize: maxUploadBodyBytes(limits),
      maxParts,
      maxHeaderSize: maxPartHeaderBytes,
    });
    for await (const part of parts) {
      const name = part.name;
      if (!name) continue;
      if (part.isFile) {
        // One file, in its field; a second one, or a file elsewhere, is not this form.
        if (name !== limits.fileField || file !== undefined) return { ok: false, status: 400, fields };
        if (part.size > 0) file = part.bytes;
        continue;
      }
      fieldBytes += part.size;
      if (fieldBytes > maxFormBytes) return { ok: false, status: 413, fields };
      fields.append(name, part.text);
    }
  } catch (error) {
    // Over a limit: stopped there, and the rest is left unread (as request-body.server.ts does).
    // Anything else: a malformed body, text that is not UTF-8, or a client that went away.
    return { ok: false, status: isLimitError(error) ? 413 : 400, fields };
  }
  return { ok: true, fields, file };
}

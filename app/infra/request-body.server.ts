import { data } from "react-router";
import { submissionMessages } from "~/content/forms";

// Every action reads its form through here (the lint forbids `request.formData()`, which reads a
// body whole): the bytes are counted as they arrive, chunked or not (docs/decisions/025).

/** Largest form body an action reads: far more than any of our forms sends (a long message fits). */
export const maxFormBytes = 64 * 1024;

type FormBody =
  | { ok: true; formData: FormData }
  /** 413: over the limit; 415: not a form; 400: a form that cannot be parsed. */
  | { ok: false; status: 400 | 413 | 415 };

const formTypes = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * The request's form fields, read up to `maxBytes`. Never throws for what a client sent: a body
 * that is too large, of another type or malformed is an `ok: false` with the status to answer.
 */
export async function readFormBody(request: Request, { maxBytes = maxFormBytes } = {}): Promise<FormBody> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!formTypes.has(contentType.split(";")[0]!.trim().toLowerCase())) return { ok: false, status: 415 };
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) return { ok: false, status: 413 };

  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) {
          // Stop reading, without cancelling: cancelling would destroy the connection before the
          // 413 could be sent. The rest stays unread: the paused connection holds the client back
          // (TCP) and no memory, until the client gives up or the server's request timeout ends it.
          reader.releaseLock();
          return { ok: false, status: 413 };
        }
        chunks.push(value);
      }
    } catch {
      // The client went away or sent a broken chunked body.
      return { ok: false, status: 400 };
    }
  }
  try {
    const formData = await new Response(Buffer.concat(chunks), {
      headers: { "content-type": contentType },
    }).formData();
    return { ok: true, formData };
  } catch {
    return { ok: false, status: 400 };
  }
}

/** What a refused body is told, by status. */
export function bodyRefusalMessage(status: 400 | 413 | 415): string {
  return status === 413 ? submissionMessages.tooLarge : submissionMessages.malformed;
}

/**
 * For actions whose page has nothing better to say about a refused body (the admin's): the form
 * fields, or a thrown 4xx answer with the Spanish reason, shown by the route's error boundary.
 */
export async function requireFormData(request: Request, options?: { maxBytes?: number }): Promise<FormData> {
  const body = await readFormBody(request, options);
  if (body.ok) return body.formData;
  throw data(bodyRefusalMessage(body.status), {
    status: body.status,
    headers: { "Cache-Control": "no-store" },
  });
}

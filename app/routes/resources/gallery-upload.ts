import type { Route } from "./+types/gallery-upload";
import { submissionMessages } from "~/content/forms";
import type { SubmissionReply } from "~/lib/submission";
import { submitGalleryUpload } from "~/services/gallery-upload.server";
import { isFromAnotherSite } from "~/infra/same-site.server";

/**
 * POST /api/galeria/fotos: the gallery upload form's send with JavaScript (an XMLHttpRequest, for
 * its progress bar), answered in JSON with the form's reply: 201 once stored as pending, or the
 * refusal's status with its Spanish messages (services/gallery-upload.server.ts). Without
 * JavaScript the form posts to its page, /galeria/compartir, which runs the same upload.
 */
const headers = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

export async function action({ request, context }: Route.ActionArgs) {
  if (isFromAnotherSite(request)) {
    const reply: SubmissionReply = {
      status: "error",
      result: { status: "error", error: { "": [submissionMessages.honeypot] } },
      formMessage: submissionMessages.honeypot,
    };
    return Response.json(reply, { status: 403, headers });
  }
  const outcome = await submitGalleryUpload({ request, context });
  if (!outcome.ok)
    return Response.json(outcome.refusal.data, { status: outcome.refusal.init?.status, headers });
  const stored: SubmissionReply = { status: "success", result: outcome.result };
  return Response.json(stored, { status: 201, headers });
}

/** Nothing to read here: only the form's posts. */
export function loader() {
  return new Response("Método no permitido.", {
    status: 405,
    headers: { ...headers, Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}

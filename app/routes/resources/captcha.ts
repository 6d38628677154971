import { createCaptchaChallenge } from "~/services/captcha.server";
import { getSubmissionSettings } from "~/services/submissions.server";

/** GET /api/captcha: a fresh signed ALTCHA challenge for a form's widget (DECISIONS D13). */
export async function loader() {
  const challenge = await createCaptchaChallenge(getSubmissionSettings().captcha);
  return Response.json(challenge, {
    headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}

import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { FormName } from "~/lib/submission";
import { createCaptchaChallenge, getCaptchaSettings } from "~/services/captcha.server";

/** The `altcha` field of a freshly solved challenge of `form`, as the browser's widget posts it. */
export async function solvedCaptcha(form: FormName): Promise<string> {
  const challenge = await createCaptchaChallenge(getCaptchaSettings(), form);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("The test challenge could not be solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

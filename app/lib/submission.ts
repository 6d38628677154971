import type { SubmissionResult } from "@conform-to/react";

/**
 * Names shared by the public forms in the browser and the submission pipeline on the server
 * (app/services/submissions.server.ts).
 */

/** The public forms, each with its own rate limit (DECISIONS D13). */
export type FormName = "order" | "quote" | "contact" | "newsletter";

/**
 * The honeypot: a text field people never see or reach with the keyboard, which form-filling bots
 * tend to complete. It must arrive, and arrive empty.
 */
export const honeypotFieldName = "website";

/**
 * Hidden field a form adds once JavaScript runs: the action then answers with data for the page to
 * act on (toast, payment tab) instead of a redirect.
 */
export const scriptedFieldName = "via";
export const scriptedFieldValue = "js";

/** Where the widget fetches its anti-spam challenges (app/routes/resources/captcha.ts). */
export const captchaChallengePath = "/api/captcha";

/** What every form action answers with (the browser's Conform form reads `result`). */
export interface SubmissionReply<Extra = undefined> {
  status: "success" | "error";
  result: SubmissionResult<string[]>;
  /** A message for the whole form (e.g. the captcha, the rate limit or a storage failure). */
  formMessage?: string;
  /** True when the visitor must solve a new captcha before sending again. */
  captchaRejected?: boolean;
  extra?: Extra;
}

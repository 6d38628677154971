import type { SubmissionResult } from "@conform-to/react";

/** Names shared by the public forms in the browser and the server (services/public-submission.server.ts). */

/** The public forms, each with its own rate limit and captcha challenges (docs/product.md#d13, #d16). */
export const formNames = ["order", "quote", "contact", "newsletter", "gallery"] as const;
export type FormName = (typeof formNames)[number];

export function isFormName(value: unknown): value is FormName {
  return formNames.includes(value as FormName);
}

/** The honeypot: a field people never see or reach, which bots tend to fill. It must arrive empty. */
export const honeypotFieldName = "website";

/** The purchase page (and form action) of a kit. */
export function purchasePath(kitId: string): string {
  return `/comprar/${kitId}`;
}

/** The quotation page (and form action) of a kit. */
export function quotePath(kitId: string): string {
  return `/cotizar/${kitId}`;
}

/** Where the browser goes after a quotation (docs/product.md#d10). */
export function quoteThanksPath(productId: string): string {
  return `/gracias?producto=${encodeURIComponent(productId)}&tipo=cotizacion`;
}

/** The field the ALTCHA widget puts its solution in. */
export const captchaFieldName = "altcha";

/** Where the widget fetches the anti-spam challenges of a form (routes/resources/captcha.ts). */
export function captchaChallengePath(form: FormName): string {
  return `/api/captcha?form=${form}`;
}

/** What every form action answers with (the browser's Conform form reads `result`). */
export interface SubmissionReply {
  status: "success" | "error";
  result: SubmissionResult<string[]>;
  /** A message for the whole form (e.g. the captcha, the rate limit or a storage failure). */
  formMessage?: string;
  /** True when the visitor must solve a new captcha before sending again. */
  captchaRejected?: boolean;
}

/**
 * A form's failure line: its own sentence ("Ocurrió un error…"), then the reason when the server gave
 * one that says more (a storage failure's reason is that same sentence: it is not repeated).
 */
export function failureLine(failure: string, reason: string | undefined): string {
  return reason && reason !== failure ? `${failure} ${reason}` : failure;
}

/**
 * The `clientAction` of a public form's route: the server's answer, or, when the connection failed,
 * the form's failure message as a reply, shown next to the form instead of an error page.
 */
export function formClientAction(failureMessage: string) {
  return async ({ serverAction }: { serverAction: () => Promise<unknown> }) => {
    try {
      return (await serverAction()) as SubmissionReply;
    } catch (error) {
      // fetch rejects with a TypeError when the request never got an answer; anything else
      // (a redirect, an error response) is React Router's to handle.
      if (!(error instanceof TypeError)) throw error;
      return {
        status: "error",
        result: { status: "error", error: { "": [failureMessage] } },
        formMessage: failureMessage,
      } satisfies SubmissionReply;
    }
  };
}

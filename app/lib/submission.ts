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

/** The purchase page (and form action) of a kit. */
export function purchasePath(kitId: string): string {
  return `/comprar/${kitId}`;
}

/** The quotation page (and form action) of a kit. */
export function quotePath(kitId: string): string {
  return `/cotizar/${kitId}`;
}

/** Where the browser goes after a quotation (DECISIONS D10). */
export function quoteThanksPath(productId: string): string {
  return `/gracias?producto=${encodeURIComponent(productId)}&tipo=cotizacion`;
}

/** The field the ALTCHA widget puts its solution in. */
export const captchaFieldName = "altcha";

/** Where the widget fetches its anti-spam challenges (served by server/app.ts). */
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

/**
 * A form's failure line: its own sentence ("Ocurrió un error…"), then the reason when the server gave
 * one that says more (a storage failure's reason is that same sentence: it is not repeated).
 */
export function failureLine(failure: string, reason: string | undefined): string {
  return reason && reason !== failure ? `${failure} ${reason}` : failure;
}

/** What the order form's success tells the page's script (components/purchase-form.tsx). */
export interface OrderCreated {
  orderId: string;
  number: string;
  paymentUrl: string;
}

/** What the quotation form's success tells the page's script (components/quote-form.tsx). */
export interface QuoteReceived {
  fullName: string;
  productId: string;
}

/**
 * Sends a form as the page's script does (components/use-public-form.ts): the same URL-encoded
 * body as a plain post, asking for the JSON reply instead of a page. A network failure or an
 * answer that is not a reply becomes an error reply with `failureMessage`.
 */
export async function postForm<Extra>(
  action: string,
  formData: FormData,
  failureMessage: string,
): Promise<SubmissionReply<Extra>> {
  const body = new URLSearchParams();
  for (const [name, value] of formData) if (typeof value === "string") body.append(name, value);
  try {
    const response = await fetch(action, {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
    const reply = (await response.json()) as SubmissionReply<Extra>;
    if (reply && (reply.status === "success" || reply.status === "error") && reply.result) return reply;
  } catch {
    // Offline, or not our answer: reported below like any failure.
  }
  return {
    status: "error",
    result: { status: "error", error: { "": [failureMessage] } },
    formMessage: failureMessage,
  };
}

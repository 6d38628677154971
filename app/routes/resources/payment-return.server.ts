import { redirect } from "react-router";
import { orderPaymentPath, type PaymentResult } from "~/lib/payments";
import type { PaymentAttempt } from "~/models/payments.server";
import { confirmAttempt, type ConfirmationOutcome } from "~/services/payments/checkout.server";
import { getDb } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { logger } from "~/infra/logger.server";
import { readFormBody } from "~/infra/request-body.server";

/**
 * What the providers' return and confirmation routes share (issue 22; docs/decisions/059). They
 * are resource routes: React Router's origin check, which refuses a post from another site, covers
 * only routes with a page, and these take the provider's page's post (Webpay's abort and timeout,
 * Flow's return) or Flow's server's. Nothing they receive is believed: a token only names an
 * attempt, whose outcome is then asked of the provider by our server.
 */

const noStore = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

/** The parameters of a return: the query, and the form body of a post (bounded, as every body). */
export async function returnParameters(request: Request): Promise<URLSearchParams | Response> {
  const params = new URL(request.url).searchParams;
  if (request.method !== "POST") return params;
  const body = await readFormBody(request);
  if (!body.ok) return refusal(body.status, "Malformed payment return body");
  for (const [name, value] of body.formData) if (typeof value === "string") params.set(name, value);
  return params;
}

/** A 4xx for a return that names no attempt of ours: a warning, never an error. */
export function refusal(status: number, reason: string, details: Record<string, unknown> = {}): Response {
  logger.warn({ status, ...details }, reason);
  return new Response("No encontramos este pago.", {
    status,
    headers: { ...noStore, "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** How the customer came back, as the return's parameters say (only the page's words depend on it). */
export type ReturnKind = "normal" | "aborted" | "timed-out" | "error";

/** Asks the provider about `attempt` and sends the customer to the order page with what happened. */
export async function settleAndReturn(
  attempt: PaymentAttempt,
  how: "commit" | "status",
  returned: ReturnKind,
): Promise<Response> {
  const outcome = await confirmAttempt(getDb(), getEnv(), attempt, how);
  return redirect(orderPaymentPath(attempt.orderId, resultOf(outcome, returned)), {
    status: 303,
    headers: noStore,
  });
}

/** The words for a return whose attempt has no final word (yet). */
const unfinished: Record<ReturnKind, PaymentResult> = {
  normal: "pendiente",
  aborted: "anulado",
  "timed-out": "expirado",
  error: "rechazado",
};

function resultOf(outcome: ConfirmationOutcome, returned: ReturnKind): PaymentResult {
  if (!outcome.ok) return unfinished[returned];
  switch (outcome.settlement.attempt.status) {
    case "approved":
      return "aprobado";
    case "rejected":
      return "rechazado";
    case "cancelled":
      return returned === "normal" ? "anulado" : unfinished[returned];
    default:
      // Still started, or a mismatch (the order page reads it from the attempt).
      return unfinished[returned];
  }
}

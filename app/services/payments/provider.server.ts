/**
 * The shop's one payment interface (issue 22; docs/decisions/056): start an attempt, confirm it
 * (the provider's word, asked by our server), ask its status, refund it. Webpay Plus
 * (webpay.server.ts) and Flow (flow.server.ts) implement it over their documented HTTP APIs; the
 * checkout that uses it comes in the next slice. Amounts are whole CLP, always the server's.
 */

import type { PaymentStatus } from "~/lib/payments";

export type PaymentProviderName = "webpay" | "flow";

export interface PaymentStart {
  /** The shop's reference of the attempt: Webpay's buy_order (≤ 26), Flow's commerceOrder. */
  buyOrder: string;
  /** Webpay's session_id (≤ 61): the attempt's own id. */
  sessionId: string;
  /** Whole pesos, computed by the server. */
  amount: number;
  /** Where the customer's browser comes back. */
  returnUrl: string;
  /** Where the provider's server tells ours (Flow's urlConfirmation; Webpay has none). */
  confirmationUrl: string;
  /** The payer's e-mail (Flow asks for it). */
  email: string;
  /** What is paid, as the provider's page shows it (Flow's subject). */
  subject: string;
}

/** Where to send the customer: a form the page submits (POST) or a link (GET). */
export interface PaymentRedirect {
  url: string;
  method: "GET" | "POST";
  fields: Record<string, string>;
}

export interface StartedPayment {
  /** The provider's token for the attempt: how it is confirmed and asked about. */
  reference: string;
  redirect: PaymentRedirect;
}

export type { PaymentOutcome, PaymentStatus } from "~/lib/payments";

export interface RefundRequest {
  reference: string;
  amount: number;
  buyOrder: string;
  /** Flow sends the refund's receipt there. */
  email: string;
  /** Flow tells the refund's outcome there. */
  callbackUrl: string;
}

export interface RefundResult {
  /** Webpay: REVERSED or NULLIFIED; Flow: its refund's status. */
  type: string;
  amount: number;
  /** The provider's own reference of the refund, when it gives one. */
  reference?: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  start(payment: PaymentStart): Promise<StartedPayment>;
  /** The provider's word on an attempt whose customer came back (Webpay's commit). */
  confirm(reference: string): Promise<PaymentStatus>;
  /** The provider's word on an attempt, at any time, changing nothing. */
  status(reference: string): Promise<PaymentStatus>;
  refund(refund: RefundRequest): Promise<RefundResult>;
}

/** The provider could not be reached, timed out or failed (5xx): ask again later. */
export class PaymentUnavailableError extends Error {
  override name = "PaymentUnavailableError";
}

/** The provider answered no (4xx): a wrong token, a commit already made, wrong credentials. */
export class PaymentRefusedError extends Error {
  override name = "PaymentRefusedError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * One call to a provider's API within `timeoutMs`: its JSON answer, or PaymentUnavailableError /
 * PaymentRefusedError. Requests and answers are never logged here: they carry the credentials.
 */
export async function callProvider(
  url: string,
  init: RequestInit,
  { provider, timeoutMs }: { provider: PaymentProviderName; timeoutMs: number },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: "error" });
  } catch (error) {
    const reason = error instanceof Error && error.name === "TimeoutError" ? "timed out" : "unreachable";
    throw new PaymentUnavailableError(`${provider} ${reason}`);
  }
  const text = await response.text().catch(() => "");
  if (response.status >= 500) throw new PaymentUnavailableError(`${provider} answered ${response.status}`);
  let body: unknown;
  try {
    body = text === "" ? {} : JSON.parse(text);
  } catch {
    throw new PaymentUnavailableError(`${provider} answered ${response.status} without JSON`);
  }
  if (!response.ok) {
    const message =
      (body as { error_message?: unknown; message?: unknown }).error_message ??
      (body as { message?: unknown }).message;
    throw new PaymentRefusedError(
      `${provider} refused (${response.status}): ${typeof message === "string" ? message : "no reason"}`,
      response.status,
    );
  }
  return body;
}

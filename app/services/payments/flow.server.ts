import crypto from "node:crypto";
import {
  callProvider,
  PaymentRefusedError,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentStatus,
} from "./provider.server";

/**
 * Flow through its documented API v2 (docs/decisions/056): every call carries `apiKey` and the
 * signature `s`, HMAC-SHA256 (hex) of the other parameters sorted by name and written as name then
 * value with nothing between, keyed by the secret key. payment/create gives the page the customer
 * goes to (url?token=); Flow's server posts the token to urlConfirmation, and the customer's
 * browser to urlReturn; payment/getStatus is the word on it; refund/create gives money back.
 */

export interface FlowSettings {
  apiKey: string;
  secretKey: string;
  /** https://www.flow.cl/api (production), https://sandbox.flow.cl/api (Flow's sandbox). */
  apiUrl: string;
  timeoutMs?: number;
}

/** The signature `s` of `params` (every parameter but `s` itself). */
export function flowSignature(params: Record<string, string>, secretKey: string): string {
  const text = Object.keys(params)
    .filter((name) => name !== "s")
    .sort()
    .map((name) => `${name}${params[name]}`)
    .join("");
  return crypto.createHmac("sha256", secretKey).update(text).digest("hex");
}

/** Flow's payment statuses: 1 pending, 2 paid, 3 rejected, 4 cancelled. */
const outcomes: Record<number, PaymentOutcome> = {
  1: "pending",
  2: "approved",
  3: "rejected",
  4: "cancelled",
};

interface FlowPayment {
  status?: number;
  amount?: number | string;
  commerceOrder?: string;
  paymentData?: { media?: string | null; installments?: number | null } | null;
}

/** A token as Flow makes them (40 hex characters); anything else is never sent to it. */
const tokenPattern = /^[0-9A-F]{40}$/i;

export function flowProvider({
  apiKey,
  secretKey,
  apiUrl,
  timeoutMs = 15_000,
}: FlowSettings): PaymentProvider {
  const base = apiUrl.replace(/\/+$/, "");
  const signed = (params: Record<string, string>) => {
    const all = { ...params, apiKey };
    return new URLSearchParams({ ...all, s: flowSignature(all, secretKey) });
  };
  const options = { provider: "flow" as const, timeoutMs };
  const post = (service: string, params: Record<string, string>) =>
    callProvider(
      `${base}/${service}`,
      {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: signed(params).toString(),
      },
      options,
    );
  const get = (service: string, params: Record<string, string>) =>
    callProvider(`${base}/${service}?${signed(params).toString()}`, { method: "GET" }, options);
  const checkedToken = (token: string) => {
    if (!tokenPattern.test(token)) throw new PaymentRefusedError("flow refused: not a Flow token", 400);
    return token;
  };

  const status = async (token: string): Promise<PaymentStatus> => {
    const payment = (await get("payment/getStatus", { token: checkedToken(token) })) as FlowPayment;
    const code = Number(payment.status);
    // The payer's e-mail is the order's own: not kept twice (an erased customer's stays erased).
    const { payer: _payer, ...answer } = payment as FlowPayment & Record<string, unknown>;
    return {
      answer,
      outcome: outcomes[code] ?? "pending",
      amount: Number(payment.amount ?? 0),
      buyOrder: String(payment.commerceOrder ?? ""),
      responseCode: code,
      ...(payment.paymentData?.media ? { paymentType: payment.paymentData.media } : {}),
      ...(typeof payment.paymentData?.installments === "number"
        ? { installments: payment.paymentData.installments }
        : {}),
    };
  };

  return {
    name: "flow",
    async start({ buyOrder, amount, email, subject, confirmationUrl, returnUrl }) {
      const answer = (await post("payment/create", {
        commerceOrder: buyOrder,
        subject,
        currency: "CLP",
        amount: String(amount),
        email,
        urlConfirmation: confirmationUrl,
        urlReturn: returnUrl,
      })) as { url?: unknown; token?: unknown };
      if (typeof answer.url !== "string" || typeof answer.token !== "string") {
        throw new PaymentRefusedError("flow answered a creation without url or token", 502);
      }
      const page = new URL(answer.url);
      page.searchParams.set("token", answer.token);
      return { reference: answer.token, redirect: { url: page.toString(), method: "GET", fields: {} } };
    },
    // Flow has no commit: its word is getStatus, the same when the customer comes back.
    confirm: status,
    status,
    async refund({ amount, buyOrder, email, callbackUrl }) {
      const answer = (await post("refund/create", {
        refundCommerceOrder: `${buyOrder}-R`,
        receiverEmail: email,
        amount: String(amount),
        urlCallBack: callbackUrl,
        commerceTrxId: buyOrder,
      })) as { status?: unknown; amount?: unknown; token?: unknown };
      return {
        type: typeof answer.status === "string" ? answer.status : "unknown",
        amount: Number(answer.amount ?? amount),
        ...(typeof answer.token === "string" ? { reference: answer.token } : {}),
      };
    },
  };
}

import { webpayHosts, webpayIntegrationCredentials } from "~/infra/env.server";
import {
  callProvider,
  PaymentRefusedError,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentStatus,
} from "./provider.server";

/**
 * Webpay Plus through Transbank's documented REST API, v1.2 (docs/decisions/056): create a
 * transaction (the customer goes to its form with token_ws), commit it when the customer comes back,
 * ask its status, refund it. Called directly with fetch rather than through transbank-sdk, whose
 * errors keep only a message: the shop must tell a Webpay that is down (ask again later) from one
 * that says no. The SDK drives the stand-in in its tests (scripts/payments-stand-in.test.ts), so
 * both speak the same API.
 */

export interface WebpaySettings {
  commerceCode: string;
  apiKey: string;
  /** Transbank's host: https://webpay3gint.transbank.cl (integration), https://webpay3g.transbank.cl. */
  apiUrl: string;
  timeoutMs?: number;
}

/** Transbank's integration environment and its published test commerce (transbank-sdk's). */
export const webpayIntegration = {
  ...webpayIntegrationCredentials,
  apiUrl: webpayHosts.integration,
} as const;

const transactionsPath = "/rswebpaytransaction/api/webpay/v1.2/transactions";

interface WebpayTransaction {
  status?: string;
  amount?: number;
  buy_order?: string;
  authorization_code?: string;
  payment_type_code?: string;
  response_code?: number;
  installments_number?: number;
  card_detail?: { card_number?: string };
}

/** Webpay's transaction statuses as the shop's outcomes. */
function outcomeOf({ status, response_code: code }: WebpayTransaction): PaymentOutcome {
  switch (status) {
    case "AUTHORIZED":
    case "CAPTURED":
      return code === 0 ? "approved" : "rejected";
    case "FAILED":
      return "rejected";
    case "REVERSED":
    case "NULLIFIED":
    case "PARTIALLY_NULLIFIED":
      return "refunded";
    case "INITIALIZED":
      return "pending";
    default:
      return "pending";
  }
}

function statusOf(transaction: WebpayTransaction): PaymentStatus {
  const lastFour = transaction.card_detail?.card_number?.slice(-4);
  const { card_detail: _card, ...rest } = transaction as WebpayTransaction & Record<string, unknown>;
  return {
    answer: { ...rest, ...(lastFour ? { card_detail: { card_number: lastFour } } : {}) },
    outcome: outcomeOf(transaction),
    amount: Number(transaction.amount ?? 0),
    buyOrder: String(transaction.buy_order ?? ""),
    ...(transaction.authorization_code ? { authorizationCode: transaction.authorization_code } : {}),
    ...(lastFour && /^\d{4}$/.test(lastFour) ? { cardLastFour: lastFour } : {}),
    ...(transaction.payment_type_code ? { paymentType: transaction.payment_type_code } : {}),
    ...(typeof transaction.installments_number === "number"
      ? { installments: transaction.installments_number }
      : {}),
    ...(typeof transaction.response_code === "number" ? { responseCode: transaction.response_code } : {}),
  };
}

/** A token as Webpay makes them (64 hex characters); anything else is never sent to it. */
const tokenPattern = /^[0-9a-f]{64}$/i;

export function webpayProvider({
  commerceCode,
  apiKey,
  apiUrl,
  timeoutMs = 15_000,
}: WebpaySettings): PaymentProvider {
  const headers = {
    "Tbk-Api-Key-Id": commerceCode,
    "Tbk-Api-Key-Secret": apiKey,
    "Content-Type": "application/json",
  };
  const base = `${apiUrl.replace(/\/+$/, "")}${transactionsPath}`;
  const call = (method: string, path: string, body?: unknown) =>
    callProvider(
      `${base}${path}`,
      { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) },
      { provider: "webpay", timeoutMs },
    );
  const transactionPath = (token: string) => {
    if (!tokenPattern.test(token)) throw new PaymentRefusedError("webpay refused: not a Webpay token", 400);
    return `/${token}`;
  };

  const provider: PaymentProvider = {
    name: "webpay",
    async start({ buyOrder, sessionId, amount, returnUrl }) {
      const answer = (await call("POST", "", {
        buy_order: buyOrder,
        session_id: sessionId,
        amount,
        return_url: returnUrl,
      })) as { token?: unknown; url?: unknown };
      if (typeof answer.token !== "string" || typeof answer.url !== "string") {
        throw new PaymentRefusedError("webpay answered a creation without token or url", 502);
      }
      return {
        reference: answer.token,
        redirect: { url: answer.url, method: "POST", fields: { token_ws: answer.token } },
      };
    },
    async confirm(token) {
      try {
        return statusOf((await call("PUT", transactionPath(token))) as WebpayTransaction);
      } catch (error) {
        // Committed before (a reload, the other server): the status says what it was.
        if (error instanceof PaymentRefusedError && error.status === 422) return provider.status(token);
        throw error;
      }
    },
    async status(token) {
      return statusOf((await call("GET", transactionPath(token))) as WebpayTransaction);
    },
    async refund({ reference, amount }) {
      const answer = (await call("POST", `${transactionPath(reference)}/refunds`, { amount })) as {
        type?: unknown;
        nullified_amount?: unknown;
        authorization_code?: unknown;
      };
      return {
        type: typeof answer.type === "string" ? answer.type : "UNKNOWN",
        amount: typeof answer.nullified_amount === "number" ? answer.nullified_amount : amount,
        ...(typeof answer.authorization_code === "string" ? { reference: answer.authorization_code } : {}),
      };
    },
  };
  return provider;
}

import { startPaymentStandIn, type PaymentStandIn } from "../../scripts/payments-stand-in.mjs";
import { setPaymentReference, settlePaymentAttempt, startPaymentAttempt } from "~/models/payments.server";
import type { Db } from "~/infra/db.server";
import { parseEnv, type PaymentSettings } from "~/infra/env.server";
import { flowProvider } from "~/services/payments/flow.server";
import type { PaymentProvider, StartedPayment } from "~/services/payments/provider.server";
import { webpayIntegration, webpayProvider } from "~/services/payments/webpay.server";

/**
 * Orders paid through the local stand-in of Webpay and Flow (docs/decisions/055), for tests of what
 * comes after a payment (the back office, refunds): real HTTP to the stand-in, the customer's button
 * pressed through its control endpoint, the attempt settled by the shop's own model.
 */

export type StandIn = PaymentStandIn;

export const startStandIn = () => startPaymentStandIn();

export function standInPayments(standIn: StandIn, provider: "webpay" | "flow" = "webpay"): PaymentSettings {
  return parseEnv({
    PAYMENT_PROVIDER: provider,
    WEBPAY_API_URL: standIn.url,
    FLOW_API_KEY: standIn.flow.apiKey,
    FLOW_SECRET_KEY: standIn.flow.secretKey,
    FLOW_API_URL: `${standIn.url}/api`,
  }).payments;
}

export function standInProvider(standIn: StandIn, provider: "webpay" | "flow"): PaymentProvider {
  return provider === "webpay"
    ? webpayProvider({ ...webpayIntegration, apiUrl: standIn.url })
    : flowProvider({
        apiKey: standIn.flow.apiKey,
        secretKey: standIn.flow.secretKey,
        apiUrl: `${standIn.url}/api`,
      });
}

let sequence = 0;

/**
 * An attempt to pay `order` through `provider` on the stand-in, the customer's button `action`
 * pressed ("approve", "reject", "abort"…), settled with the provider's word: an approved one marks
 * the order paid by that provider.
 */
export async function payThroughStandIn(
  db: Db,
  standIn: StandIn,
  order: { id: string; number: string; total: number; email: string },
  { provider = "webpay", action = "approve" }: { provider?: "webpay" | "flow"; action?: string } = {},
) {
  sequence += 1;
  const client = standInProvider(standIn, provider);
  const attempt = await startPaymentAttempt(db, {
    orderId: order.id,
    provider,
    buyOrder: `${order.number}-T${sequence}`,
    amount: order.total,
  });
  const started = await client.start({
    buyOrder: attempt.buyOrder,
    sessionId: attempt.id,
    amount: attempt.amount,
    returnUrl: "http://127.0.0.1:9/pago/retorno",
    confirmationUrl: "http://127.0.0.1:9/pago/confirmacion",
    email: order.email,
    subject: `Pedido ${order.number}`,
  });
  await setPaymentReference(db, attempt.id, started.reference, started.redirect.url);
  await pressOnProviderPage(standIn.url, started, action);
  const settlement = await settlePaymentAttempt(db, attempt.id, await client.confirm(started.reference));
  return { attempt: settlement.attempt, reference: started.reference, client };
}

/**
 * The customer's browser on the stand-in's payment page (where it takes its scripted options), then
 * pressing one of its buttons (`action`: "approve", "reject", "abort", "timeout").
 */
export async function pressOnProviderPage(
  standInUrl: string,
  started: Pick<StartedPayment, "reference" | "redirect">,
  action: string,
): Promise<void> {
  const { url, method, fields } = started.redirect;
  const page = await fetch(url, {
    method,
    ...(method === "POST"
      ? {
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields),
        }
      : {}),
  });
  if (page.status !== 200) throw new Error(`The stand-in's payment page answered ${page.status}`);
  const provider = url.includes("/webpayserver/") ? "webpay" : "flow";
  const decided = await fetch(`${standInUrl}/__stand-in/decide`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ provider, token: started.reference, action }),
  });
  if (decided.status !== 200) throw new Error(`The stand-in answered ${decided.status} to ${action}`);
}

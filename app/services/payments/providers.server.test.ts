import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPaymentStandIn } from "../../../scripts/payments-stand-in.mjs";
import { parseEnv } from "~/infra/env.server";
import { pressOnProviderPage } from "../../../tests/support/payments";
import { flowProvider } from "./flow.server";
import { paymentProviderOf } from "./payments.server";
import {
  PaymentRefusedError,
  PaymentUnavailableError,
  type PaymentProvider,
  type StartedPayment,
} from "./provider.server";
import { webpayIntegration, webpayProvider } from "./webpay.server";

/**
 * The shop's Webpay Plus and Flow clients against the local stand-in (docs/decisions/055, 056),
 * over real HTTP: the stand-in speaks the providers' documented APIs, and the customer's button on
 * its payment page is pressed through its control endpoint.
 */

type StandIn = {
  url: string;
  flow: { apiKey: string; secretKey: string };
  script: (entry: unknown) => void;
  close: () => Promise<void>;
};
let standIn: StandIn;

/** The shop's side of Flow's confirmation: a receiver that answers 200. */
const confirmations: string[] = [];
const receiver = http.createServer((req, res) => {
  let body = "";
  req.on("data", (chunk: Buffer) => (body += chunk.toString()));
  req.on("end", () => {
    confirmations.push(body);
    res.end("ok");
  });
});
let shopUrl = "";

beforeAll(async () => {
  standIn = (await startPaymentStandIn()) as StandIn;
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  shopUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await standIn?.close();
  await new Promise((resolve) => receiver.close(resolve));
});

/** The customer's browser goes to the provider's page, then presses one of its buttons. */
const press = (started: StartedPayment, action: string) => pressOnProviderPage(standIn.url, started, action);

let attempt = 0;
const payment = (amount = 34990) => {
  attempt += 1;
  return {
    buyOrder: `LB-TEST${attempt}`,
    sessionId: `intento-${attempt}`,
    amount,
    returnUrl: `${shopUrl}/pago/retorno`,
    confirmationUrl: `${shopUrl}/pago/confirmacion`,
    email: "camila@example.cl",
    subject: "Pedido LB-TEST",
  };
};

describe("Webpay Plus", () => {
  const webpay = (timeoutMs?: number): PaymentProvider =>
    webpayProvider({ ...webpayIntegration, apiUrl: standIn.url, ...(timeoutMs ? { timeoutMs } : {}) });

  it("starts with a form that posts token_ws, confirms an approved payment once, refunds it", async () => {
    const provider = webpay();
    const started = await provider.start(payment(34990));
    expect(started.redirect).toEqual({
      url: `${standIn.url}/webpayserver/initTransaction`,
      method: "POST",
      fields: { token_ws: started.reference },
    });
    await press(started, "approve");
    const confirmed = await provider.confirm(started.reference);
    expect(confirmed).toMatchObject({
      outcome: "approved",
      amount: 34990,
      buyOrder: `LB-TEST${attempt}`,
      responseCode: 0,
    });
    expect(confirmed.cardLastFour).toMatch(/^\d{4}$/);
    expect(confirmed.authorizationCode).toBeTruthy();
    // A second confirmation (a reload, the other server) reads the same answer, changing nothing.
    expect(await provider.confirm(started.reference)).toMatchObject({ outcome: "approved", amount: 34990 });
    expect((await provider.status(started.reference)).outcome).toBe("approved");
    const refund = await provider.refund({
      reference: started.reference,
      amount: 34990,
      buyOrder: confirmed.buyOrder,
      email: "camila@example.cl",
      callbackUrl: `${shopUrl}/pago/reembolso`,
    });
    expect(["REVERSED", "NULLIFIED"]).toContain(refund.type);
    expect((await provider.status(started.reference)).outcome).toBe("refunded");
  });

  it("tells a rejected payment, and reports the amount Webpay charged, whatever the shop expected", async () => {
    const provider = webpay();
    const rejected = await provider.start(payment());
    await press(rejected, "reject");
    expect((await provider.confirm(rejected.reference)).outcome).toBe("rejected");

    standIn.script({ reportedAmount: 1000 });
    const changed = await provider.start(payment(34990));
    await press(changed, "approve");
    expect(await provider.confirm(changed.reference)).toMatchObject({ outcome: "approved", amount: 1000 });
  });

  it("refuses wrong credentials and a made-up token; a Webpay that fails or is late is unavailable", async () => {
    const wrong = webpayProvider({ ...webpayIntegration, apiKey: "0".repeat(64), apiUrl: standIn.url });
    await expect(wrong.start(payment())).rejects.toMatchObject({ name: "PaymentRefusedError", status: 401 });
    const provider = webpay(300);
    await expect(provider.confirm("../../admin")).rejects.toBeInstanceOf(PaymentRefusedError);
    await expect(provider.confirm("ab".repeat(32))).rejects.toBeInstanceOf(PaymentRefusedError);
    const started = await provider.start(payment());
    standIn.script({ operation: "webpay.commit", status: 500 });
    await expect(provider.confirm(started.reference)).rejects.toBeInstanceOf(PaymentUnavailableError);
    standIn.script({ operation: "webpay.status", delayMs: 1_000 });
    await expect(provider.status(started.reference)).rejects.toBeInstanceOf(PaymentUnavailableError);
    // Nothing is decided yet: the customer is still on Webpay's page.
    expect((await provider.status(started.reference)).outcome).toBe("pending");
  });
});

describe("Flow", () => {
  const flow = (secretKey = standIn.flow.secretKey) =>
    flowProvider({ apiKey: standIn.flow.apiKey, secretKey, apiUrl: `${standIn.url}/api` });

  it("starts with a link to Flow's page, and its signed getStatus is the word on the payment", async () => {
    const provider = flow();
    const started = await provider.start(payment(12990));
    const link = new URL(started.redirect.url);
    expect([started.redirect.method, link.searchParams.get("token")]).toEqual(["GET", started.reference]);
    expect((await provider.status(started.reference)).outcome).toBe("pending");
    await press(started, "approve");
    // Flow's server told the shop's confirmation URL, with the token only.
    await expect.poll(() => confirmations.includes(`token=${started.reference}`)).toBe(true);
    expect(await provider.confirm(started.reference)).toMatchObject({
      outcome: "approved",
      amount: 12990,
      buyOrder: `LB-TEST${attempt}`,
    });
    const refund = await provider.refund({
      reference: started.reference,
      amount: 12990,
      buyOrder: `LB-TEST${attempt}`,
      email: "camila@example.cl",
      callbackUrl: `${shopUrl}/pago/reembolso`,
    });
    expect(refund.type).toBe("accepted");
  });

  it("tells rejected and cancelled payments apart", async () => {
    const provider = flow();
    const rejected = await provider.start(payment());
    await press(rejected, "reject");
    expect((await provider.status(rejected.reference)).outcome).toBe("rejected");
    const cancelled = await provider.start(payment());
    await press(cancelled, "abort");
    expect((await provider.status(cancelled.reference)).outcome).toBe("cancelled");
  });

  it("is refused with a wrong secret key (the signature does not match), and for a made-up token", async () => {
    await expect(flow("otra-clave").start(payment())).rejects.toMatchObject({
      name: "PaymentRefusedError",
      status: 401,
    });
    await expect(flow().status("F".repeat(40))).rejects.toMatchObject({
      name: "PaymentRefusedError",
      status: 400,
    });
    await expect(flow().status("no-es-un-token")).rejects.toBeInstanceOf(PaymentRefusedError);
  });
});

describe("the provider the configuration chose", () => {
  it("is Webpay by default, Flow with its keys, none for payment links; each reaches the URL it was given", async () => {
    const webpay = paymentProviderOf(parseEnv({ WEBPAY_API_URL: standIn.url }).payments);
    expect(webpay?.name).toBe("webpay");
    expect((await webpay!.start(payment())).redirect.url).toBe(`${standIn.url}/webpayserver/initTransaction`);
    const flow = paymentProviderOf(
      parseEnv({
        PAYMENT_PROVIDER: "flow",
        FLOW_API_KEY: standIn.flow.apiKey,
        FLOW_SECRET_KEY: standIn.flow.secretKey,
        FLOW_API_URL: `${standIn.url}/api`,
      }).payments,
    );
    expect(flow?.name).toBe("flow");
    expect((await flow!.start(payment())).redirect.url.startsWith(standIn.url)).toBe(true);
    expect(paymentProviderOf(parseEnv({ PAYMENT_PROVIDER: "link" }).payments)).toBeUndefined();
  });
});

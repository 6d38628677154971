import { spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { IntegrationApiKeys, IntegrationCommerceCodes, Options, WebpayPlus } from "transbank-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script without type declarations
import { flowSign, formatClp, startPaymentStandIn } from "./payments-stand-in.mjs";

/**
 * The local payment stand-in (issue 22; docs/decisions/055) driven with real HTTP exactly as the
 * shop will drive the real providers: the API calls with their headers and signatures, the browser's
 * trip through the payment page (its forms parsed and submitted), and Flow's server-to-server
 * confirmation to a receiver of our own.
 */

type Form = { action: string; method: string; fields: Record<string, string> };
type StandIn = {
  url: string;
  webpay: { commerceCode: string; apiKey: string };
  flow: { apiKey: string; secretKey: string };
  script: (entry: unknown) => void;
  events: { type: string; [key: string]: unknown }[];
  close: () => Promise<void>;
};

const WEBPAY = "/rswebpaytransaction/api/webpay/v1.2/transactions";
let standIn: StandIn;

/** A shop of our own: records every request to its return and confirmation URLs. */
const received: { method: string; path: string; body: string }[] = [];
const shop = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    received.push({ method: req.method ?? "", path: req.url ?? "", body: Buffer.concat(chunks).toString() });
    res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
  });
});
let shopUrl = "";

beforeAll(async () => {
  standIn = (await startPaymentStandIn()) as StandIn;
  await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await standIn?.close();
  await new Promise((resolve) => shop.close(resolve));
});

function parseForm(html: string): Form {
  const form = /<form[^>]*action="([^"]*)"[^>]*method="([^"]*)"/.exec(html);
  if (!form) throw new Error(`no form in ${html}`);
  const fields: Record<string, string> = {};
  for (const [, name = "", value = ""] of html.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
  )) {
    fields[name] = value.replace(/&amp;/g, "&").replace(/&quot;/g, '"');
  }
  return { action: (form[1] ?? "").replace(/&amp;/g, "&"), method: form[2] ?? "", fields };
}

function webpayHeaders(code = standIn.webpay.commerceCode, key = standIn.webpay.apiKey) {
  return { "Tbk-Api-Key-Id": code, "Tbk-Api-Key-Secret": key, "Content-Type": "application/json" };
}

async function webpay(method: string, suffix: string, body?: unknown, headers = webpayHeaders()) {
  const response = await fetch(`${standIn.url}${WEBPAY}${suffix}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

let orderNumber = 0;
async function webpayCreate(amount = 12990) {
  orderNumber += 1;
  const created = await webpay("POST", "", {
    buy_order: `LB-${orderNumber}`,
    session_id: `session-${orderNumber}`,
    amount,
    return_url: `${shopUrl}/pago/webpay/retorno`,
  });
  expect(created.status).toBe(200);
  return {
    token: created.body.token as string,
    url: created.body.url as string,
    buyOrder: `LB-${orderNumber}`,
  };
}

/** The browser: posts token_ws to Webpay's url, presses a button, and reads the form back. */
async function webpayPress(token: string, url: string, action: string) {
  const pageResponse = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token_ws: token }),
  });
  const html = await pageResponse.text();
  expect(pageResponse.status).toBe(200);
  return press(html, action);
}

async function press(html: string, action: string) {
  const form = parseForm(html);
  const response = await fetch(new URL(form.action, standIn.url), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...form.fields, action }),
  });
  expect(response.status).toBe(200);
  return parseForm(await response.text());
}

describe("Webpay Plus", () => {
  it("creates a transaction whose page shows the amount and the order with four buttons", async () => {
    const { token, url, buyOrder } = await webpayCreate(12990);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(url).toBe(`${standIn.url}/webpayserver/initTransaction`);
    const response = await fetch(`${url}?token_ws=${token}`);
    const html = await response.text();
    expect(html).toContain('lang="es-CL"');
    expect(html).toContain("$12.990");
    expect(html).toContain(buyOrder);
    for (const label of ["Aprobar", "Rechazar", "Anular", "Dejar expirar"])
      expect(html).toContain(`>${label}<`);
    expect(formatClp(1234567)).toBe("$1.234.567");
  });

  it("approves: the browser returns by GET with token_ws, commit says AUTHORIZED, a second commit is 422", async () => {
    const { token, url, buyOrder } = await webpayCreate(12990);
    const back = await webpayPress(token, url, "approve");
    expect(back).toEqual({
      action: `${shopUrl}/pago/webpay/retorno`,
      method: "get",
      fields: { token_ws: token },
    });
    const commit = await webpay("PUT", `/${token}`);
    expect(commit.status).toBe(200);
    expect(commit.body).toMatchObject({
      vci: "TSY",
      amount: 12990,
      status: "AUTHORIZED",
      buy_order: buyOrder,
      session_id: `session-${orderNumber}`,
      card_detail: { card_number: "6623" },
      payment_type_code: "VN",
      response_code: 0,
      installments_number: 0,
    });
    expect(commit.body.authorization_code).toMatch(/^\d{6}$/);
    expect(commit.body.accounting_date).toMatch(/^\d{4}$/);
    const again = await webpay("PUT", `/${token}`);
    expect(again.status).toBe(422);
    expect(again.body.error_message).toEqual(expect.any(String));
    const status = await webpay("GET", `/${token}`);
    expect(status.body).toMatchObject({ status: "AUTHORIZED", amount: 12990, response_code: 0 });

    // Refund of the whole amount on the same day: REVERSED; nothing left to refund afterwards.
    const refund = await webpay("POST", `/${token}/refunds`, { amount: 12990 });
    expect(refund).toEqual({ status: 200, body: { type: "REVERSED" } });
    expect((await webpay("POST", `/${token}/refunds`, { amount: 1 })).status).toBe(422);
    expect((await webpay("GET", `/${token}`)).body.status).toBe("REVERSED");
  });

  it("nullifies a debit payment (VD) and partial refunds", async () => {
    standIn.script({ paymentType: "VD" });
    const { token, url } = await webpayCreate(10000);
    await webpayPress(token, url, "approve");
    await webpay("PUT", `/${token}`);
    const partial = await webpay("POST", `/${token}/refunds`, { amount: 4000 });
    expect(partial.body).toMatchObject({
      type: "NULLIFIED",
      nullified_amount: 4000,
      balance: 6000,
      response_code: 0,
    });
    expect((await webpay("GET", `/${token}`)).body.status).toBe("PARTIALLY_NULLIFIED");
  });

  it("rejects: token_ws by GET, commit says FAILED with a negative response code", async () => {
    const { token, url } = await webpayCreate();
    const back = await webpayPress(token, url, "reject");
    expect(back.method).toBe("get");
    expect(back.fields).toEqual({ token_ws: token });
    const commit = await webpay("PUT", `/${token}`);
    expect(commit.body).toMatchObject({ status: "FAILED" });
    expect(commit.body.response_code).toBeLessThan(0);
  });

  it("abort (Anular): POST of TBK_TOKEN, TBK_ORDEN_COMPRA and TBK_ID_SESION; its commit is 422", async () => {
    const { token, url, buyOrder } = await webpayCreate();
    const back = await webpayPress(token, url, "abort");
    expect(back.method).toBe("post");
    expect(back.fields).toEqual({
      TBK_TOKEN: token,
      TBK_ORDEN_COMPRA: buyOrder,
      TBK_ID_SESION: `session-${orderNumber}`,
    });
    expect((await webpay("PUT", `/${token}`)).status).toBe(422);
  });

  it("timeout (Dejar expirar): POST of TBK_ORDEN_COMPRA and TBK_ID_SESION only", async () => {
    const { token, url, buyOrder } = await webpayCreate();
    const back = await webpayPress(token, url, "timeout");
    expect(back.method).toBe("post");
    expect(back.fields).toEqual({ TBK_ORDEN_COMPRA: buyOrder, TBK_ID_SESION: `session-${orderNumber}` });
    expect((await webpay("PUT", `/${token}`)).status).toBe(422);
  });

  it("a scripted outcome answers the page at once; error on the form sends every field", async () => {
    standIn.script("error");
    const { token, url, buyOrder } = await webpayCreate();
    const response = await fetch(url, { method: "POST", body: new URLSearchParams({ token_ws: token }) });
    const back = parseForm(await response.text());
    expect(back.method).toBe("post");
    expect(back.fields).toEqual({
      token_ws: token,
      TBK_TOKEN: token,
      TBK_ORDEN_COMPRA: buyOrder,
      TBK_ID_SESION: `session-${orderNumber}`,
    });
  });

  it("amount mismatch: commit reports the scripted amount", async () => {
    standIn.script({ outcome: "approve", reportedAmount: 1 });
    const { token, url } = await webpayCreate(12990);
    await fetch(`${url}?token_ws=${token}`);
    expect((await webpay("PUT", `/${token}`)).body).toMatchObject({ status: "AUTHORIZED", amount: 1 });
  });

  it("refuses wrong keys (401), unknown tokens and invalid fields (422)", async () => {
    const wrongKey = await webpay("GET", "/x", undefined, webpayHeaders(standIn.webpay.commerceCode, "nope"));
    expect(wrongKey).toEqual({ status: 401, body: { error_message: "Not Authorized" } });
    const wrongCode = await webpay("POST", "", {}, webpayHeaders("597055555533"));
    expect(wrongCode.status).toBe(401);
    expect((await webpay("PUT", `/${"0".repeat(64)}`)).status).toBe(422);
    expect((await webpay("GET", `/${"0".repeat(64)}`)).status).toBe(422);
    const tooLong = await webpay("POST", "", {
      buy_order: "x".repeat(27),
      session_id: "s",
      amount: 1000,
      return_url: `${shopUrl}/r`,
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.error_message).toContain("buy_order");
  });

  it("scripted 500s and delays on an operation", async () => {
    standIn.script({ operation: "webpay.create", status: 500 });
    const failed = await webpay("POST", "", {
      buy_order: "a",
      session_id: "b",
      amount: 1,
      return_url: `${shopUrl}/r`,
    });
    expect(failed.status).toBe(500);
    standIn.script({ operation: "webpay.status", delayMs: 300 });
    const { token } = await webpayCreate();
    const started = Date.now();
    const status = await webpay("GET", `/${token}`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(status.body.status).toBe("INITIALIZED");
  });

  it("the control endpoint scripts outcomes with JSON", async () => {
    const response = await fetch(`${standIn.url}/__stand-in/script`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ outcome: "reject" }),
    });
    expect(response.status).toBe(200);
    const { token, url } = await webpayCreate();
    await fetch(`${url}?token_ws=${token}`);
    expect((await webpay("PUT", `/${token}`)).body.status).toBe("FAILED");
    expect(
      (await fetch(`${standIn.url}/__stand-in/script`, { method: "POST", body: '{"outcome":"x"}' })).status,
    ).toBe(400);
  });
});

describe("Transbank's official Node SDK against the stand-in", () => {
  it("creates, commits, asks the status and refunds; wrong keys are its TransbankError", async () => {
    expect(IntegrationCommerceCodes.WEBPAY_PLUS).toBe(standIn.webpay.commerceCode);
    expect(IntegrationApiKeys.WEBPAY).toBe(standIn.webpay.apiKey);
    const tx = new WebpayPlus.Transaction(
      new Options(IntegrationCommerceCodes.WEBPAY_PLUS, IntegrationApiKeys.WEBPAY, standIn.url),
    );
    const created = await tx.create("LB-SDK-1", "session-sdk", 25990, `${shopUrl}/pago/webpay/retorno`);
    expect(created.url).toBe(`${standIn.url}/webpayserver/initTransaction`);
    const back = await webpayPress(created.token, created.url, "approve");
    expect(back.fields).toEqual({ token_ws: created.token });
    const commit = await tx.commit(created.token);
    expect(commit).toMatchObject({
      status: "AUTHORIZED",
      amount: 25990,
      buy_order: "LB-SDK-1",
      response_code: 0,
    });
    expect(await tx.status(created.token)).toMatchObject({ status: "AUTHORIZED" });
    await expect(tx.commit(created.token)).rejects.toThrow(/Invalid status/);
    expect(await tx.refund(created.token, 25990)).toEqual({ type: "REVERSED" });

    const wrong = new WebpayPlus.Transaction(
      new Options(IntegrationCommerceCodes.WEBPAY_PLUS, "wrong", standIn.url),
    );
    await expect(wrong.status(created.token)).rejects.toThrow("Not Authorized");
  });
});

describe("Flow", () => {
  function signed(params: Record<string, string | number>) {
    const all = { apiKey: standIn.flow.apiKey, ...params };
    return { ...all, s: flowSign(all, standIn.flow.secretKey) as string };
  }
  async function flowPost(service: string, params: Record<string, string | number>) {
    const response = await fetch(`${standIn.url}/api${service}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  async function flowGet(service: string, params: Record<string, string | number>) {
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
    const response = await fetch(`${standIn.url}/api${service}?${query}`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  let flowOrderNumber = 0;
  async function flowCreate(amount = 12990) {
    flowOrderNumber += 1;
    const commerceOrder = `LBF-${flowOrderNumber}`;
    const created = await flowPost(
      "/payment/create",
      signed({
        commerceOrder,
        subject: "Kit LifeBox",
        currency: "CLP",
        amount,
        email: "ana@example.cl",
        urlConfirmation: `${shopUrl}/pago/flow/confirmacion`,
        urlReturn: `${shopUrl}/pago/flow/retorno`,
      }),
    );
    expect(created.status).toBe(200);
    return { ...(created.body as { url: string; token: string; flowOrder: number }), commerceOrder };
  }
  async function flowPress(url: string, token: string, action: string) {
    const html = await (await fetch(`${url}?token=${token}`)).text();
    expect(html).toContain("Flow");
    return press(html, action);
  }
  const confirmations = (token: string) =>
    received.filter((r) => r.path === "/pago/flow/confirmacion" && r.body === `token=${token}`);

  it("signs as Flow documents: name+value of the sorted parameters, HMAC-SHA256 hex", () => {
    const expected = "amount5000apiKeyKcommerceOrderA1";
    const s = createHmac("sha256", "secret").update(expected).digest("hex");
    expect(flowSign({ commerceOrder: "A1", apiKey: "K", amount: 5000 }, "secret")).toBe(s);
  });

  it("approve: confirmation POSTed to urlConfirmation before the browser's POST of token to urlReturn; getStatus paid", async () => {
    const { url, token, flowOrder, commerceOrder } = await flowCreate(12990);
    expect(url).toBe(`${standIn.url}/app/web/pay.php`);
    expect(flowOrder).toEqual(expect.any(Number));
    const back = await flowPress(url, token, "approve");
    expect(back).toEqual({ action: `${shopUrl}/pago/flow/retorno`, method: "post", fields: { token } });
    expect(confirmations(token)).toHaveLength(1);
    const status = await flowGet("/payment/getStatus", signed({ token }));
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      flowOrder,
      commerceOrder,
      status: 2,
      amount: 12990,
      currency: "CLP",
      payer: "ana@example.cl",
    });
    expect(status.body.paymentData).toMatchObject({ amount: 12990, media: "webpay" });

    // Refund: accepted, then Flow calls urlCallBack with the refund's token.
    const refund = await flowPost(
      "/refund/create",
      signed({
        refundCommerceOrder: `R-${commerceOrder}`,
        receiverEmail: "ana@example.cl",
        amount: 12990,
        urlCallBack: `${shopUrl}/pago/flow/reembolso`,
        commerceTrxId: commerceOrder,
      }),
    );
    expect(refund.status).toBe(200);
    expect(refund.body).toMatchObject({ status: "accepted", amount: 12990, fee: 0 });
    await expect.poll(() => received.filter((r) => r.path === "/pago/flow/reembolso").length).toBe(1);
    const refundStatus = await flowGet("/refund/getStatus", signed({ token: refund.body.token as string }));
    expect(refundStatus.body).toMatchObject({
      status: "refunded",
      flowRefundOrder: refund.body.flowRefundOrder,
    });
  });

  it("reject: confirmation then return; getStatus 3. Anular and Dejar expirar: return only, status 4", async () => {
    const rejected = await flowCreate();
    await flowPress(rejected.url, rejected.token, "reject");
    expect(confirmations(rejected.token)).toHaveLength(1);
    expect((await flowGet("/payment/getStatus", signed({ token: rejected.token }))).body.status).toBe(3);
    for (const action of ["abort", "timeout"]) {
      const payment = await flowCreate();
      const back = await flowPress(payment.url, payment.token, action);
      expect(back.fields).toEqual({ token: payment.token });
      expect(confirmations(payment.token)).toHaveLength(0);
      expect((await flowGet("/payment/getStatus", signed({ token: payment.token }))).body.status).toBe(4);
    }
  });

  it("duplicate confirmation, confirmation after the return, amount mismatch", async () => {
    standIn.script({ outcome: "approve", confirmation: "twice" });
    const twice = await flowCreate();
    await fetch(`${twice.url}?token=${twice.token}`);
    expect(confirmations(twice.token)).toHaveLength(2);

    standIn.script({
      outcome: "approve",
      confirmation: "after",
      confirmationDelayMs: 100,
      reportedAmount: 5,
    });
    const after = await flowCreate();
    await fetch(`${after.url}?token=${after.token}`);
    expect(confirmations(after.token)).toHaveLength(0);
    await expect.poll(() => confirmations(after.token).length).toBe(1);
    expect((await flowGet("/payment/getStatus", signed({ token: after.token }))).body).toMatchObject({
      status: 2,
      amount: 5,
    });
  });

  it("refuses a wrong signature or key (401), a missing field or unknown token (400), with {code, message}", async () => {
    const params = signed({ token: "UNKNOWN" });
    const wrongS = await flowGet("/payment/getStatus", { ...params, s: "0".repeat(64) });
    expect(wrongS.status).toBe(401);
    expect(wrongS.body).toEqual({ code: expect.any(Number), message: expect.any(String) });
    const wrongKey = await flowGet("/payment/getStatus", { ...params, apiKey: "other" });
    expect(wrongKey.status).toBe(401);
    expect((await flowGet("/payment/getStatus", params)).status).toBe(400);
    const missing = await flowPost("/payment/create", signed({ subject: "x", amount: 1 }));
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain("commerceOrder");
    standIn.script({ operation: "flow.getStatus", status: 500 });
    expect((await flowGet("/payment/getStatus", params)).status).toBe(500);
  });
});

describe("the command line", () => {
  it("prints every setting alone on a line as NAME=value", async () => {
    const child = spawn(
      process.execPath,
      [path.join(import.meta.dirname, "payments-stand-in.mjs"), "--port", "0"],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    const settings = await new Promise<Record<string, string>>((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`exited ${code}: ${output}`)));
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("PAYMENTS_ALLOW_STAND_IN=")) {
          resolve(Object.fromEntries([...output.matchAll(/^([A-Z_]+)=(.*)$/gm)].map((m) => [m[1], m[2]])));
        }
      });
    });
    try {
      expect(Object.keys(settings)).toEqual([
        "WEBPAY_API_URL",
        "WEBPAY_COMMERCE_CODE",
        "WEBPAY_API_KEY",
        "FLOW_API_URL",
        "FLOW_API_KEY",
        "FLOW_SECRET_KEY",
        "PAYMENTS_ALLOW_STAND_IN",
      ]);
      expect(settings.WEBPAY_COMMERCE_CODE).toBe("597055555532");
      expect(settings.PAYMENTS_ALLOW_STAND_IN).toBe("1");
      const unauthorized = await fetch(`${settings.WEBPAY_API_URL}${WEBPAY}/x`);
      expect(unauthorized.status).toBe(401);
      const status = await fetch(`${settings.WEBPAY_API_URL}${WEBPAY}/x`, {
        headers: {
          "Tbk-Api-Key-Id": settings.WEBPAY_COMMERCE_CODE ?? "",
          "Tbk-Api-Key-Secret": settings.WEBPAY_API_KEY ?? "",
        },
      });
      expect(status.status).toBe(422);
    } finally {
      child.kill("SIGTERM");
    }
  });
});

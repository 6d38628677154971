// npm run payments:stand-in -- --port 4400 [--host 127.0.0.1] [--public-url http://localhost:4400]
//
// A local stand-in for both payment providers of issue 22 (docs/decisions/055): one node:http
// server that speaks the parts of Transbank's Webpay Plus REST API (v1.2) and of Flow's API v2 that
// a shop uses — same paths, headers, field names, signatures, status codes and return cases as
// their documentation — with its own payment page (Aprobar, Rechazar, Anular, Dejar expirar) that
// sends the browser back to the shop as the real one does. State lives in memory.
//
// Tests start it with startPaymentStandIn() and script the next outcome (script() or
// POST /__stand-in/script with JSON); the command line prints, each alone on a line, the
// NAME=value settings a shop needs to use it.
import crypto from "node:crypto";
import http from "node:http";
import { pathToFileURL } from "node:url";

/** Transbank's published integration credentials for Webpay Plus (transbank-sdk-nodejs:
 * IntegrationCommerceCodes.WEBPAY_PLUS and IntegrationApiKeys.WEBPAY). */
export const WEBPAY_INTEGRATION_COMMERCE_CODE = "597055555532";
export const WEBPAY_INTEGRATION_API_KEY = "579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C";
/** The stand-in's own Flow credentials (Flow gives each merchant an apiKey and a secretKey). */
export const FLOW_STAND_IN_API_KEY = "1F90971E-8276-4713-97FF-2BLF5091EE3B";
export const FLOW_STAND_IN_SECRET_KEY = "standin0f1e2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6";

const WEBPAY_BASE = "/rswebpaytransaction/api/webpay/v1.2/transactions";
const WEBPAY_FORM_PATH = "/webpayserver/initTransaction";
const FLOW_API_BASE = "/api";
const FLOW_PAGE_PATH = "/app/web/pay.php";
const CONTROL = "/__stand-in";

/** Operations whose answers can be scripted to fail (a status) or to come late (a delay). */
export const OPERATIONS = [
  "webpay.create",
  "webpay.commit",
  "webpay.status",
  "webpay.refund",
  "flow.create",
  "flow.getStatus",
  "flow.refund",
  "flow.refundStatus",
  "flow.confirmation",
  "page",
];
const OUTCOMES = ["approve", "reject", "abort", "timeout", "error"];

/** The Flow signature: HMAC-SHA256 (hex) of every parameter but `s`, sorted by name and
 * concatenated as name followed by value with no separators, keyed by the secret key. */
export function flowSign(params, secretKey) {
  const text = Object.keys(params)
    .filter((name) => name !== "s")
    .sort()
    .map((name) => `${name}${params[name]}`)
    .join("");
  return crypto.createHmac("sha256", secretKey).update(text).digest("hex");
}

/** "$12.990": a CLP amount as Chileans write it. */
export function formatClp(amount) {
  const digits = String(Math.round(Math.abs(amount)));
  return `${amount < 0 ? "-" : ""}$${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".")}`;
}

const escapeHtml = (value) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
  );

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const randomHex = (bytes) => crypto.randomBytes(bytes).toString("hex");
const safeEqual = (a, b) => {
  const left = Buffer.from(String(a ?? ""));
  const right = Buffer.from(String(b ?? ""));
  return left.length === right.length && crypto.timingSafeEqual(left, right);
};
/** Flow's dates: "2026-11-26 15:04:05" (Chile's local time is not modelled: UTC). */
const flowDate = (date = new Date()) => date.toISOString().slice(0, 19).replace("T", " ");
/** Webpay's accounting date: MMDD. */
const accountingDate = (date = new Date()) => date.toISOString().slice(5, 10).replace("-", "");

function readBody(req, limit = 64 * 1024) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size > limit) {
        reject(Object.assign(new Error("body too large"), { status: 413 }));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res, status, body, headers = {}) {
  if (res.headersSent) return;
  const isText = typeof body === "string";
  const payload = isText ? body : JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": isText ? "text/html; charset=utf-8" : "application/json",
    "Cache-Control": "no-store",
    ...headers,
  });
  res.end(payload);
}

function page(title, body) {
  return `<!doctype html>
<html lang="es-CL">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a;line-height:1.5}
.aviso{background:#fff4ce;border:1px solid #c9a400;padding:.5rem .75rem;border-radius:.25rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}
.botones{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:1.5rem}
button{font:inherit;padding:.6rem 1rem;border-radius:.25rem;border:1px solid #333;background:#fff;cursor:pointer;min-height:44px}
button[value=approve]{background:#0b6b2f;color:#fff;border-color:#0b6b2f}
button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
</style>
</head>
<body>
${body}
</body>
</html>`;
}

/** The page that sends the browser somewhere with a form that submits itself (and a button for
 * browsers without JavaScript), as the providers' own pages do. */
function autoSubmitPage(action, method, fields, title = "Volviendo al comercio…") {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n");
  return page(
    title,
    `<main>
<h1>${escapeHtml(title)}</h1>
<form id="retorno" action="${escapeHtml(action)}" method="${method}">
${inputs}
<noscript><button type="submit">Continuar</button></noscript>
</form>
<script>document.getElementById("retorno").submit();</script>
</main>`,
  );
}

/**
 * Starts the stand-in. `publicUrl` is the origin browsers use to reach it (default: its own URL).
 * Returns its URL, the credentials it accepts, script() for the next outcomes and the events it saw.
 */
export async function startPaymentStandIn({
  port = 0,
  host = "127.0.0.1",
  publicUrl,
  flowApiKey = FLOW_STAND_IN_API_KEY,
  flowSecretKey = FLOW_STAND_IN_SECRET_KEY,
} = {}) {
  const webpay = { commerceCode: WEBPAY_INTEGRATION_COMMERCE_CODE, apiKey: WEBPAY_INTEGRATION_API_KEY };
  const flow = { apiKey: flowApiKey, secretKey: flowSecretKey };
  /** @type {Map<string, any>} token → Webpay transaction */
  const webpayTransactions = new Map();
  /** @type {Map<string, any>} token → Flow payment */
  const flowPayments = new Map();
  /** @type {Map<string, any>} token → Flow refund */
  const flowRefunds = new Map();
  const events = [];
  const outcomes = []; // scripted outcomes, consumed one per payment page visit
  const faults = []; // { operation, status?, delayMs?, times, body? }
  let nextFlowOrder = 100000;
  let nextFlowRefundOrder = 5000;
  let nextAuthorization = 1213;
  const pending = new Set(); // confirmations in flight, awaited by close()

  function record(type, detail = {}) {
    events.push({ type, at: new Date().toISOString(), ...detail });
  }

  /**
   * Scripts what comes next. An entry is one of:
   * - an outcome, "approve" | "reject" | "abort" | "timeout" | "error" (or { outcome, … }): the next
   *   payment page sends the browser back at once with it, as if the customer had pressed its button;
   *   with { reportedAmount } the commit/getStatus of that payment reports that amount instead of the
   *   real one; with { confirmation: "before" | "after" | "twice" | "none", confirmationDelayMs } Flow's
   *   confirmation comes before the browser's return (default), after it, twice, or never;
   *   { paymentType, installments } set Webpay's payment_type_code and installments_number.
   *   An entry without `outcome` only sets those for the next payment, whose page shows its buttons.
   * - a fault, { operation, status?, delayMs?, times = 1, body? }: the next `times` calls of the
   *   operation (see OPERATIONS) wait delayMs and/or answer status (500 by default when no delay).
   */
  function script(entry) {
    const item = typeof entry === "string" ? { outcome: entry } : { ...entry };
    if (item.operation !== undefined) {
      if (!OPERATIONS.includes(item.operation)) throw new Error(`Unknown operation: ${item.operation}`);
      faults.push({
        operation: item.operation,
        status: item.status ?? (item.delayMs ? undefined : 500),
        delayMs: item.delayMs ?? 0,
        times: item.times ?? 1,
        body: item.body,
      });
      return;
    }
    if (item.outcome !== undefined && !OUTCOMES.includes(item.outcome)) {
      throw new Error(`Unknown outcome: ${item.outcome}`);
    }
    if (
      item.confirmation !== undefined &&
      !["before", "after", "twice", "none"].includes(item.confirmation)
    ) {
      throw new Error(`Unknown confirmation: ${item.confirmation}`);
    }
    outcomes.push(item);
  }

  /** Applies a scripted fault to `operation`; true when it answered the request. */
  async function fault(operation, res, errorBody) {
    const index = faults.findIndex((f) => f.operation === operation);
    if (index === -1) return false;
    const item = faults[index];
    item.times -= 1;
    if (item.times <= 0) faults.splice(index, 1);
    record("fault", { operation, status: item.status, delayMs: item.delayMs });
    if (item.delayMs) await sleep(item.delayMs);
    if (item.status === undefined) return false;
    if (res) send(res, item.status, item.body ?? errorBody);
    return true;
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      record("error", { message: String(error?.message ?? error) });
      send(res, error?.status ?? 500, { error_message: "Internal error" });
    });
  });
  server.keepAliveTimeout = 1000;

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const url = `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`;
  const origin = (publicUrl ?? url).replace(/\/$/, "");

  async function handle(req, res) {
    const requestUrl = new URL(req.url ?? "/", "http://stand-in");
    const path = requestUrl.pathname;
    if (path === WEBPAY_BASE || path.startsWith(`${WEBPAY_BASE}/`)) return webpayApi(req, res, requestUrl);
    if (path.startsWith(`${FLOW_API_BASE}/`)) return flowApi(req, res, requestUrl);
    if (path === WEBPAY_FORM_PATH) return webpayPage(req, res, requestUrl);
    if (path === FLOW_PAGE_PATH) return flowPage(req, res, requestUrl);
    if (path === `${CONTROL}/decide` && req.method === "POST") return decide(req, res);
    if (path === `${CONTROL}/script` && req.method === "POST") {
      let entries;
      try {
        const parsed = JSON.parse(await readBody(req));
        entries = Array.isArray(parsed) ? parsed : [parsed];
        for (const entry of entries) script(entry);
      } catch (error) {
        return send(res, 400, { error: String(error.message) });
      }
      return send(res, 200, { scripted: entries.length });
    }
    if (path === `${CONTROL}/events` && req.method === "GET") return send(res, 200, events);
    if (path === "/" && req.method === "GET") {
      return send(
        res,
        200,
        page("Pasarela de pagos local", "<main><h1>Pasarela de pagos local (Webpay Plus y Flow)</h1></main>"),
      );
    }
    return send(res, 404, { error_message: "Not Found" });
  }

  // ---------------------------------------------------------------- Webpay Plus REST API v1.2

  function webpayView(tx) {
    const view = {
      vci: tx.vci,
      amount: tx.reportedAmount ?? tx.amount,
      status: tx.status,
      buy_order: tx.buyOrder,
      session_id: tx.sessionId,
      card_detail: tx.cardNumber ? { card_number: tx.cardNumber } : undefined,
      accounting_date: tx.accountingDate,
      transaction_date: tx.transactionDate,
      authorization_code: tx.authorizationCode,
      payment_type_code: tx.paymentTypeCode,
      response_code: tx.responseCode,
      installments_amount: tx.installmentsAmount,
      installments_number: tx.installmentsNumber,
      balance: tx.balance,
    };
    return Object.fromEntries(Object.entries(view).filter(([, value]) => value !== undefined));
  }

  async function webpayApi(req, res, requestUrl) {
    const rest = requestUrl.pathname.slice(WEBPAY_BASE.length).split("/").filter(Boolean);
    const operation =
      rest.length === 0
        ? "create"
        : rest.length === 1
          ? req.method === "PUT"
            ? "commit"
            : "status"
          : "refund";
    const allowed = { create: ["POST"], commit: ["PUT", "GET"], status: ["GET", "PUT"], refund: ["POST"] }[
      operation
    ];
    if (rest.length > 2 || (rest.length === 2 && rest[1] !== "refunds") || !allowed.includes(req.method)) {
      return send(res, 405, { error_message: "Method Not Allowed" });
    }
    const raw = await readBody(req);
    record(`webpay.${operation}.request`, { method: req.method, path: requestUrl.pathname, body: raw });
    if (
      !safeEqual(req.headers["tbk-api-key-id"], webpay.commerceCode) ||
      !safeEqual(req.headers["tbk-api-key-secret"], webpay.apiKey)
    ) {
      return send(res, 401, { error_message: "Not Authorized" });
    }
    if (await fault(`webpay.${operation}`, res, { error_message: "Internal Server Error" })) return;
    let body = {};
    if (raw.trim() !== "") {
      if (!String(req.headers["content-type"] ?? "").includes("application/json")) {
        return send(res, 415, { error_message: "Unsupported Media Type" });
      }
      try {
        body = JSON.parse(raw);
      } catch {
        return send(res, 400, { error_message: "Invalid JSON" });
      }
    }
    if (operation === "create") return webpayCreate(res, body);
    const token = decodeURIComponent(rest[0]);
    const tx = webpayTransactions.get(token);
    if (!tx) {
      return send(res, 422, { error_message: `Transaction not found` });
    }
    if (operation === "commit") return webpayCommit(res, tx);
    if (operation === "status") return send(res, 200, webpayView(tx));
    return webpayRefund(res, tx, body);
  }

  function webpayCreate(res, body) {
    const { buy_order: buyOrder, session_id: sessionId, amount, return_url: returnUrl } = body ?? {};
    if (typeof buyOrder !== "string" || buyOrder === "" || buyOrder.length > 26) {
      return send(res, 422, { error_message: "buy_order is required and must have at most 26 characters" });
    }
    if (typeof sessionId !== "string" || sessionId === "" || sessionId.length > 61) {
      return send(res, 422, { error_message: "session_id is required and must have at most 61 characters" });
    }
    if (typeof amount !== "number" || !Number.isFinite(amount) || amount <= 0) {
      return send(res, 422, { error_message: "amount must be a positive number" });
    }
    if (typeof returnUrl !== "string" || returnUrl.length > 256 || !/^https?:\/\//.test(returnUrl)) {
      return send(res, 422, { error_message: "return_url is required and must be an http(s) URL" });
    }
    const token = `01ab${randomHex(30)}`;
    const now = new Date();
    webpayTransactions.set(token, {
      token,
      buyOrder,
      sessionId,
      amount,
      returnUrl,
      status: "INITIALIZED",
      decided: false,
      committed: false,
      accountingDate: accountingDate(now),
      transactionDate: now.toISOString(),
      installmentsNumber: 0,
      refunds: [],
    });
    record("webpay.created", { token, buyOrder, sessionId, amount, returnUrl });
    return send(res, 200, { token, url: `${origin}${WEBPAY_FORM_PATH}` });
  }

  function webpayCommit(res, tx) {
    if (tx.committed || !tx.decided || tx.status === "ABORTED" || tx.status === "TIMEOUT") {
      const code = tx.committed ? 2 : tx.decided ? 1 : 0;
      return send(res, 422, {
        error_message: `Invalid status '${code}' for transaction while authorizing. Commerce will be notified by webpay to authorize`,
      });
    }
    tx.committed = true;
    record("webpay.committed", { token: tx.token, status: tx.status });
    return send(res, 200, webpayView(tx));
  }

  function webpayRefund(res, tx, body) {
    const amount = body?.amount;
    if (typeof amount !== "number" || !Number.isFinite(amount) || amount <= 0) {
      return send(res, 422, { error_message: "amount must be a positive number" });
    }
    if (tx.status !== "AUTHORIZED" && tx.status !== "PARTIALLY_NULLIFIED") {
      return send(res, 422, { error_message: "Transaction is not authorized: it cannot be refunded" });
    }
    const refunded = tx.refunds.reduce((sum, r) => sum + r.amount, 0);
    if (amount > tx.amount - refunded) {
      return send(res, 422, { error_message: "Amount to nullify exceeds the authorized balance" });
    }
    // A full refund on the day of a credit sale reverses it; otherwise it is a nullification.
    const sameDay = tx.accountingDate === accountingDate();
    if (sameDay && refunded === 0 && amount === tx.amount && tx.paymentTypeCode !== "VD") {
      tx.refunds.push({ amount, type: "REVERSED" });
      tx.status = "REVERSED";
      tx.balance = 0;
      record("webpay.refunded", { token: tx.token, type: "REVERSED", amount });
      return send(res, 200, { type: "REVERSED" });
    }
    tx.refunds.push({ amount, type: "NULLIFIED" });
    const balance = tx.amount - refunded - amount;
    tx.balance = balance;
    tx.status = balance === 0 ? "NULLIFIED" : "PARTIALLY_NULLIFIED";
    record("webpay.refunded", { token: tx.token, type: "NULLIFIED", amount });
    return send(res, 200, {
      type: "NULLIFIED",
      authorization_code: String(nextAuthorization++).padStart(6, "0"),
      authorization_date: new Date().toISOString(),
      nullified_amount: amount,
      balance,
      response_code: 0,
    });
  }

  async function pageBody(req, requestUrl) {
    const params = new URLSearchParams(requestUrl.search);
    if (req.method === "POST") {
      for (const [name, value] of new URLSearchParams(await readBody(req))) params.set(name, value);
    }
    return params;
  }

  async function webpayPage(req, res, requestUrl) {
    if (req.method !== "GET" && req.method !== "POST")
      return send(res, 405, { error_message: "Method Not Allowed" });
    const params = await pageBody(req, requestUrl);
    const token = params.get("token_ws") ?? "";
    record("webpay.page", { method: req.method, token });
    if (await fault("page", res, page("Error", "<main><h1>Error en la pasarela de pagos</h1></main>")))
      return;
    const tx = webpayTransactions.get(token);
    if (!tx || tx.decided) {
      return send(
        res,
        404,
        page("Transacción no encontrada", "<main><h1>Transacción no encontrada o ya procesada</h1></main>"),
      );
    }
    return paymentPage(res, "webpay", tx, {
      amount: tx.amount,
      order: tx.buyOrder,
      provider: "Webpay Plus",
    });
  }

  async function paymentPage(res, provider, payment, shown) {
    const scripted = payment.scripted ?? outcomes.shift() ?? {};
    payment.scripted = scripted;
    if (scripted.outcome) {
      return send(res, 200, await decideFor(provider, payment, scripted.outcome));
    }
    const buttons = [
      ["approve", "Aprobar"],
      ["reject", "Rechazar"],
      ["abort", "Anular"],
      ["timeout", "Dejar expirar"],
    ]
      .map(([value, label]) => `<button type="submit" name="action" value="${value}">${label}</button>`)
      .join("\n");
    return send(
      res,
      200,
      page(
        `Pagar ${formatClp(shown.amount)} — ${shown.provider} (simulado)`,
        `<main>
<h1>Pago con ${escapeHtml(shown.provider)} (simulado)</h1>
<p class="aviso" role="note">Pasarela de pagos local de pruebas: no se realizará ningún cobro.</p>
<dl>
<dt>Monto</dt><dd>${formatClp(shown.amount)}</dd>
<dt>Orden de compra</dt><dd>${escapeHtml(shown.order)}</dd>
${shown.subject ? `<dt>Detalle</dt><dd>${escapeHtml(shown.subject)}</dd>` : ""}
</dl>
<form action="${CONTROL}/decide" method="post">
<input type="hidden" name="provider" value="${provider}">
<input type="hidden" name="token" value="${escapeHtml(payment.token)}">
<fieldset>
<legend>¿Qué resultado quieres simular?</legend>
<div class="botones">
${buttons}
</div>
</fieldset>
</form>
</main>`,
      ),
    );
  }

  async function decide(req, res) {
    const params = new URLSearchParams(await readBody(req));
    const provider = params.get("provider");
    const token = params.get("token") ?? "";
    const action = params.get("action") ?? "";
    if (!OUTCOMES.includes(action) || (provider !== "webpay" && provider !== "flow")) {
      return send(res, 400, page("Solicitud inválida", "<main><h1>Solicitud inválida</h1></main>"));
    }
    const payment = provider === "webpay" ? webpayTransactions.get(token) : flowPayments.get(token);
    if (!payment || payment.decided) {
      return send(
        res,
        404,
        page("Transacción no encontrada", "<main><h1>Transacción no encontrada o ya procesada</h1></main>"),
      );
    }
    return send(res, 200, await decideFor(provider, payment, action));
  }

  /** Settles a payment with `action` and returns the page that sends the browser back. */
  async function decideFor(provider, payment, action) {
    payment.decided = true;
    const scripted = payment.scripted ?? {};
    if (scripted.reportedAmount !== undefined) payment.reportedAmount = scripted.reportedAmount;
    record(`${provider}.decided`, { token: payment.token, action });
    return provider === "webpay"
      ? webpayDecide(payment, action, scripted)
      : flowDecide(payment, action, scripted);
  }

  function webpayDecide(tx, action, scripted) {
    if (action === "approve" || action === "reject") {
      const approved = action === "approve";
      tx.status = approved ? "AUTHORIZED" : "FAILED";
      tx.vci = "TSY";
      tx.cardNumber = scripted.cardNumber ?? "6623";
      tx.paymentTypeCode = scripted.paymentType ?? "VN";
      tx.installmentsNumber = scripted.installments ?? 0;
      if (tx.installmentsNumber > 0 && approved) {
        tx.installmentsAmount = Math.round(tx.amount / tx.installmentsNumber);
      }
      tx.responseCode = approved ? 0 : -1;
      tx.authorizationCode = approved ? String(nextAuthorization++).padStart(6, "0") : "000000";
      tx.balance = undefined;
      tx.transactionDate = new Date().toISOString();
      // Normal flow (API 1.1 and later): the browser comes back by GET with token_ws only.
      return autoSubmitPage(tx.returnUrl, "get", { token_ws: tx.token });
    }
    if (action === "abort") {
      tx.status = "ABORTED";
      return autoSubmitPage(tx.returnUrl, "post", {
        TBK_TOKEN: tx.token,
        TBK_ORDEN_COMPRA: tx.buyOrder,
        TBK_ID_SESION: tx.sessionId,
      });
    }
    if (action === "timeout") {
      tx.status = "TIMEOUT";
      return autoSubmitPage(tx.returnUrl, "post", {
        TBK_ID_SESION: tx.sessionId,
        TBK_ORDEN_COMPRA: tx.buyOrder,
      });
    }
    // An error on the payment form, then "volver al sitio": every field.
    tx.status = "FAILED";
    tx.decided = true;
    tx.responseCode = -1;
    return autoSubmitPage(tx.returnUrl, "post", {
      token_ws: tx.token,
      TBK_TOKEN: tx.token,
      TBK_ORDEN_COMPRA: tx.buyOrder,
      TBK_ID_SESION: tx.sessionId,
    });
  }

  // ---------------------------------------------------------------- Flow API v2

  function flowError(res, status, code, message) {
    return send(res, status, { code, message });
  }

  async function flowApi(req, res, requestUrl) {
    const name = requestUrl.pathname.slice(FLOW_API_BASE.length);
    const routes = {
      "/payment/create": ["POST", "flow.create"],
      "/payment/getStatus": ["GET", "flow.getStatus"],
      "/refund/create": ["POST", "flow.refund"],
      "/refund/getStatus": ["GET", "flow.refundStatus"],
    };
    const route = routes[name];
    if (!route) return flowError(res, 404, 404, "Service not found");
    if (req.method !== route[0]) return flowError(res, 405, 405, "Method not allowed");
    const params =
      req.method === "GET"
        ? Object.fromEntries(requestUrl.searchParams)
        : Object.fromEntries(new URLSearchParams(await readBody(req)));
    record(`${route[1]}.request`, { params });
    if (!params.apiKey) return flowError(res, 400, 108, "apiKey is required");
    if (!safeEqual(params.apiKey, flow.apiKey)) return flowError(res, 401, 108, "Invalid apiKey");
    if (!params.s) return flowError(res, 400, 100, "s (signature) is required");
    if (!safeEqual(params.s, flowSign(params, flow.secretKey))) {
      return flowError(res, 401, 107, "Invalid signature");
    }
    if (await fault(route[1], res, { code: 500, message: "Internal Server Error" })) return;
    if (name === "/payment/create") return flowCreate(res, params);
    if (name === "/payment/getStatus") {
      const payment = flowPayments.get(params.token ?? "");
      if (!payment) return flowError(res, 400, 105, "Invalid token");
      return send(res, 200, flowView(payment));
    }
    if (name === "/refund/create") return flowRefundCreate(res, params);
    const refund = flowRefunds.get(params.token ?? "");
    if (!refund) return flowError(res, 400, 105, "Invalid token");
    return send(res, 200, flowRefundView(refund));
  }

  function flowCreate(res, params) {
    const required = ["commerceOrder", "subject", "amount", "email", "urlConfirmation", "urlReturn"];
    for (const field of required) {
      if (!params[field]) return flowError(res, 400, 100, `${field} is required`);
    }
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0)
      return flowError(res, 400, 100, "amount must be a positive integer");
    const currency = params.currency ?? "CLP";
    if (currency !== "CLP") return flowError(res, 400, 100, "currency not supported");
    for (const field of ["urlConfirmation", "urlReturn"]) {
      if (!/^https?:\/\//.test(params[field]))
        return flowError(res, 400, 100, `${field} must be an http(s) URL`);
    }
    for (const payment of flowPayments.values()) {
      if (payment.commerceOrder === params.commerceOrder && payment.status === 2) {
        return flowError(res, 400, 1605, "The commerceOrder has already been paid");
      }
    }
    const token = randomHex(20).toUpperCase();
    const flowOrder = nextFlowOrder++;
    flowPayments.set(token, {
      token,
      flowOrder,
      commerceOrder: params.commerceOrder,
      subject: params.subject,
      currency,
      amount,
      payer: params.email,
      urlConfirmation: params.urlConfirmation,
      urlReturn: params.urlReturn,
      optional: params.optional,
      paymentMethod: Number(params.paymentMethod ?? 9),
      requestDate: flowDate(),
      status: 1,
      decided: false,
    });
    record("flow.created", { token, flowOrder, commerceOrder: params.commerceOrder, amount });
    return send(res, 200, { url: `${origin}${FLOW_PAGE_PATH}`, token, flowOrder });
  }

  function flowView(payment) {
    const amount = payment.reportedAmount ?? payment.amount;
    let optional = null;
    if (payment.optional) {
      try {
        optional = JSON.parse(payment.optional);
      } catch {
        optional = payment.optional;
      }
    }
    const paid = payment.status === 2;
    const fee = paid ? Math.round(amount * 0.0319) : 0;
    return {
      flowOrder: payment.flowOrder,
      commerceOrder: payment.commerceOrder,
      requestDate: payment.requestDate,
      status: payment.status,
      subject: payment.subject,
      currency: payment.currency,
      amount,
      payer: payment.payer,
      optional,
      pending_info: { media: "", date: "" },
      paymentData: {
        date: payment.paymentDate ?? null,
        media: payment.status === 2 || payment.status === 3 ? "webpay" : "",
        conversionDate: null,
        conversionRate: null,
        amount: paid ? amount : null,
        currency: paid ? payment.currency : null,
        fee: paid ? fee : null,
        balance: paid ? amount - fee : null,
        transferDate: null,
      },
      merchantId: null,
    };
  }

  async function postConfirmation(payment, target = payment.urlConfirmation, kind = "flow.confirmation") {
    const attempt = (async () => {
      const faulted = faults.some((f) => f.operation === "flow.confirmation");
      if (faulted && (await fault("flow.confirmation", null))) {
        record(`${kind}.skipped`, { token: payment.token });
        return;
      }
      try {
        const response = await fetch(target, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ token: payment.token }).toString(),
          signal: AbortSignal.timeout(15_000),
        });
        await response.arrayBuffer().catch(() => undefined);
        record(`${kind}.sent`, { token: payment.token, url: target, status: response.status });
      } catch (error) {
        record(`${kind}.failed`, {
          token: payment.token,
          url: target,
          message: String(error?.message ?? error),
        });
      }
    })();
    pending.add(attempt);
    try {
      await attempt;
    } finally {
      pending.delete(attempt);
    }
  }

  async function flowDecide(payment, action, scripted) {
    const settled = action === "approve" || action === "reject";
    payment.status = { approve: 2, reject: 3, abort: 4, timeout: 4, error: 3 }[action];
    if (settled) payment.paymentDate = flowDate();
    const back = autoSubmitPage(payment.urlReturn, "post", { token: payment.token });
    if (!settled) return back;
    const mode = scripted.confirmation ?? "before";
    if (mode === "before") await postConfirmation(payment);
    else if (mode === "twice") {
      await postConfirmation(payment);
      await postConfirmation(payment);
    } else if (mode === "after") {
      const delay = scripted.confirmationDelayMs ?? 200;
      const later = sleep(delay).then(() => postConfirmation(payment));
      pending.add(later);
      void later.finally(() => pending.delete(later));
    }
    return back;
  }

  async function flowPage(req, res, requestUrl) {
    if (req.method !== "GET" && req.method !== "POST")
      return send(res, 405, { code: 405, message: "Method not allowed" });
    const params = await pageBody(req, requestUrl);
    const token = params.get("token") ?? "";
    record("flow.page", { method: req.method, token });
    if (await fault("page", res, page("Error", "<main><h1>Error en la pasarela de pagos</h1></main>")))
      return;
    const payment = flowPayments.get(token);
    if (!payment || payment.decided) {
      return send(
        res,
        404,
        page("Pago no encontrado", "<main><h1>Pago no encontrado o ya procesado</h1></main>"),
      );
    }
    return paymentPage(res, "flow", payment, {
      amount: payment.amount,
      order: payment.commerceOrder,
      subject: payment.subject,
      provider: "Flow",
    });
  }

  function flowRefundCreate(res, params) {
    for (const field of ["refundCommerceOrder", "receiverEmail", "amount", "urlCallBack"]) {
      if (!params[field]) return flowError(res, 400, 100, `${field} is required`);
    }
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0)
      return flowError(res, 400, 100, "amount must be a positive integer");
    let payment;
    for (const candidate of flowPayments.values()) {
      if (
        (params.flowTrxId && String(candidate.flowOrder) === params.flowTrxId) ||
        (params.commerceTrxId && candidate.commerceOrder === params.commerceTrxId)
      ) {
        payment = candidate;
      }
    }
    if (!payment) return flowError(res, 400, 100, "commerceTrxId or flowTrxId of a payment is required");
    const refunded = payment.refunded ?? 0;
    const accepted = payment.status === 2 && amount <= payment.amount - refunded;
    if (accepted) payment.refunded = refunded + amount;
    const token = randomHex(20).toUpperCase();
    const refund = {
      token,
      flowRefundOrder: nextFlowRefundOrder++,
      date: flowDate(),
      status: accepted ? "accepted" : "rejected",
      amount,
      fee: 0,
      urlCallBack: params.urlCallBack,
      payment: payment.flowOrder,
    };
    flowRefunds.set(token, refund);
    record("flow.refunded", { token, flowOrder: payment.flowOrder, amount, status: refund.status });
    if (accepted) {
      // Flow tells the merchant's urlCallBack when the refund is done.
      refund.status = "accepted";
      const later = sleep(50).then(() => {
        refund.status = "refunded";
        return postConfirmation(refund, refund.urlCallBack, "flow.refundCallback");
      });
      pending.add(later);
      void later.finally(() => pending.delete(later));
    }
    return send(res, 200, flowRefundView(refund));
  }

  const flowRefundView = (refund) => ({
    token: refund.token,
    flowRefundOrder: refund.flowRefundOrder,
    date: refund.date,
    status: refund.status,
    amount: refund.amount,
    fee: refund.fee,
  });

  return {
    url,
    publicUrl: origin,
    webpay,
    flow,
    webpayApiUrl: url,
    flowApiUrl: `${url}${FLOW_API_BASE}`,
    script,
    events,
    /** The settings a shop needs to use this stand-in, in the order the command line prints them. */
    settings() {
      return {
        WEBPAY_API_URL: url,
        WEBPAY_COMMERCE_CODE: webpay.commerceCode,
        WEBPAY_API_KEY: webpay.apiKey,
        FLOW_API_URL: `${url}${FLOW_API_BASE}`,
        FLOW_API_KEY: flow.apiKey,
        FLOW_SECRET_KEY: flow.secretKey,
        PAYMENTS_ALLOW_STAND_IN: "1",
      };
    },
    async close() {
      await Promise.allSettled([...pending]);
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function parseArguments(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split("=", 2);
    const value = inline ?? argv[(i += 1)];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === "--port") options.port = Number(value);
    else if (flag === "--host") options.host = value;
    else if (flag === "--public-url") options.publicUrl = value;
    else throw new Error(`Unknown argument: ${flag}`);
  }
  if (
    options.port !== undefined &&
    (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535)
  ) {
    throw new Error("--port must be a port number");
  }
  return options;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let options;
  try {
    options = parseArguments(process.argv.slice(2));
  } catch (error) {
    console.error(
      `${error.message}\nUsage: npm run payments:stand-in -- [--port 4400] [--host 127.0.0.1] [--public-url URL]`,
    );
    process.exit(2);
  }
  const standIn = await startPaymentStandIn({ port: 4400, ...options });
  console.log(`# Local payment stand-in (Webpay Plus and Flow) on ${standIn.url}; Ctrl+C stops it.`);
  for (const [name, value] of Object.entries(standIn.settings())) console.log(`${name}=${value}`);
  const stop = () => {
    void standIn.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

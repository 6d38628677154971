// A customer's checkout paid through Webpay Plus (issue 22) as a browser without JavaScript makes
// it, against a shop whose Webpay is the local stand-in (scripts/payments-stand-in.mjs), for the
// benchmarks: bench:checkout (many, timed) and bench:lighthouse (one rejected payment, whose order
// page it audits). The stand-in decides at once on its payment page: script its outcome first.
import { formHeaders } from "./shop-client.mjs";

const decodeHtml = (text) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

const attribute = (tag, name) => {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? undefined : decodeHtml(value);
};

/** A form of the page, by its id: where it goes, how, and its fields' values. */
export function formOf(html, id) {
  const start = html.search(new RegExp(`<form\\b[^>]*\\sid="${id}"`));
  if (start === -1) return undefined;
  const end = html.indexOf("</form>", start);
  const form = html.slice(start, end === -1 ? undefined : end);
  const tag = form.slice(0, form.indexOf(">") + 1);
  const fields = {};
  for (const [input] of form.matchAll(/<input\b[^>]*>/g)) {
    const name = attribute(input, "name");
    if (name !== undefined) fields[name] = attribute(input, "value") ?? "";
  }
  return {
    action: attribute(tag, "action"),
    method: (attribute(tag, "method") ?? "get").toLowerCase(),
    fields,
  };
}

const attemptLocation = /^\/pago\/([0-9a-f-]{36})$/i;

/**
 * One checkout of `order` (from prepareOrders/orderRequest), each answer checked:
 *
 *   1. POST /comprar/{kitId} → 303 to /pago/{attemptId} (the shop creates Webpay's transaction);
 *   2. GET /pago/{attemptId} → the form posting token_ws to Webpay's page;
 *   3. that form posted to the stand-in's page, which decides as scripted and answers with the form
 *      that sends the browser back (the browser at the provider: not the shop's time);
 *   4. GET /pago/webpay/retorno?token_ws=… → 303 to /pedido/{orderId}?pago={result} (the shop
 *      commits the transaction at Webpay);
 *   5. GET that page → 200, with `shows` in it.
 *
 * Resolves to { ok: true, orderId, token, location, steps } with the ms of each step (order,
 * paymentPage, standInPage, return, orderPage), or { ok: false, step, response, why }.
 */
export async function checkout(client, baseUrl, order, { result, shows }) {
  const steps = {};
  const failed = (step, response, why) => ({ ok: false, step, response, why });

  let response = await client.request(baseUrl, "POST", order.path, {
    body: order.body,
    headers: formHeaders,
  });
  steps.order = response.ms;
  const attemptId = response.status === 303 ? attemptLocation.exec(response.location ?? "")?.[1] : undefined;
  if (!attemptId) return failed("POST /comprar", response);

  response = await client.request(baseUrl, "GET", `/pago/${attemptId}`);
  steps.paymentPage = response.ms;
  const toWebpay = response.status === 200 ? formOf(response.body, "pago-proveedor") : undefined;
  const token = toWebpay?.fields.token_ws;
  if (!toWebpay?.action || toWebpay.method !== "post" || !/^[0-9a-f]{64}$/.test(token ?? "")) {
    return failed("GET /pago/{attempt}", response, "no form posting token_ws");
  }

  const webpayPage = new URL(toWebpay.action);
  response = await client.request(webpayPage.origin, "POST", `${webpayPage.pathname}${webpayPage.search}`, {
    body: new URLSearchParams({ token_ws: token }).toString(),
    headers: formHeaders,
  });
  steps.standInPage = response.ms;
  const back = response.status === 200 ? formOf(response.body, "retorno") : undefined;
  if (!back?.action?.startsWith(`${baseUrl}/`) || back.method !== "get" || back.fields.token_ws !== token) {
    return failed("stand-in's page", response, "no form sending the browser back with token_ws");
  }

  const returnUrl = new URL(back.action);
  returnUrl.search = new URLSearchParams(back.fields).toString();
  response = await client.request(baseUrl, "GET", `${returnUrl.pathname}${returnUrl.search}`);
  steps.return = response.ms;
  const expected = new RegExp(`^/pedido/([0-9a-f-]{36})\\?pago=${result}$`, "i");
  const orderId = response.status === 303 ? expected.exec(response.location ?? "")?.[1] : undefined;
  if (!orderId) return failed("GET /pago/webpay/retorno", response);
  const location = response.location;

  response = await client.request(baseUrl, "GET", location);
  steps.orderPage = response.ms;
  if (response.status !== 200 || !response.body.includes(shows)) {
    return failed(`GET /pedido/{id}?pago=${result}`, response, `no "${shows}"`);
  }
  return { ok: true, orderId, token, location, steps };
}

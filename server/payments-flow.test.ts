import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { migrateToLatest, setDatabase, type Db } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { createTestDatabase, type TestDatabase } from "../tests/support/databases";
import { createTestOrder } from "../tests/support/orders";
import { createApp } from "./app";

/**
 * A Flow payment over the real HTTP server (issue 22; docs/decisions/059): the order page's
 * "Pagar con Flow" post, the page that sends the customer to Flow, and Flow's server telling ours
 * through /pago/flow/confirmacion while the customer closes the tab, with the local stand-in
 * (scripts/payments-stand-in.mjs) as Flow over real sockets both ways. Also: the providers' routes
 * take posts from another site, and every other route keeps refusing them.
 */
const setup = vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const net = await import("node:net");
  const { startPaymentStandIn } = await import("../scripts/payments-stand-in.mjs");
  const standIn = await startPaymentStandIn();
  // The shop's port is chosen first: its address is the return and confirmation URL Flow is given.
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
  const values = {
    DATA_DIR: mkdtempSync(join(tmpdir(), "lifebox-flow-test-")),
    RATE_LIMIT_PER_MINUTE: "100000",
    LOG_LEVEL: "silent",
    SMTP_URL: "",
    SITE_URL: `http://127.0.0.1:${port}`,
    PAYMENT_PROVIDER: "flow",
    FLOW_API_URL: `${standIn.url}/api`,
    FLOW_API_KEY: standIn.flow.apiKey,
    FLOW_SECRET_KEY: standIn.flow.secretKey,
  };
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
  return { standIn, port, dataDir: values.DATA_DIR };
});

let vite: ViteDevServer;
let database: TestDatabase;
let db: Db;
let server: http.Server;
let base: string;

beforeAll(async () => {
  const { port } = await setup;
  vite = await createServer({ server: { middlewareMode: true, hmr: false }, logLevel: "silent" });
  database = await createTestDatabase("sqlite");
  db = database.db;
  await migrateToLatest(db);
  setDatabase(database);
  const build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  server = http.createServer(createApp({ env: getEnv(), db, build }));
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await fetch(`${base}/contacto`);
}, 120_000);

afterAll(async () => {
  const { standIn, dataDir } = await setup;
  await new Promise((resolve) => server?.close(resolve));
  await vite?.close();
  await database?.drop();
  await standIn.close();
  vi.unstubAllEnvs();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function post(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(url.startsWith("http") ? url : `${base}${url}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  });
}

let customers = 0;
/** An unpaid order and the customer's trip to Flow's page: the token Flow gave for it. */
async function toFlowPage() {
  const order = await createTestOrder(db, { name: "Pedro Soto", email: `pedro.${++customers}@example.cl` });
  const pay = await post(`/pedido/${order.id}`, { intent: "pagar" });
  expect(pay.status).toBe(303);
  const forward = await fetch(`${base}${pay.headers.get("location")}`, { redirect: "manual" });
  expect(forward.status).toBe(302);
  const flowPage = new URL(forward.headers.get("location")!);
  expect(flowPage.pathname).toBe("/app/web/pay.php");
  const token = flowPage.searchParams.get("token")!;
  expect(token).toMatch(/^[0-9A-F]{40}$/i);
  expect((await fetch(flowPage)).status).toBe(200);
  return { order, token };
}

async function orderStatus(id: string) {
  return db.selectFrom("orders").select(["status", "paidBy"]).where("id", "=", id).executeTakeFirstOrThrow();
}

async function paidChanges(id: string) {
  return db
    .selectFrom("orderStatusChanges")
    .select("id")
    .where("orderId", "=", id)
    .where("toStatus", "=", "pagado")
    .execute();
}

describe("Flow over HTTP", () => {
  it("is paid by Flow's confirmation to our server while the customer closes the tab", async () => {
    const { standIn } = await setup;
    const { order, token } = await toFlowPage();
    // "Aprobar" on Flow's page: Flow's server posts the token to our confirmation route first.
    const decided = await post(`${standIn.url}/__stand-in/decide`, {
      provider: "flow",
      token,
      action: "approve",
    });
    expect(decided.status).toBe(200);
    // The customer never comes back.
    expect(await orderStatus(order.id)).toEqual({ status: "pagado", paidBy: "flow" });
    expect(await paidChanges(order.id)).toHaveLength(1);
    const confirmations = standIn.events.filter(
      (event: { type: string; token?: string }) =>
        event.type === "flow.confirmation.sent" && event.token === token,
    );
    expect(confirmations.map((event: { status?: number }) => event.status)).toEqual([200]);
  });

  it("settles once when Flow confirms twice and the customer comes back at the same moment", async () => {
    const { standIn } = await setup;
    standIn.script({ confirmation: "twice" });
    const { order, token } = await toFlowPage();
    const [decided, back] = await Promise.all([
      post(`${standIn.url}/__stand-in/decide`, { provider: "flow", token, action: "approve" }),
      // The browser's return, posted from Flow's site: this route takes it.
      post("/pago/flow/retorno", { token }, { origin: new URL(standIn.url).origin }),
    ]);
    expect(decided.status).toBe(200);
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toMatch(new RegExp(`^/pedido/${order.id}\\?pago=`));
    const again = await post("/pago/flow/retorno", { token }, { origin: "https://www.flow.cl" });
    expect(again.headers.get("location")).toBe(`/pedido/${order.id}?pago=aprobado`);
    expect(await orderStatus(order.id)).toEqual({ status: "pagado", paidBy: "flow" });
    expect(await paidChanges(order.id)).toHaveLength(1);
  });

  it("pays nothing for a confirmation of an unknown token, a forged signature, or a rejected payment", async () => {
    const { standIn } = await setup;
    const { order, token } = await toFlowPage();
    const forged = await post("/pago/flow/confirmacion", { token: "B".repeat(40), s: "0".repeat(64) });
    expect(forged.status).toBe(400);
    // Our own token with a made-up signature: the post's word is not taken, Flow's getStatus is.
    const early = await post("/pago/flow/confirmacion", { token, s: "f".repeat(64), status: "2" });
    expect(early.status).toBe(200);
    expect(await orderStatus(order.id)).toEqual({ status: "pendiente_pago", paidBy: null });
    await post(`${standIn.url}/__stand-in/decide`, { provider: "flow", token, action: "reject" });
    const back = await post("/pago/flow/retorno", { token });
    expect(back.headers.get("location")).toBe(`/pedido/${order.id}?pago=rechazado`);
    expect(await orderStatus(order.id)).toEqual({ status: "pendiente_pago", paidBy: null });
    const page = await (await fetch(`${base}/pedido/${order.id}?pago=rechazado`)).text();
    expect(page).toContain("El pago fue rechazado por el banco");
    expect(page).toContain("Reintentar el pago");
  });

  it("takes another site's post on the providers' routes only", async () => {
    const { order } = await toFlowPage();
    const evil = { origin: "https://evil.example" };
    // The order page's payment button, posted from another site: refused, no attempt started.
    const before = await db
      .selectFrom("paymentAttempts")
      .select("id")
      .where("orderId", "=", order.id)
      .execute();
    const refused = await post(`/pedido/${order.id}`, { intent: "pagar" }, evil);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const after = await db
      .selectFrom("paymentAttempts")
      .select("id")
      .where("orderId", "=", order.id)
      .execute();
    expect(after).toHaveLength(before.length);
    // The providers' routes answer it (the token then decides).
    expect((await post("/pago/webpay/retorno", { TBK_TOKEN: "a".repeat(64) }, evil)).status).toBe(400);
    expect((await post("/pago/flow/retorno", { token: "C".repeat(40) }, evil)).status).toBe(400);
    // A flood of made-up returns: refusals, never a server error.
    const flood = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        post("/pago/flow/retorno", { token: index.toString(16).padStart(40, "0") }, evil),
      ),
    );
    expect(new Set(flood.map((answer) => answer.status))).toEqual(new Set([400]));
  });
});

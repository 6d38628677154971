// The payment stand-in (scripts/payments-stand-in.mjs, docs/decisions/055) in a worker thread of its
// own, for the benchmarks: its answers never wait for the benchmark's client (which shares the
// main thread's event loop with nothing else of it), and it measures its own time per request, so
// that a benchmark can tell the shop's time from the stand-in's.
//
// startStandInThread() → { url, webpay, settings, script(entries), report(), close() }:
// - script(entries): as the stand-in's script(), for each entry (e.g. 10,000 × "approve").
// - report(): its own handling time, in ms, of each request it answered: from its handler's start
//   (the request's headers read) to the last byte of its answer handed to the socket, by operation
//   ("webpay.create", "webpay.commit", "webpay.page", …) and, for Webpay's create and commit, by
//   token; and the number of commits it answered with AUTHORIZED (the payments it approved).
import http from "node:http";
import { performance } from "node:perf_hooks";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";

const role = "payments-stand-in";
const webpayBase = "/rswebpaytransaction/api/webpay/v1.2/transactions";

/** The stand-in's name for a request, from its method and path. */
function operationOf(method, pathname) {
  if (pathname === webpayBase) return "webpay.create";
  if (pathname.startsWith(`${webpayBase}/`)) {
    const rest = pathname.slice(webpayBase.length + 1).split("/");
    if (rest.length > 1) return "webpay.refund";
    return method === "PUT" ? "webpay.commit" : "webpay.status";
  }
  if (pathname === "/webpayserver/initTransaction") return "webpay.page";
  if (pathname === "/__stand-in/decide") return "decide";
  return "other";
}

if (!isMainThread && workerData?.role === role) {
  const timings = {}; // operation → ms[]
  const byToken = { "webpay.create": new Map(), "webpay.commit": new Map() };
  let authorized = 0;
  // Every server this thread creates is the stand-in's: time each request inside its handler.
  const createServer = http.createServer;
  http.createServer = (handler) =>
    createServer((req, res) => {
      const started = performance.now();
      const { pathname } = new URL(req.url ?? "/", "http://stand-in");
      const operation = operationOf(req.method, pathname);
      let token = operation === "webpay.commit" ? decodeURIComponent(pathname.split("/").at(-1)) : undefined;
      let answer = "";
      if (operation === "webpay.create" || operation === "webpay.commit") {
        const end = res.end.bind(res);
        res.end = (chunk, ...rest) => {
          answer = typeof chunk === "string" ? chunk : "";
          return end(chunk, ...rest);
        };
      }
      res.once("finish", () => {
        const ms = performance.now() - started;
        (timings[operation] ??= []).push(ms);
        if (res.statusCode !== 200 || !byToken[operation]) return;
        try {
          const body = JSON.parse(answer);
          if (operation === "webpay.create") token = body.token;
          else if (body.status === "AUTHORIZED") authorized += 1;
        } catch {
          return;
        }
        if (token) byToken[operation].set(token, ms);
      });
      handler(req, res);
    });
  const { startPaymentStandIn } = await import("../payments-stand-in.mjs");
  const standIn = await startPaymentStandIn(workerData.options);
  parentPort.on("message", async ({ id, type, entries }) => {
    try {
      if (type === "script") {
        for (const entry of entries) standIn.script(entry);
        parentPort.postMessage({ id });
      } else if (type === "report") {
        parentPort.postMessage({
          id,
          value: {
            timings,
            byToken: Object.fromEntries(Object.entries(byToken).map(([name, map]) => [name, [...map]])),
            authorized,
            errors: standIn.events.filter((event) => event.type === "error").length,
          },
        });
      } else if (type === "close") {
        await standIn.close();
        parentPort.postMessage({ id });
      }
    } catch (error) {
      parentPort.postMessage({ id, error: String(error?.stack ?? error) });
    }
  });
  parentPort.postMessage({
    ready: { url: standIn.url, webpay: standIn.webpay, settings: standIn.settings() },
  });
}

/** Starts the stand-in in a worker thread; `options` as for startPaymentStandIn. */
export async function startStandInThread(options = {}) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { role, options } });
  const pending = new Map();
  let nextId = 0;
  const ready = await new Promise((resolve, reject) => {
    worker.once("error", reject);
    worker.on("message", (message) => {
      if (message.ready) return resolve(message.ready);
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.value);
    });
  });
  worker.on("error", (error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  });
  const ask = (type, extra = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, type, ...extra });
    });
  return {
    ...ready,
    script: (entries) => ask("script", { entries }),
    report: () => ask("report"),
    async close() {
      await ask("close").catch(() => undefined);
      await worker.terminate();
    },
  };
}

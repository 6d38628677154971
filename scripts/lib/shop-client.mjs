// An HTTP client of the shop for the benchmarks and the cluster test: plain requests on keep-alive
// connections, ALTCHA challenges solved as a browser's widget solves them, and the public forms'
// bodies as a browser without JavaScript posts them.
import http from "node:http";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { readConstArray } from "./source-constants.mjs";

/** The eight kits' ids, in the order the benchmarks cycle through them. */
export const kitIds = readConstArray("app/content/types.ts", "kitIds");

export const formHeaders = { "content-type": "application/x-www-form-urlencoded" };

/** Where a purchase lands: a 303 to this page is the shop's acknowledgement of the order. */
export const orderLocation = /^\/pedido\/([0-9a-f-]{36})$/i;

/**
 * A client with its own keep-alive connections (at most `maxSockets` at once). `request` resolves
 * once the whole response has arrived, with its status, headers, body and duration in ms; a network
 * error resolves too, as `{ error }`, so that a caller counting outcomes never has to catch.
 * `localAddress` sends from another loopback address (127.0.0.0/8), as another visitor would.
 */
export function createHttpClient({ maxSockets = 32 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  function request(baseUrl, method, urlPath, { body, headers = {}, localAddress } = {}) {
    return new Promise((resolve) => {
      const started = performance.now();
      const req = http.request(
        `${baseUrl}${urlPath}`,
        {
          method,
          agent,
          localAddress,
          headers: body === undefined ? headers : { ...headers, "content-length": Buffer.byteLength(body) },
        },
        (res) => {
          const chunks = [];
          res.on("data", (chunk) => chunks.push(chunk));
          res.on("end", () => {
            const bytes = Buffer.concat(chunks);
            resolve({
              status: res.statusCode,
              headers: res.headers,
              location: res.headers.location,
              bytes,
              body: bytes.toString("utf8"),
              ms: performance.now() - started,
            });
          });
          res.on("error", (error) => resolve({ error, ms: performance.now() - started }));
        },
      );
      req.on("error", (error) => resolve({ error, ms: performance.now() - started }));
      req.end(body);
    });
  }
  return { request, destroy: () => agent.destroy() };
}

/** Runs `task(item, index)` for every item with at most `limit` running at once. */
export async function pool(items, limit, task) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Nearest-rank percentile of ascending values. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * Solves challenges with altcha-lib's solveChallenge (SHA-256 deriveKey) in one worker thread per
 * core, as a browser's widget would; a few milliseconds each at a low difficulty.
 */
export function startSolvers(count = os.availableParallelism()) {
  const source = `
    const { parentPort, workerData } = require("node:worker_threads");
    Promise.all([import(workerData.lib), import(workerData.sha)]).then(([{ solveChallenge }, { deriveKey }]) => {
      parentPort.on("message", async ({ id, challenge }) => {
        try {
          parentPort.postMessage({ id, solution: await solveChallenge({ challenge, deriveKey }) });
        } catch (error) {
          parentPort.postMessage({ id, error: String(error) });
        }
      });
    });`;
  const workerData = {
    lib: import.meta.resolve("altcha-lib"),
    sha: import.meta.resolve("altcha-lib/algorithms/sha"),
  };
  const pending = new Map();
  const workers = Array.from({ length: Math.max(1, count) }, () => {
    const worker = new Worker(source, { eval: true, workerData });
    worker.on("message", ({ id, solution, error }) => {
      const { resolve, reject } = pending.get(id);
      pending.delete(id);
      if (error || !solution)
        reject(new Error(`A captcha challenge could not be solved: ${error ?? "no solution"}`));
      else resolve(solution);
    });
    worker.on("error", (error) => {
      for (const { reject } of pending.values()) reject(error);
      pending.clear();
    });
    return worker;
  });
  let nextId = 0;
  return {
    solve(challenge) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        workers[id % workers.length].postMessage({ id, challenge });
      });
    },
    stop: () => Promise.all(workers.map((worker) => worker.terminate())),
  };
}

/**
 * Fetches a challenge of `form` ("order", "quote", "contact", "newsletter", "gallery") and solves
 * it: the value of the form's `altcha` field, good for one post. `options` as for `request`.
 */
export async function solvedCaptcha(client, baseUrl, solvers, form = "order", options = {}) {
  const response = await client.request(baseUrl, "GET", `/api/captcha?form=${form}`, options);
  if (response.error) throw response.error;
  if (response.status !== 200) throw new Error(`GET /api/captcha answered ${response.status}`);
  const challenge = JSON.parse(response.body);
  const solution = await solvers.solve(challenge);
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** The customer's fields of order number `n`: a kit in turn, a customer and an address of their own. */
export function orderFields(n) {
  return {
    kitId: kitIds[n % kitIds.length],
    name: `Cliente Benchmark ${n}`,
    email: `bench.${n}@example.cl`,
    phone: "+56 9 1234 5678",
    region: "13",
    comuna: "13101",
    address: `Avenida Providencia ${1000 + (n % 9000)}, depto ${n % 100}`,
  };
}

/** The urlencoded body of order number `n`, as the purchase form posts it without JavaScript. */
export function orderRequest(n, altcha) {
  const fields = orderFields(n);
  const body = new URLSearchParams({ ...fields, acceptTerms: "on", website: "", altcha }).toString();
  return { path: `/comprar/${fields.kitId}`, body };
}

/**
 * `count` orders from number `firstNumber` on, each with its solved captcha (16 fetched and solved
 * at once), ready to post: prepared before a benchmark's clock starts.
 */
export async function prepareOrders(client, baseUrl, solvers, count, firstNumber) {
  const orders = new Array(count);
  await pool(orders, 16, async (_unused, index) => {
    orders[index] = orderRequest(firstNumber + index, await solvedCaptcha(client, baseUrl, solvers));
  });
  return orders;
}

/**
 * Posts prepared orders with `concurrency` in flight. A 303 to /pedido/{id} is an acknowledgement;
 * its id is added to `acknowledged`, each duration to `latencies` (when given). Anything else is
 * counted in `failures` by status (or error code), with an example of its body.
 */
export async function submitOrders(
  client,
  baseUrl,
  orders,
  { concurrency, headers = {} },
  { acknowledged, failures, latencies },
) {
  await pool(orders, concurrency, async (order) => {
    const response = await client.request(baseUrl, "POST", order.path, {
      body: order.body,
      headers: { ...formHeaders, ...headers },
    });
    latencies?.push(response.ms);
    const id = response.status === 303 ? orderLocation.exec(response.location ?? "")?.[1] : undefined;
    if (id) {
      acknowledged.push(id);
      return;
    }
    const key = response.error
      ? `error ${response.error.code ?? response.error.message}`
      : `${response.status}${response.status === 303 ? ` to ${response.location}` : ""}`;
    const failure = failures.get(key) ?? { count: 0, example: "" };
    failure.count += 1;
    if (!failure.example && response.body) failure.example = response.body.replace(/\s+/g, " ").slice(0, 200);
    failures.set(key, failure);
  });
}

/** A whole number ≥ 0 from the environment variable `name`, or `fallback`; exits 1 on anything else. */
export function wholeNumberSetting(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a whole number ≥ 0 (got ${JSON.stringify(process.env[name])}).`);
    process.exit(1);
  }
  return value;
}

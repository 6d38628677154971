// Part of `npm run bench:gallery-image` (docs/decisions/051, 054): uploads sent to a real production
// server (server.js), as customers send them, while the server's own resident memory is sampled.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import Database from "better-sqlite3";
import { freePort, startServer, stopServer, waitForHealth } from "./server-process.mjs";
import {
  createHttpClient,
  prepareOrders,
  solvedCaptcha,
  startSolvers,
  submitOrders,
} from "./shop-client.mjs";

const root = path.resolve(import.meta.dirname, "../..");

/** The server's resident memory now and its peak (Linux's VmRSS and VmHWM), in bytes. */
function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kilobytes("VmRSS"), peak: kilobytes("VmHWM") };
}

/** One multipart upload as the form sends it: the text fields first, the photo last. */
function uploadBody(fields, photo) {
  const boundary = `----lifeboxBench${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function post(port, urlPath, { body, contentType }, ip) {
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path: urlPath,
        method: "POST",
        headers: { "content-type": contentType, "content-length": body.length, "x-forwarded-for": ip },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode));
      },
    );
    request.on("error", (error) => resolve(`error ${error.code ?? error.message}`));
    request.end(body);
  });
}

/**
 * Starts a production server (with `env` added), has `count` customers place an order each, then
 * sends `count` uploads of `photo` at once, each from its own address and with its own captcha and
 * order. Returns the server's resident memory at rest, its peak while the uploads ran (sampled every
 * 20 ms) and the highest since it started (VmHWM), the time and the answers' statuses.
 */
export async function uploadsThroughServer(photo, count, env = {}) {
  const built = spawnSync(process.execPath, ["scripts/build-if-needed.mjs"], { cwd: root, stdio: "ignore" });
  if (built.status !== 0) throw new Error("The production build failed (npm run build).");
  const port = await freePort(0);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-bench-uploads-"));
  const server = startServer({
    port,
    dataDir,
    env: {
      ...env,
      LOG_LEVEL: "error",
      TRUST_PROXY: "1",
      CAPTCHA_DIFFICULTY: "1000",
      FORM_RATE_LIMIT: "1000",
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const client = createHttpClient({ maxSockets: 16 });
  const solvers = startSolvers();
  try {
    await waitForHealth(baseUrl, server);
    const orders = await prepareOrders(client, baseUrl, solvers, count, 1);
    const acknowledged = [];
    await submitOrders(client, baseUrl, orders, { concurrency: 8 }, { acknowledged, failures: new Map() });
    const database = new Database(path.join(dataDir, "lifebox.sqlite"), { readonly: true });
    const placed = database.prepare("select number, email from orders").all();
    database.close();
    if (placed.length < count) throw new Error(`Only ${placed.length} of ${count} orders were placed.`);
    const uploads = [];
    for (const [index, order] of placed.entries()) {
      const altcha = await solvedCaptcha(client, baseUrl, solvers, "gallery");
      const fields = {
        orderNumber: order.number,
        email: order.email,
        kitId: "essential",
        comment: "Mi kit en la casa.",
        website: "",
        altcha,
      };
      uploads.push({ body: uploadBody(fields, photo), ip: `10.${index}.0.1` });
    }
    // At rest, after the orders: what the uploads add is measured from here.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const atRest = memoryOf(server.pid).rss;
    let peak = atRest;
    const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(server.pid).rss)), 20);
    const started = performance.now();
    const statuses = await Promise.all(
      uploads.map(({ body, ip }) => post(port, "/api/galeria/fotos", body, ip)),
    );
    const ms = performance.now() - started;
    clearInterval(sampler);
    const highest = memoryOf(server.pid).peak;
    const outcomes = {};
    for (const status of statuses) outcomes[status] = (outcomes[status] ?? 0) + 1;
    return { atRest, peak: Math.max(peak, memoryOf(server.pid).rss), highest, ms, outcomes };
  } finally {
    client.destroy();
    await solvers.stop();
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

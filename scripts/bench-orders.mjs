// `npm run bench:orders`: builds if needed, serves the production build with a throwaway SQLite
// database and fires concurrent order submissions (POST /comprar/{kitId}, as a browser without
// JavaScript sends them) at it. Every order carries a valid, single-use ALTCHA solution prepared
// before the clock starts. Prints throughput, p50/p95/p99/max latency, the server's peak memory and
// the orders stored vs acknowledged.
//
// Targets (2-core machine): ≥ 1,000 orders/s at p99 ≤ 50 ms, nothing lost.
//
// It is a benchmark, not a test: it exits 0 whether or not the speed targets are met, and 1 when
// the build or the server fails, when the database does not hold exactly the acknowledged orders, or
// when their e-mails (two per order, written to the outbox) are not all out within three minutes.
//
// Environment: BENCH_ORDERS (timed orders, default 5000), BENCH_WARMUP (untimed orders first,
// default 300), BENCH_CONCURRENCY (requests in flight, default 32), BENCH_PORT (default 3200),
// BENCH_CPU_PROF=<dir> (run the server with --cpu-prof, write the profile there and list the
// functions with the most self time), BENCH_LATENCY_CSV=<file> (write every timed order's finish
// time and latency, to see when the slow ones happen), BENCH_SERVER_FLAGS (more node flags for the
// server, e.g. "--trace-gc"), BENCH_SERVER_LOG=<file> (the server's whole output, with the timed
// run marked).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { encodeRequest, openConnection } from "./lib/raw-http.mjs";
import { freePort, stopServer, waitForHealth } from "./lib/server-process.mjs";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import SQLite from "better-sqlite3";

const root = path.resolve(import.meta.dirname, "..");

const positiveInt = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a whole number ≥ 0 (got ${JSON.stringify(process.env[name])}).`);
    process.exit(1);
  }
  return value;
};

const timedOrders = Math.max(1, positiveInt("BENCH_ORDERS", 5000));
const warmupOrders = positiveInt("BENCH_WARMUP", 300);
const concurrency = Math.max(1, positiveInt("BENCH_CONCURRENCY", 32));
const latencyFile = process.env.BENCH_LATENCY_CSV ? path.resolve(process.env.BENCH_LATENCY_CSV) : undefined;
const cpuProfileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;

/**
 * The proof of work the server asks for, lowered from the production default (50,000) so that
 * preparing thousands of solutions takes seconds rather than minutes. Checking a solution on the server costs the same
 * at any difficulty: two HMACs (app/services/captcha.server.ts).
 */
const captchaDifficulty = 1000;
/** Challenges fetched (and handed to the solvers) at once while preparing. */
const prepareConcurrency = 16;
const rssSampleMs = 50;
/** How long the e-mails of the run (two per order) may take to go out after the last order. */
const mailDrainTimeoutMs = 180_000;
const targets = { throughput: 1000, p99: 50 };

const orderHeaders = { "content-type": "application/x-www-form-urlencoded" };

const kitIds = [
  "essential",
  "expedition",
  "nautical",
  "industry",
  "essential-mini",
  "expedition-mini",
  "nautical-mini",
  "industry-mini",
];

// ---------------------------------------------------------------------------------------------
// Server
// ---------------------------------------------------------------------------------------------

/** VmRSS and VmHWM of a process in bytes (Linux /proc), or undefined once it is gone. */
function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) * 1024;
    return { rss: field("VmRSS"), hwm: field("VmHWM") };
  } catch {
    return undefined;
  }
}

/** User + system CPU time of a process in seconds (Linux /proc), or NaN. */
function cpuSecondsOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command name (which may contain spaces) start after the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticksPerSecond = 100; // USER_HZ: 100 on every Linux Node supports
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return NaN;
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP client
// ---------------------------------------------------------------------------------------------

/** Keep-alive connections, one per request in flight, so the client costs little per order. */
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

/** One request; resolves once the whole response has arrived, with its duration in ms. */
function request(baseUrl, method, urlPath, { body, headers } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      `${baseUrl}${urlPath}`,
      {
        method,
        agent,
        headers: body === undefined ? headers : { ...headers, "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode,
            location: res.headers.location,
            body: Buffer.concat(chunks).toString("utf8"),
            ms: performance.now() - started,
          }),
        );
        res.on("error", (error) => resolve({ error, ms: performance.now() - started }));
      },
    );
    req.on("error", (error) => resolve({ error, ms: performance.now() - started }));
    req.end(body);
  });
}

/** Runs `task(item)` for every item with at most `limit` running at once. */
async function pool(items, limit, task) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

/**
 * Solves challenges with altcha-lib's solveChallenge (SHA-256 deriveKey) in one worker thread per
 * core, as a browser's widget would; a few milliseconds each, so thousands take a while on one.
 */
function startSolvers(count = os.availableParallelism()) {
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

/** Fetches a challenge and solves it: the value of the form's `altcha` field, used once. */
async function solvedCaptcha(baseUrl, solvers) {
  const response = await request(baseUrl, "GET", "/api/captcha");
  if (response.error) throw response.error;
  if (response.status !== 200) throw new Error(`GET /api/captcha answered ${response.status}`);
  const challenge = JSON.parse(response.body);
  const solution = await solvers.solve(challenge);
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** The urlencoded body of order number `n`, as the purchase form posts it without JavaScript. */
function orderRequest(n, altcha) {
  const kitId = kitIds[n % kitIds.length];
  const body = new URLSearchParams({
    kitId,
    name: `Cliente Benchmark ${n}`,
    email: `bench.${n}@example.cl`,
    phone: "+56 9 1234 5678",
    region: "13",
    comuna: "13101",
    address: `Avenida Providencia ${1000 + (n % 9000)}, depto ${n % 100}`,
    acceptTerms: "on",
    website: "",
    altcha,
  }).toString();
  return { path: `/comprar/${kitId}`, body };
}

/**
 * `count` orders from number `firstNumber` on, each with its solved captcha, encoded as the bytes of
 * their requests: nothing is left for the client to do for them while the clock runs.
 */
async function prepareOrders(baseUrl, solvers, count, firstNumber) {
  const { host } = new URL(baseUrl);
  const orders = new Array(count);
  await pool(orders, prepareConcurrency, async (_unused, index) => {
    const order = orderRequest(firstNumber + index, await solvedCaptcha(baseUrl, solvers));
    orders[index] = encodeRequest("POST", host, order.path, { body: order.body, headers: orderHeaders });
  });
  return orders;
}

const orderLocation = /^\/pedido\/([0-9a-f-]{36})$/i;

/**
 * Posts the prepared requests with `concurrency` in flight, each slot on its own keep-alive
 * connection of the lean client (scripts/lib/raw-http.mjs). A 303 to /pedido/{id} is an
 * acknowledgement; its id is added to `acknowledged`. Anything else is counted in `failures` by
 * status (or error code).
 */
async function submitOrders(baseUrl, requests, { acknowledged, failures, latencies, timeline }) {
  const { hostname, port } = new URL(baseUrl);
  let next = 0;
  const slot = async () => {
    const connection = openConnection(hostname, Number(port));
    try {
      while (next < requests.length) {
        const response = await connection.send(requests[next++]);
        latencies?.push(response.ms);
        timeline?.push(performance.now(), response.ms);
        const id = response.status === 303 ? orderLocation.exec(response.location ?? "")?.[1] : undefined;
        if (id) {
          acknowledged.push(id);
          continue;
        }
        const key = response.error
          ? `error ${response.error.code ?? response.error.message}`
          : `${response.status}${response.status === 303 ? ` to ${response.location}` : ""}`;
        const failure = failures.get(key) ?? { count: 0, example: "" };
        failure.count += 1;
        if (!failure.example && response.body)
          failure.example = response.body.replace(/\s+/g, " ").slice(0, 200);
        failures.set(key, failure);
      }
    } finally {
      connection.close();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, requests.length) }, slot));
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

/** Nearest-rank percentile of ascending values. */
function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const mb = (bytes) => (Number.isFinite(bytes) ? (bytes / 1024 / 1024).toFixed(1) : "n/a");
const ms = (value) => (Number.isFinite(value) ? value.toFixed(1) : "n/a");

function printTable(rows) {
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
  console.log("");
  for (const row of rows) {
    console.log(
      row
        .map((cell = "", i) => (i === 1 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
        .join("  ")
        .trimEnd(),
    );
  }
}

/** This process's monotonic clock in µs: the clock of V8's profile timestamps on Linux. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * The functions with the most self time in a .cpuprofile (V8's format) between `fromUs` and `toUs`
 * (monotonic µs), as printable lines.
 */
function topSelfTime(file, fromUs, toUs, limit = 25) {
  const profile = JSON.parse(fs.readFileSync(file, "utf8"));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const deltas = profile.timeDeltas ?? [];
  const selfUs = new Map();
  let totalUs = 0;
  let timestamp = profile.startTime;
  profile.samples.forEach((id, i) => {
    timestamp += deltas[i] ?? 0;
    if (timestamp < fromUs || timestamp > toUs) return;
    const delta = Math.max(0, deltas[i + 1] ?? 0);
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
    totalUs += delta;
  });
  if (totalUs === 0) return ["  (no samples in the timed phase)"];
  const byFunction = new Map();
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const where = url ? `${path.relative(root, url.replace(/^file:\/\//, ""))}:${lineNumber + 1}` : "";
    const key = `${functionName || "(anonymous)"} ${where}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  }
  return [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(
      ([name, us]) =>
        `  ${(us / 1000).toFixed(0).padStart(7)} ms  ${((100 * us) / totalUs).toFixed(1).padStart(5)} %  ${name}`,
    );
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

const build = spawnSync(process.execPath, ["scripts/build-if-needed.mjs"], { cwd: root, stdio: "inherit" });
if (build.status !== 0) {
  console.error("The build failed.");
  process.exit(1);
}

const port = await freePort(Number(process.env.BENCH_PORT ?? 3200));
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-bench-orders-"));
if (cpuProfileDir) fs.mkdirSync(cpuProfileDir, { recursive: true });
const nodeFlags = cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfileDir}`] : [];
if (process.env.BENCH_SERVER_FLAGS)
  nodeFlags.push(...process.env.BENCH_SERVER_FLAGS.split(/\s+/).filter(Boolean));
const serverLogFile = process.env.BENCH_SERVER_LOG
  ? fs.createWriteStream(path.resolve(process.env.BENCH_SERVER_LOG))
  : undefined;
// Node itself (not npm), so that the child's pid is the server's, for /proc.
const server = spawn(process.execPath, [...nodeFlags, "server.js"], {
  cwd: root,
  stdio: ["ignore", "pipe", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
    RATE_LIMIT_PER_MINUTE: "100000000",
    FORM_RATE_LIMIT: "100000000",
    CAPTCHA_DIFFICULTY: String(captchaDifficulty),
    // Never send thousands of real e-mails: without SMTP_URL they are written to DATA_DIR/outbox.
    SMTP_URL: "",
  },
});
// The server's log (warnings and errors only), the last lines kept for when something fails.
const serverLog = [];
server.stdout.setEncoding("utf8");
server.stdout.on("data", (text) => {
  serverLogFile?.write(text);
  serverLog.push(...text.split("\n").filter(Boolean));
  serverLog.splice(0, Math.max(0, serverLog.length - 20));
});
const interrupted = () => {
  server.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(130);
};
process.once("SIGINT", interrupted);
process.once("SIGTERM", interrupted);

let exitCode = 0;
const timedWindow = { fromUs: 0, toUs: Infinity };
try {
  await waitForHealth(baseUrl, server);
  console.log(
    `Serving the production build on ${baseUrl} (SQLite in ${dataDir}, server pid ${server.pid}).\n` +
      `Captcha difficulty lowered to ${captchaDifficulty} (production default 50,000) so that preparing the solutions is quick;\n` +
      `the server's cost to verify one does not depend on the difficulty (two HMACs, app/services/captcha.server.ts).`,
  );

  let started = performance.now();
  const solvers = startSolvers();
  let warmup;
  let timed;
  try {
    warmup = await prepareOrders(baseUrl, solvers, warmupOrders, 0);
    timed = await prepareOrders(baseUrl, solvers, timedOrders, warmupOrders);
  } finally {
    await solvers.stop();
  }
  console.log(
    `Prepared ${warmupOrders + timedOrders} solved challenges in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );

  const acknowledged = [];
  const failures = new Map();
  if (warmupOrders > 0) {
    started = performance.now();
    await submitOrders(baseUrl, warmup, { acknowledged, failures });
    console.log(
      `Warm-up: ${warmupOrders} orders in ${((performance.now() - started) / 1000).toFixed(1)} s (not timed).`,
    );
  }
  const warmupFailures = [...failures.values()].reduce((sum, failure) => sum + failure.count, 0);

  const load = os.loadavg()[0];
  console.log(
    `Timed: ${timedOrders} orders, ${concurrency} in flight (load average ${load.toFixed(1)} on ${os.availableParallelism()} cores` +
      `${load > 1 ? ": other processes are competing, expect noisy figures" : ""})…`,
  );
  const latencies = [];
  const acknowledgedBefore = acknowledged.length;
  const rssBefore = memoryOf(server.pid)?.rss ?? NaN;
  let peakRss = rssBefore;
  const sampler = setInterval(() => {
    const memory = memoryOf(server.pid);
    if (memory && memory.rss > peakRss) peakRss = memory.rss;
  }, rssSampleMs);
  const serverCpuBefore = cpuSecondsOf(server.pid);
  const clientCpuBefore = process.cpuUsage();
  timedWindow.fromUs = monotonicUs();
  serverLogFile?.write(`=== bench: timed run starts\n`);
  started = performance.now();
  const timeline = latencyFile ? [] : undefined;
  await submitOrders(baseUrl, timed, { acknowledged, failures, latencies, timeline });
  const wallSeconds = (performance.now() - started) / 1000;
  timedWindow.toUs = monotonicUs();
  serverLogFile?.write(`=== bench: timed run ends\n`);
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const serverCpuSeconds = cpuSecondsOf(server.pid) - serverCpuBefore;
  clearInterval(sampler);
  const lastSample = memoryOf(server.pid);
  if (lastSample && lastSample.rss > peakRss) peakRss = lastSample.rss;

  if (latencyFile) {
    const lines = ["finished_ms,latency_ms"];
    for (let i = 0; i < timeline.length; i += 2)
      lines.push(`${(timeline[i] - started).toFixed(2)},${timeline[i + 1].toFixed(2)}`);
    fs.writeFileSync(latencyFile, `${lines.join("\n")}\n`);
  }
  const timedAcknowledged = acknowledged.length - acknowledgedBefore;
  const throughput = timedAcknowledged / wallSeconds;
  latencies.sort((a, b) => a - b);
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(latencies, p));
  const max = latencies.at(-1);

  // The e-mails wait while orders keep coming (docs/decisions/022): now they must all go out.
  const database = new SQLite(path.join(dataDir, "lifebox.sqlite"), { readonly: true, fileMustExist: true });
  const mailWaitStarted = performance.now();
  const mailCount = (status) =>
    database.prepare("SELECT count(*) AS count FROM mail_queue WHERE status = ?").get(status).count;
  let pendingMail = mailCount("pending");
  while (pendingMail > 0 && performance.now() - mailWaitStarted < mailDrainTimeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    pendingMail = mailCount("pending");
  }
  const mailSeconds = (performance.now() - mailWaitStarted) / 1000;
  const sentMail = mailCount("sent");
  const outboxFiles = fs.existsSync(path.join(dataDir, "outbox"))
    ? fs.readdirSync(path.join(dataDir, "outbox")).filter((name) => name.endsWith(".eml")).length
    : 0;
  let stored;
  let storedIds;
  try {
    stored = database.prepare("SELECT count(*) AS count FROM orders").get().count;
    storedIds = new Set(
      database
        .prepare("SELECT id FROM orders")
        .pluck()
        .all()
        .map((id) => String(id).toLowerCase()),
    );
  } finally {
    database.close();
  }
  const lost = acknowledged.filter((id) => !storedIds.has(id.toLowerCase())).length;
  const hwm = memoryOf(server.pid)?.hwm ?? NaN;

  if (failures.size > 0) {
    const failed = [...failures.values()].reduce((sum, failure) => sum + failure.count, 0);
    console.log(`\n${failed} order(s) not acknowledged (${warmupFailures} during the warm-up), by answer:`);
    for (const [key, failure] of [...failures].sort((a, b) => b[1].count - a[1].count)) {
      console.log(`  ${key}: ${failure.count}${failure.example ? `  e.g. ${failure.example}` : ""}`);
    }
    if (serverLog.length > 0) console.log(`Last lines of the server log:\n  ${serverLog.join("\n  ")}`);
  }

  const pass = (ok) => (ok ? "PASS" : "FAIL");
  const allAcknowledged = timedAcknowledged === timedOrders;
  printTable([
    ["Orders (timed)", String(timedOrders), `+ ${warmupOrders} warm-up`],
    ["Concurrency", String(concurrency)],
    ["Wall time", `${wallSeconds.toFixed(2)} s`],
    [
      "Throughput",
      `${throughput.toFixed(0)} orders/s`,
      `${pass(throughput >= targets.throughput)} (≥ ${targets.throughput})`,
    ],
    ["Latency p50", `${ms(p50)} ms`],
    ["Latency p95", `${ms(p95)} ms`],
    ["Latency p99", `${ms(p99)} ms`, `${pass(p99 <= targets.p99)} (≤ ${targets.p99} ms)`],
    ["Latency max", `${ms(max)} ms`],
    ["Acknowledged (timed)", `${timedAcknowledged} / ${timedOrders}`, pass(allAcknowledged)],
    ["Server RSS before", `${mb(rssBefore)} MB`],
    ["Server RSS peak", `${mb(peakRss)} MB`, `sampled every ${rssSampleMs} ms while timed`],
    ["Server VmHWM", `${mb(hwm)} MB`, "whole run"],
    ["Server CPU", `${((100 * serverCpuSeconds) / wallSeconds).toFixed(0)} %`, "of one core, while timed"],
    [
      "Server CPU per order",
      `${ms((1000 * serverCpuSeconds) / timedOrders)} ms`,
      "user + system, all threads",
    ],
    [
      "Bench client CPU",
      `${((100 * (clientCpu.user + clientCpu.system)) / 1e6 / wallSeconds).toFixed(0)} %`,
      "of one core, while timed",
    ],
    ["Stored vs acknowledged", `${stored} / ${acknowledged.length}`, pass(stored === acknowledged.length)],
    ["Lost", String(lost), pass(lost === 0)],
    [
      "E-mails sent",
      `${sentMail} / ${2 * stored}`,
      `${pass(sentMail === 2 * stored && pendingMail === 0)} (${outboxFiles} .eml in the outbox, all out ${mailSeconds.toFixed(1)} s after the last order)`,
    ],
  ]);
  console.log(`\nstored ${stored}, acknowledged ${acknowledged.length} (warm-up included)`);
  console.log(`lost ${lost}`);

  const speedMet = throughput >= targets.throughput && p99 <= targets.p99;
  console.log(
    `\nTargets: ≥ ${targets.throughput} orders/s ${pass(throughput >= targets.throughput)}, ` +
      `p99 ≤ ${targets.p99} ms ${pass(p99 <= targets.p99)}, ` +
      `nothing lost ${pass(lost === 0 && stored === acknowledged.length)}` +
      `${speedMet && allAcknowledged && lost === 0 && stored === acknowledged.length ? " — all met." : "."}`,
  );
  if (pendingMail > 0 || sentMail !== 2 * stored) {
    console.error(
      `${pendingMail} e-mail(s) still pending ${mailDrainTimeoutMs / 1000} s after the last order; ${sentMail} sent of ${2 * stored}.`,
    );
    exitCode = 1;
  }
  if (lost > 0 || stored !== acknowledged.length) {
    console.error(
      lost > 0
        ? `${lost} acknowledged order(s) are not in the database.`
        : `The database holds ${stored} orders but ${acknowledged.length} were acknowledged.`,
    );
    exitCode = 1;
  }
} catch (error) {
  console.error(
    `\nThe benchmark stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  if (serverLog.length > 0) console.error(`Last lines of the server log:\n  ${serverLog.join("\n  ")}`);
  exitCode = 1;
} finally {
  agent.destroy();
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (cpuProfileDir) {
  const profiles = fs
    .readdirSync(cpuProfileDir)
    .filter((name) => name.endsWith(".cpuprofile"))
    .map((name) => path.join(cpuProfileDir, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  if (profiles.length === 0) {
    console.log(`\nNo .cpuprofile was written to ${cpuProfileDir}.`);
  } else {
    console.log(
      `\nServer CPU profile: ${profiles[0]}\nTop self time during the timed phase (monotonic µs ${timedWindow.fromUs}–${timedWindow.toUs}):\n${topSelfTime(profiles[0], timedWindow.fromUs, timedWindow.toUs).join("\n")}`,
    );
  }
}
process.exit(exitCode);

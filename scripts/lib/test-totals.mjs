// The counts `npm test` (scripts/test.mjs) adds up from the Vitest and Playwright JSON reports, and
// the failed tests it names at the end.
import { stripVTControlCharacters } from "node:util";

/**
 * A suite that exits non-zero without a failed test in its report (a crashed Vitest worker whose
 * tests never reported, an error outside any test, a web server that did not start) still counts
 * one failure, so the closing line never says "0 failed" for a failed run.
 */
function withExitStatus(totals, status) {
  return status !== 0 && totals.failed === 0 ? { ...totals, failed: 1, failedOutsideTests: true } : totals;
}

/**
 * Test files that failed with no failed test of their own (one that did not load, an error in a
 * hook): each counts one failure. Vitest's `numFailedTestSuites` would also count the file and the
 * describe block around every failed test, so one failed test would read "3 failed".
 */
function filesFailedOutsideTests(report) {
  return (report.testResults ?? []).filter(
    (file) =>
      file.status === "failed" && !(file.assertionResults ?? []).some((test) => test.status === "failed"),
  ).length;
}

/** From Vitest's JSON report and its exit status. */
export function vitestTotals(report, status) {
  return withExitStatus(
    {
      passed: report.numPassedTests ?? 0,
      failed: (report.numFailedTests ?? 0) + filesFailedOutsideTests(report),
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
      failedOutsideTests: false,
    },
    status,
  );
}

/** From Playwright's JSON report and its exit status. */
export function playwrightTotals(report, status) {
  const stats = report.stats ?? {};
  return withExitStatus(
    {
      passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
      failed: stats.unexpected ?? 0,
      skipped: stats.skipped ?? 0,
      failedOutsideTests: false,
    },
    status,
  );
}

/**
 * The start of an error message on one line: its first line and an assertion's "Expected…:" and
 * "Received…:" lines, without terminal colours, at most 300 characters.
 */
function firstLines(message) {
  const [first = "", ...rest] = stripVTControlCharacters(String(message ?? ""))
    .split("\n")
    .map((part) => part.trim())
    .filter(Boolean);
  const line = [first, ...rest.filter((part) => /^(Expected|Received)\b[^:]*:/.test(part))].join(" | ");
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

/**
 * The failed tests of a Vitest JSON report, one line each ("file › test: the start of the error"),
 * a test file that failed outside its tests included. `root` is taken off the file paths.
 */
export function vitestFailures(report, root = "") {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name =
      root && file.name?.startsWith(root) ? file.name.slice(root.length).replace(/^\//, "") : file.name;
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failed)
      lines.push(`${name} › ${test.fullName}: ${firstLines(test.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === "failed") lines.push(`${name}: ${firstLines(file.message)}`);
  }
  return lines;
}

/** The failed tests of a Playwright JSON report, one line each, and the errors outside tests. */
export function playwrightFailures(report) {
  const lines = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected") continue;
        const last = test.results?.at(-1);
        const error = last?.error?.message ?? last?.errors?.[0]?.message;
        const where = `${spec.file}:${spec.line}`;
        lines.push(
          `${where} › ${[...titles, spec.title].join(" › ")}: ${last?.status ?? "failed"}, ${firstLines(error)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  for (const error of report.errors ?? []) lines.push(`outside the tests: ${firstLines(error.message)}`);
  return lines;
}

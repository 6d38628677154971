// The counts `npm test` (scripts/test.mjs) adds up from the Vitest and Playwright JSON reports.

/**
 * A suite that exits non-zero without a failed test in its report (a crashed Vitest worker whose
 * tests never reported, an error outside any test, a web server that did not start) still counts
 * one failure, so the closing line never says "0 failed" for a failed run.
 */
function withExitStatus(totals, status) {
  return status !== 0 && totals.failed === 0 ? { ...totals, failed: 1, failedOutsideTests: true } : totals;
}

/** From Vitest's JSON report and its exit status. */
export function vitestTotals(report, status) {
  return withExitStatus(
    {
      passed: report.numPassedTests ?? 0,
      failed: (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0),
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

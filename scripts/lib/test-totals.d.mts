/** Types of ./test-totals.mjs, for its test. */
export interface SuiteTotals {
  passed: number;
  failed: number;
  skipped: number;
  /** The suite failed (non-zero exit) with no failed test in its report; counted as one failure. */
  failedOutsideTests: boolean;
}
export function vitestTotals(report: Record<string, unknown>, status: number): SuiteTotals;
export function playwrightTotals(report: { stats?: Record<string, number> }, status: number): SuiteTotals;
export function vitestFailures(report: Record<string, unknown>, root?: string): string[];
export function playwrightFailures(report: Record<string, unknown>): string[];

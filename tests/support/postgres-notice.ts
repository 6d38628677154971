/**
 * Vitest global setup: says once per run, not once per test file, that the PostgreSQL variants of
 * the database tests are skipped (tests/support/databases.ts decides which run).
 */
export default function announcePostgres() {
  if (!process.env.TEST_DATABASE_URL) {
    console.info("PostgreSQL tests not run: TEST_DATABASE_URL is not set (CI sets it; see README).");
  }
}

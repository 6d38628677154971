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
    // Says once that the PostgreSQL variants are skipped when TEST_DATABASE_URL is not set.
    globalSetup: ["tests/support/postgres-notice.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

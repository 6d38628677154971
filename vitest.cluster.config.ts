import { defineConfig } from "vitest/config";

/**
 * `npm run test:cluster` (part of `npm test`): the shop on two servers behind nginx, on PostgreSQL
 * and an S3-compatible store (tests/cluster). Apart from the other Vitest tests because it starts
 * processes of its own and needs the production build (scripts/lib/cluster.mjs builds it if needed).
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/cluster/**/*.test.ts"],
    environment: "node",
    // Each server would print the AWS SDK's warning about Node before 22; `npm test` says it once.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
    testTimeout: 120_000,
    hookTimeout: 600_000,
  },
});

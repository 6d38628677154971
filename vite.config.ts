import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * The submission writer thread's entry, built beside the server bundle under a fixed name
 * (build/server/submission-writer-thread.js) so that server/app.ts can start it
 * (docs/decisions/022-submission-writer-thread.md).
 */
const submissionWriterThread: Plugin = {
  name: "lifebox-submission-writer-thread",
  apply: "build",
  applyToEnvironment: (environment) => environment.name === "ssr",
  buildStart() {
    this.emitFile({
      type: "chunk",
      id: "./server/submission-writer-thread.ts",
      fileName: "submission-writer-thread.js",
    });
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // The server build bundles the Express app (server/app.ts) with the routes, so the server and
    // React Router share one instance of every service (database, logger, configuration).
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), submissionWriterThread],
}));

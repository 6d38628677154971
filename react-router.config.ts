import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // React Router v8's behaviours (docs/decisions/074). Each flag is set, so the build states a
  // decision rather than warning about it: `true` where the app works as it is; `false` where
  // adopting needs work of its own (the reasons are in the decision record).
  future: {
    v8_middleware: false,
    v8_trailingSlashAwareDataRequests: true,
    // Loaders would see the raw `.data` request URL (canonical links, redirects read request.url).
    v8_passThroughRequests: false,
    // Splits each route's client code into more chunks: a change to the chunking of decision 029.
    v8_splitRouteModules: false,
    // Moves the server build's input (vite.config.ts, `isSsrBuild`) to `environments.ssr`.
    v8_viteEnvironmentApi: false,
  },
} satisfies Config;

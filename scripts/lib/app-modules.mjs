// Loads the shop's TypeScript modules (app/…) in a script, through Vite's SSR loader with the
// project's path aliases, as the benchmarks need: `const server = await appModuleServer(root)`,
// then `await server.ssrLoadModule("/app/…")`, and `await server.close()` when done.
export async function appModuleServer(root) {
  const vite = await import("vite");
  return vite.createServer({
    root,
    configFile: false,
    resolve: { tsconfigPaths: true },
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "error",
  });
}

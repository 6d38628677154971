// The process entry: starts the shop of server/app.ts (bundled into build/server/index.js in
// production; loaded through Vite, with hot reload of the pages, in development).
const production = process.env.NODE_ENV === "production";
process.env.NODE_ENV ??= "development";

let running;
try {
  if (production) {
    const { startServer } = await import("./build/server/index.js");
    running = await startServer();
  } else {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    const { startServer } = await viteDevServer.ssrLoadModule("./server/app.ts");
    running = await startServer({ vite: viteDevServer });
  }
} catch (error) {
  // A wrong setting, a database that cannot be opened or migrated, a port in use: said in one
  // message, never a stack trace.
  console.error(`LifeBox could not start.\n${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

function stop() {
  // Whatever is still running after 5 s (a hung connection) does not keep the process alive.
  setTimeout(() => process.exit(0), 5000).unref();
  running.stop().then(() => process.exit(0));
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

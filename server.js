// The process entry: serves the Express app of server/app.ts (bundled into build/server/index.js in
// production; loaded through Vite with hot reload in development, behind Vite's middlewares).
import http from "node:http";
import v8 from "node:v8";

// V8 moves the objects of an allocation site straight to the old generation once most of them
// outlive a young collection. Under a steady stream of requests that guess feeds itself: the
// request objects it misplaces keep younger ones alive, and every young collection then copies
// megabytes and pauses the server 10 ms and more. Set before anything else runs
// (docs/decisions/023).
v8.setFlagsFromString("--no-allocation-site-pretenuring");

const production = process.env.NODE_ENV === "production";
process.env.NODE_ENV ??= "development";

let appModule;
let handler;
let serverOptions = {};
if (production) {
  appModule = await import("./build/server/index.js");
  handler = appModule.app;
  serverOptions = appModule.serverOptions();
} else {
  const { default: express } = await import("express");
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  const server = express();
  server.disable("x-powered-by");
  server.use(viteDevServer.middlewares);
  appModule = await viteDevServer.ssrLoadModule("./server/app.ts");
  server.use(async (req, res, next) => {
    try {
      const source = await viteDevServer.ssrLoadModule("./server/app.ts");
      return await source.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
      next(error);
    }
  });
  handler = server;
}

let settings;
try {
  settings = await appModule.init();
} catch (error) {
  console.error(`LifeBox could not start.\n${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const listener = http.createServer(serverOptions, handler);
listener.listen(settings.port, settings.host, () => {
  const address = `http://localhost:${listener.address().port}`;
  settings.logger.info({ address, siteUrl: settings.siteUrl }, `LifeBox listening on ${address}`);
});

function stop(signal) {
  settings.logger.info({ signal }, "Shutting down");
  listener.close(async () => {
    await appModule.shutdown();
    process.exit(0);
  });
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

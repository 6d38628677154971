// The process entry: static files, compression, then the Express app of server/app.ts (bundled
// into build/server/index.js in production, loaded through Vite with hot reload in development).
import compression from "compression";
import express from "express";

const production = process.env.NODE_ENV === "production";
process.env.NODE_ENV ??= "development";

const server = express();
server.disable("x-powered-by");
server.use(compression());

let appModule;
if (production) {
  appModule = await import("./build/server/index.js");
  // Fingerprinted assets never change; everything else in public/ may.
  server.use(
    "/assets",
    express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }),
  );
  server.use(express.static("build/client", { maxAge: "1h", index: false }));
  server.use(appModule.app);
} else {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
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
}

let settings;
try {
  settings = await appModule.init();
} catch (error) {
  console.error(`LifeBox could not start.\n${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const listener = server.listen(settings.port, settings.host, () => {
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

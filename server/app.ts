import crypto from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { rateLimit } from "express-rate-limit";
import helmet from "helmet";
import "react-router";
import { getEnv } from "~/services/env.server";
import { configureLogger, logger } from "~/services/logger.server";
import { closeDatabase, migrateToLatest, openDatabase, setDatabase } from "~/services/db.server";

declare module "react-router" {
  interface AppLoadContext {
    /** The per-request nonce every inline script must carry (Content-Security-Policy). */
    cspNonce: string;
  }
}

/**
 * Checks the configuration, opens the database and migrates it. Called once by server.js before it
 * listens; a ConfigError or MigrationError stops the server with its message.
 */
export async function init() {
  const env = getEnv();
  configureLogger();
  const handle = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  setDatabase(handle);
  const applied = await migrateToLatest(handle.db);
  logger.info({ dialect: handle.dialect, applied }, "Database ready");
  if (env.NODE_ENV === "production" && env.exampleSettings.length > 0) {
    logger.warn(
      { variables: env.exampleSettings },
      "Seller data still uses the example defaults: set these variables before going live (see README)",
    );
  }
  return { host: env.HOST, port: env.PORT, siteUrl: env.SITE_URL, logger };
}

export async function shutdown() {
  await closeDatabase();
}

export const app = express();
app.disable("x-powered-by");

app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
});

const development = process.env.NODE_ENV === "development";

app.use(
  helmet({
    // Vite's development client injects inline scripts and a websocket; the policy applies in
    // production builds, which is what visitors and the tests get.
    contentSecurityPolicy: development
      ? false
      : {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
            // The stylesheet is inlined with the request's nonce (app/root.tsx).
            styleSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
            imgSrc: ["'self'", "data:"],
            connectSrc: ["'self'"],
            fontSrc: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
            upgradeInsecureRequests: null,
          },
        },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: process.env.NODE_ENV === "production" && getEnv().SITE_URL.startsWith("https:"),
  }),
);

app.use(
  rateLimit({
    windowMs: 60_000,
    limit: () => getEnv().RATE_LIMIT_PER_MINUTE,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    message: "Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.",
  }),
);

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    mode: process.env.NODE_ENV,
    getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
  }),
);

import crypto from "node:crypto";
import http from "node:http";
import { pipeline } from "node:stream/promises";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { ipKeyGenerator, rateLimit } from "express-rate-limit";
import helmet from "helmet";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { getEnv, type Env } from "~/infra/env.server";
import { configureLogger, currentLogFormat, logger } from "~/infra/logger.server";
import { adminAccountExists } from "~/models/admin-users.server";
import { adminCreateCommand, databaseDescription, exampleLines, startSummaryLines } from "./start-summary";
import {
  closeDatabase,
  dialectOf,
  migrateToLatest,
  openDatabase,
  setDatabase,
  type Db,
} from "~/infra/db.server";
import { createMailTransport, startMailWorker } from "~/services/mail.server";
import { checkWaitingPayments, paymentNoticeOf } from "~/services/payments/checkout.server";
import { purgeExpiredChallenges } from "~/models/captcha-replay.server";
import { DatabaseRateLimitStore, purgeExpiredRateLimits } from "~/models/rate-limits.server";
import { endIdleChatSessions } from "~/models/chatbot-conversations.server";
import { deleteRejectedPhotoFiles, forgetOldLikeAddresses } from "~/models/gallery.server";
import { injectedStyleHashes } from "~/infra/csp-hashes.server";
import { maxFormBytes } from "~/infra/request-body.server";
import { maxUploadBodyBytes } from "~/infra/upload-body.server";
import {
  contentTypeOf,
  getStorage,
  isS3Storage,
  isStorageKey,
  storedFileCacheControl,
  type S3Storage,
  type StoredFile,
} from "~/infra/storage.server";
import { submissionMessages } from "~/content/forms";
import { chatRateLimitMessage } from "~/content/chatbot";
import { photoMessages } from "~/content/gallery";
import { maxPhotoBytes } from "~/schemas/gallery";
import { routeMatcher } from "./matched-route";

/** Messages a visitor (an IP) may send the chatbot per minute. */
export const chatMessagesPerMinute = 20;

declare module "react-router" {
  interface AppLoadContext {
    /** The per-request nonce every inline script must carry (Content-Security-Policy). */
    cspNonce: string;
    /** The visitor's IP (behind TRUST_PROXY proxies), for rate limits and logs. */
    clientIp: string;
    /** This IP has used up its posts of the public form (formRateLimit below). */
    formRateLimited: boolean;
  }
}

// The HTTP server (docs/decisions/025): every request goes through the middlewares below, in this
// order, then to React Router. `startServer` is the one place that starts and stops the server's parts.

/**
 * The routes whose posts have limits of their own, by the id of the route React Router runs for
 * the request (server/matched-route.ts; docs/decisions/054), whatever the path's spelling.
 */
const limitedRoutes = {
  /** The public forms (docs/decisions/014, 025), each counted apart. */
  publicForms: [
    "routes/site/purchase",
    "routes/site/checkout",
    "routes/site/quote",
    "routes/site/contact",
    "routes/site/newsletter",
  ],
  /** The chatbot's messages. */
  chat: "routes/resources/chatbot",
  /** The gallery's upload: its page (without JavaScript) and its API (with it), counted together. */
  galleryUploads: ["routes/site/gallery-upload", "routes/resources/gallery-upload"],
} as const;

const publicFormRoutes = new Set<string>(limitedRoutes.publicForms);
const galleryUploadRoutes = new Set<string>(limitedRoutes.galleryUploads);

export interface AppOptions {
  env: Env;
  /** The database: on PostgreSQL the rate limits count there, shared by every server (below). */
  db: Db;
  /** The React Router build: an object in production, a loader in development (Vite). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Vite's middlewares, in development: they serve the files and the client's modules. */
  viteMiddlewares?: express.RequestHandler;
}

export function createApp({ env, db, build, viteMiddlewares }: AppOptions): express.Express {
  const development = viteMiddlewares !== undefined;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  // Pages and forms answer GET, HEAD and POST only: a PUT or DELETE must not run an action as if it
  // were a POST (React Router would), and TRACE is never answered.
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "POST") return next();
    res.set("Allow", "GET, HEAD, POST");
    if (req.method === "OPTIONS") res.status(204).end();
    else res.status(405).type("text/plain; charset=utf-8").send("Método no permitido.");
  });
  // HTTP/1.0 may come without a Host; every address we build needs one.
  app.use((req, res, next) => {
    if (req.headers.host) return next();
    res.status(400).type("text/plain; charset=utf-8").send("Falta el encabezado Host.");
  });
  // A path whose escapes do not decode ("/%E0%A4%A") names nothing we serve: refused here, rather
  // than each part after this (React Router among them) guessing and warning about it.
  app.use((req, res, next) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      res.status(400).type("text/plain; charset=utf-8").send("La dirección no es válida.");
      return;
    }
    next();
  });

  app.use(compression());
  app.use(
    helmet({
      // The policy for pages comes below, with the request's nonce; files need none.
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      // Same-origin requests carry the full referrer and, above all, a real Origin on form posts
      // (with "no-referrer" browsers send "Origin: null", which React Router's CSRF check refuses);
      // other sites only ever see the origin, never a path like an order's link.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: !development && env.SITE_URL.startsWith("https:"),
    }),
  );
  app.use((_req, res, next) => {
    // No page of the shop uses these; a script injected somehow gets none of them either.
    res.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
    next();
  });

  // Uploaded files (infra/storage.server.ts): only what a storage key names (never a half-written
  // file or anything else in the folder); cached for an hour (storedFileCacheControl), not a year: a
  // rejected or withdrawn photo's files are deleted and must stop being shown (decision 052).
  // With a bucket (S3_BUCKET), the same addresses read it, so any server answers them (decision 047).
  const storage = getStorage();
  const uploads = isS3Storage(storage)
    ? bucketFiles(storage)
    : express.static(env.uploadsDir, {
        maxAge: "1h",
        index: false,
        dotfiles: "deny",
        redirect: false,
      });
  app.use("/uploads", (req, res, next) => {
    if ((req.method === "GET" || req.method === "HEAD") && isStorageKey(req.path.slice(1))) {
      return uploads(req, res, next);
    }
    next();
  });

  if (viteMiddlewares) {
    app.use(viteMiddlewares);
  } else {
    // Fingerprinted assets never change; everything else in public/ may.
    app.use(
      "/assets",
      express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }),
    );
    app.use(express.static("build/client", { maxAge: "1h", index: false }));
  }

  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  if (!development) {
    // Vite's development client injects inline scripts and a websocket; the policy applies to the
    // production build, which is what visitors and the tests get.
    const nonce = (_req: http.IncomingMessage, res: http.ServerResponse) =>
      `'nonce-${(res as express.Response).locals.cspNonce}'`;
    app.use(
      helmet.contentSecurityPolicy({
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", nonce],
          // The stylesheet is inlined with the request's nonce (app/root.tsx), plus the stylesheet
          // sonner injects for the toasts, allowed by its hash.
          styleSrc: ["'self'", nonce, ...injectedStyleHashes()],
          // Uploaded images come from S3_PUBLIC_URL when it is set (a CDN, the bucket's address).
          imgSrc: ["'self'", "data:", ...(env.s3?.publicUrl ? [new URL(env.s3.publicUrl).origin] : [])],
          connectSrc: ["'self'"],
          fontSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          // The payment page posts Webpay's token to Transbank's form (docs/decisions/059); and a
          // form's post that ends in a redirect to the provider's page must be allowed there too.
          formAction: ["'self'", ...paymentFormOrigins(env)],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      }),
    );
  }

  // Where the limiters count (docs/decisions/046): on PostgreSQL in the database, each under its own
  // prefix, so that the several servers of a shop share their counts; on SQLite, one server by
  // nature, in this process's memory (express-rate-limit's default store), which costs nothing.
  const shared = dialectOf(db) === "postgres";
  const store = (prefix: string) => (shared ? new DatabaseRateLimitStore(db, prefix) : undefined);

  app.use(
    rateLimit({
      windowMs: 60_000,
      limit: env.RATE_LIMIT_PER_MINUTE,
      store: store("site:"),
      standardHeaders: "draft-8",
      legacyHeaders: false,
      keyGenerator: visitorKeyOf,
      message: "Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.",
    }),
  );

  // The limited route each post reaches, as React Router matches it, so that the limits below hold
  // whatever the path's spelling ("/API/galeria/fotos", "/api/%63hat", "/galeria/compartir/", ".data").
  const routeIdOf = routeIdFinder(build);
  app.use(async (req, res, next) => {
    if (req.method !== "POST") return next();
    try {
      res.locals.routeId = await routeIdOf(req.originalUrl);
      next();
    } catch (error) {
      next(error);
    }
  });
  const routeOf = (res: express.Response) => res.locals.routeId as string | undefined;

  // The public forms' stricter tier (docs/product.md#d13): FORM_RATE_LIMIT posts per form, IP and 10
  // minutes. The limiter counts; the form's action gives the refusal (its page, its message).
  const formRateLimit = rateLimit({
    windowMs: 10 * 60_000,
    limit: env.FORM_RATE_LIMIT,
    store: store("form:"),
    standardHeaders: false,
    legacyHeaders: false,
    keyGenerator: (req, res) => `${routeOf(res)}:${visitorKeyOf(req)}`,
    handler: (_req, res, next) => {
      res.locals.formRateLimited = true;
      next();
    },
  });
  app.use((req, res, next) => {
    if (req.method === "POST" && publicFormRoutes.has(routeOf(res) ?? ""))
      return formRateLimit(req, res, next);
    next();
  });

  // The chatbot (issue 13): CHAT_MESSAGES_PER_MINUTE messages per IP, refused with a JSON 429 the
  // chat panel shows; the rest of /api/chat (reading a session) falls under the site's limit.
  const chatLimit = rateLimit({
    windowMs: 60_000,
    limit: chatMessagesPerMinute,
    store: store("chat:"),
    standardHeaders: "draft-8",
    legacyHeaders: false,
    keyGenerator: visitorKeyOf,
    handler: (_req, res) => {
      res.status(429).set("Cache-Control", "no-store").json({ error: chatRateLimitMessage });
    },
  });
  app.use((req, res, next) => {
    if (req.method === "POST" && routeOf(res) === limitedRoutes.chat) return chatLimit(req, res, next);
    next();
  });

  // The gallery's upload form (issue 13; docs/decisions/041), posted to its page without
  // JavaScript and to its API with it: GALLERY_UPLOAD_RATE_LIMIT per IP, both ways counted together.
  // As for the forms, the limiter counts and the upload gives the refusal.
  const galleryUploadLimit = rateLimit({
    windowMs: 10 * 60_000,
    limit: env.GALLERY_UPLOAD_RATE_LIMIT,
    store: store("gallery:"),
    standardHeaders: false,
    legacyHeaders: false,
    keyGenerator: visitorKeyOf,
    handler: (_req, res, next) => {
      res.locals.formRateLimited = true;
      next();
    },
  });
  app.use((req, res, next) => {
    if (req.method !== "POST" || !galleryUploadRoutes.has(routeOf(res) ?? "")) return next();
    // An upload whose body is left unread (refused before its file, or too slow) ends its
    // connection with the answer, rather than the server reading the rest to keep it open.
    res.set("Connection", "close");
    galleryUploadLimit(req, res, next);
  });

  // A declared body larger than any form sends (a photo for the gallery's upload) is refused before
  // anything reads it; a chunked one is stopped by the action that reads it.
  app.use((req, res, next) => {
    const upload = galleryUploadRoutes.has(routeOf(res) ?? "");
    const limit = upload ? maxUploadBodyBytes({ maxFileBytes: maxPhotoBytes }) : maxFormBytes;
    if (Number(req.headers["content-length"] ?? 0) <= limit) return next();
    res.status(413).set("Connection", "close").type("text/plain; charset=utf-8");
    res.send(upload ? photoMessages.tooLarge : submissionMessages.tooLarge);
  });

  app.use(
    createRequestHandler({
      build,
      mode: development ? "development" : "production",
      getLoadContext: (req, res) => ({
        cspNonce: res.locals.cspNonce as string,
        clientIp: clientIpOf(req),
        formRateLimited: res.locals.formRateLimited === true,
      }),
    }),
  );
  return app;
}

/**
 * /uploads/<key> from the bucket: the file is read from the store and streamed on, with the headers
 * express.static gives a local file (type from the key, an hour's cache, ETag, Last-Modified; 304
 * when the browser has it). A missing file goes on to the site's 404 page.
 */
function bucketFiles(storage: S3Storage): express.RequestHandler {
  return async (req, res, next) => {
    const key = req.path.slice(1);
    let file: StoredFile | undefined;
    try {
      file = await storage.open(key);
    } catch (error) {
      logger.error({ err: error, key }, "Reading an uploaded file from the bucket failed");
      res.status(503).set("Retry-After", "10").end();
      return;
    }
    if (!file) return next();
    res.set({ "Content-Type": contentTypeOf(key), "Cache-Control": storedFileCacheControl });
    if (file.contentLength !== undefined) res.set("Content-Length", String(file.contentLength));
    if (file.etag) res.set("ETag", file.etag);
    if (file.lastModified) res.set("Last-Modified", file.lastModified.toUTCString());
    if (req.fresh || req.method === "HEAD") {
      file.body.destroy();
      if (req.fresh) res.status(304).send();
      else res.end();
      return;
    }
    try {
      await pipeline(file.body, res);
    } catch (error) {
      // The answer is cut short (pipeline closes both sides); a visitor who left is not worth a warning.
      if ((error as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE") return;
      logger.warn({ err: error, key }, "Sending an uploaded file from the bucket stopped");
    }
  };
}

/**
 * The id of the limited route a request URL reaches, if any (server/matched-route.ts). In
 * production the build is one object, read once; in development Vite may rebuild it, so it is read
 * each time.
 */
function routeIdFinder(build: AppOptions["build"]): (url: string) => Promise<string | undefined> {
  const expected = [...publicFormRoutes, limitedRoutes.chat, ...galleryUploadRoutes];
  if (typeof build !== "function") {
    const match = routeMatcher(build, expected);
    return async (url) => match(url);
  }
  return async (url) => routeMatcher(await build(), expected)(url);
}

/**
 * What the production server's start-up warning lists, or undefined when nothing is an example any
 * more: the seller's data still at its examples, and payments that charge nothing (Transbank's test
 * commerce) or take a stand-in's word (PAYMENTS_ALLOW_STAND_IN).
 */
export function exampleSettingsWarning(
  env: Pick<Env, "exampleSettings" | "payments">,
): { variables: string[]; payments?: string } | undefined {
  const payments = paymentNoticeOf(env.payments);
  if (env.exampleSettings.length === 0 && !payments) return undefined;
  return {
    variables: env.exampleSettings,
    ...(payments === "test"
      ? { payments: "WEBPAY_COMMERCE_CODE, WEBPAY_API_KEY: Transbank's test commerce, nothing is charged" }
      : payments === "stand-in"
        ? { payments: "PAYMENTS_ALLOW_STAND_IN: a payment server that is not Webpay's or Flow's is believed" }
        : {}),
  };
}

/** The origins the payment provider's pages are on (its API's host, where Transbank's form is too). */
function paymentFormOrigins(env: Env): string[] {
  const { provider, webpay, flow } = env.payments;
  if (provider === "webpay") return [new URL(webpay.apiUrl).origin];
  if (provider === "flow" && flow) return [new URL(flow.apiUrl).origin];
  return [];
}

/**
 * The key every limiter counts a visitor under: their address (an IPv6 one by its /56 network).
 * Not express-rate-limit's default key (req.ip): a visitor who left while the request waited on the
 * disk (express.static looks first) has no address any more, and the default key then throws.
 */
function visitorKeyOf(req: express.Request): string {
  return ipKeyGenerator(clientIpOf(req));
}

function clientIpOf(req: express.Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

/** The server's parts that run besides requests: the mail worker and the hourly clean-up. */
function startBackgroundWork(db: Db, env: Env) {
  const transport = createMailTransport({ smtpUrl: env.SMTP_URL, outboxDir: env.outboxDir });
  const mail = startMailWorker(db, transport, { from: env.MAIL_FROM, logger });
  // Used captcha challenges are only needed until they expire (docs/decisions/015), rate limit
  // counts until their window ends (046); chat sessions idle for 30 minutes get their end time
  // (D17), so the admin sees them ended. Rejected gallery photos' files are deleted as they are
  // rejected; this retries the deletions that failed (052): the first pass after a start covers
  // every rejected photo, the next ones those rejected in the last 25 hours, until a pass fails.
  // A like's address is kept only as long as its limit reads it, a day (053).
  let everyRejectedPhoto = true;
  const deleteRejectedFiles = async () => {
    const since = everyRejectedPhoto ? undefined : new Date(Date.now() - 25 * 60 * 60_000);
    const pass = await deleteRejectedPhotoFiles(db, getStorage(), since);
    everyRejectedPhoto = pass.failedKeys > 0;
  };
  const purge = () =>
    Promise.all([
      purgeExpiredChallenges(db).catch((error: unknown) =>
        logger.error({ err: error }, "Purging expired captcha challenges failed"),
      ),
      purgeExpiredRateLimits(db).catch((error: unknown) =>
        logger.error({ err: error }, "Purging expired rate limit counts failed"),
      ),
      endIdleChatSessions(db).catch((error: unknown) =>
        logger.error({ err: error }, "Ending idle chat sessions failed"),
      ),
      deleteRejectedFiles().catch((error: unknown) =>
        logger.error({ err: error }, "Deleting rejected gallery photos' files failed"),
      ),
      forgetOldLikeAddresses(db).catch((error: unknown) =>
        logger.error({ err: error }, "Forgetting the addresses of old gallery likes failed"),
      ),
    ]);
  void purge();
  const timer = setInterval(purge, 60 * 60_000);
  timer.unref();
  // Payments still waiting for the provider's final word are asked about every minute, each by one
  // server at a time (docs/decisions/059).
  let checking: Promise<unknown> = Promise.resolve();
  const checkPayments = () => {
    checking = checkWaitingPayments(db, env).catch((error: unknown) =>
      logger.error({ err: error }, "Checking waiting payments failed"),
    );
  };
  const paymentTimer = env.payments.provider === "link" ? undefined : setInterval(checkPayments, 60_000);
  paymentTimer?.unref();
  return async () => {
    clearInterval(timer);
    clearInterval(paymentTimer);
    await checking;
    await mail.stop();
    transport.close();
  };
}

export interface RunningServer {
  server: http.Server;
  /** Stops taking requests, lets the ones in progress and the mail batch finish, closes the database. */
  stop(): Promise<void>;
}

/**
 * Starts the shop: reads and checks the configuration (a ConfigError names the wrong variable),
 * opens and migrates the database, starts the mail worker, and listens. Nothing is read or started
 * before this is called.
 */
export async function startServer({ vite }: { vite?: ViteDevServer } = {}): Promise<RunningServer> {
  const env = getEnv();
  await configureLogger(env);
  const handle = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  setDatabase(handle);
  const applied = await migrateToLatest(handle.db);
  // A first start applies every migration: their count for people, their names only when debugging.
  logger.debug({ applied }, "Migrations applied");
  logger.info(
    { dialect: handle.dialect, migrationsApplied: applied.length },
    applied.length > 0 ? `Database ready (${applied.length} migrations applied)` : "Database ready",
  );
  const warning = env.NODE_ENV === "production" ? exampleSettingsWarning(env) : undefined;
  const readable = currentLogFormat() === "pretty";
  if (warning && !readable) {
    logger.warn(
      warning,
      "Seller data or payments still use the example defaults: set these variables before going live (see README)",
    );
  }
  const stopBackgroundWork = startBackgroundWork(handle.db, env);

  // In production the build never changes: React Router gets the object, not a loader.
  const build = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : await import("virtual:react-router/server-build");
  const server = http.createServer(
    createApp({ env, db: handle.db, build, viteMiddlewares: vite?.middlewares }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, () => resolve());
  });
  const address = `http://localhost:${(server.address() as { port: number }).port}`;
  // For people at a terminal a few plain lines (server/start-summary.ts); a JSON log the same facts.
  const summary = {
    address,
    database: databaseDescription(env),
    examples: warning ? exampleLines(warning.variables, warning.payments) : [],
    adminAccount: await adminAccountExists(handle.db),
  };
  if (readable) {
    process.stdout.write(`\n${startSummaryLines(summary).join("\n")}\n\n`);
  } else {
    logger.info(
      { address, siteUrl: env.SITE_URL, database: summary.database },
      `LifeBox listening on ${address}`,
    );
    if (!summary.adminAccount) {
      logger.warn(
        { command: adminCreateCommand },
        "No admin account yet: create one with npm run admin:create",
      );
    }
  }

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stopBackgroundWork();
      await closeDatabase();
    })());
  return { server, stop };
}

import crypto from "node:crypto";
import http from "node:http";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { rateLimit } from "express-rate-limit";
import helmet from "helmet";
import "react-router";
import { submissionMessages } from "~/content/forms";
import { getEnv, type Env } from "~/services/env.server";
import { configureLogger, logger } from "~/services/logger.server";
import { closeDatabase, migrateToLatest, openDatabase, setDatabase, type Db } from "~/services/db.server";
import {
  createMailTransport,
  setMailWorker,
  startMailWorker,
  type MailTransport,
  type MailWorkerHandle,
} from "~/services/mail.server";
import { purgeExpiredChallenges } from "~/models/captcha-replay.server";
import { captchaChallengePath } from "~/lib/submission";
import { createCaptchaChallenge, getCaptchaSettings } from "~/services/captcha.server";
import { injectedStyleHashes } from "~/services/csp-hashes.server";
import { formOfPath, handlePublicForm, type FormOutcome } from "~/services/public-forms.server";
import { maxSubmissionBytes } from "~/services/submissions.server";
import { startWalCheckpoints, type WalCheckpoints } from "~/services/sqlite-checkpoints.server";
import { setSubmissionWriter, startSubmissionWriterThread } from "~/services/submission-writer.server";

declare module "react-router" {
  interface AppLoadContext {
    /** The per-request nonce every inline script must carry (Content-Security-Policy). */
    cspNonce: string;
    /** The visitor's IP (behind TRUST_PROXY proxies), for the forms' rate limits. */
    clientIp: string;
    /** A public form's submission, already processed by the form endpoint below (page to render). */
    formOutcome?: FormOutcome;
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
  if (handle.sqlite) {
    maintenance.checkpoints = startWalCheckpoints(handle.sqlite, {
      logger,
      onStopped: () => maintenance.writer?.checkpointOnCommit(),
    });
    // The production build carries the writer thread's entry beside this file (vite.config.ts);
    // in development submissions are written by this thread, as with PostgreSQL.
    if (env.NODE_ENV === "production") {
      // The thread checks captcha solutions with the secret this thread signs challenges with:
      // resolved (and, the first time, written to DATA_DIR) here, before the thread reads it.
      getCaptchaSettings();
      maintenance.writer = startSubmissionWriterThread({
        entry: new URL("./submission-writer-thread.js", import.meta.url),
        dataDir: env.dataDir,
        logger,
        onLost: () => startMailDelivery(handle.db, env),
      });
      setSubmissionWriter(maintenance.writer);
    }
  }
  // The writer thread delivers the mail it queues; without it, this thread does.
  if (!maintenance.writer) startMailDelivery(handle.db, env);
  logger.info({ dialect: handle.dialect, applied }, "Database ready");
  if (env.NODE_ENV === "production" && env.exampleSettings.length > 0) {
    logger.warn(
      { variables: env.exampleSettings },
      "Seller data still uses the example defaults: set these variables before going live (see README)",
    );
  }
  // Used captcha challenges are only needed until they expire (docs/decisions/015).
  const purge = () =>
    purgeExpiredChallenges(handle.db).catch((error: unknown) =>
      logger.error({ err: error }, "Purging expired captcha challenges failed"),
    );
  void purge();
  maintenance.timer = setInterval(purge, 60 * 60_000);
  maintenance.timer.unref();
  return { host: env.HOST, port: env.PORT, siteUrl: env.SITE_URL, logger };
}

const mail: { transport?: MailTransport; worker?: MailWorkerHandle } = {};

function startMailDelivery(db: Db, env: Env) {
  if (mail.worker) return;
  mail.transport = createMailTransport({ smtpUrl: env.SMTP_URL, outboxDir: env.outboxDir });
  mail.worker = startMailWorker(db, mail.transport, { from: env.MAIL_FROM, logger });
  setMailWorker(mail.worker);
}

const maintenance: {
  timer?: ReturnType<typeof setInterval>;
  checkpoints?: WalCheckpoints;
  writer?: ReturnType<typeof startSubmissionWriterThread>;
} = {};

/**
 * Stops the submission writer and the mail worker (letting what they are doing finish), then closes
 * the database.
 */
export async function shutdown() {
  clearInterval(maintenance.timer);
  setSubmissionWriter(undefined);
  await maintenance.writer?.close();
  setMailWorker(undefined);
  await mail.worker?.stop();
  mail.transport?.close();
  await maintenance.checkpoints?.stop();
  await closeDatabase();
}

export const app = express();
app.disable("x-powered-by");
app.set("trust proxy", getEnv().TRUST_PROXY);

const development = process.env.NODE_ENV === "development";

// Static files come first: no nonce, security headers or rate limit for them. In development
// Vite serves them (server.js), with its own middlewares in front of this app.
app.use(compression());
if (!development) {
  // Fingerprinted assets never change; everything else in public/ may.
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static("build/client", { maxAge: "1h", index: false }));
}

/**
 * Options for the production `http.createServer`: requests and responses are created with this
 * app's prototypes. Express's app.handle sets them on every request otherwise, and an object
 * whose prototype changes after it was created survives V8's young-generation collections: every
 * request's objects ended in the old generation, and the collections that copied them paused the
 * server for 10 ms and more (docs/decisions/023). Setting the prototype an object already has
 * changes nothing.
 */
export function serverOptions(): http.ServerOptions {
  return {
    IncomingMessage: bornWith(http.IncomingMessage, app.request),
    ServerResponse: bornWith<typeof http.ServerResponse>(http.ServerResponse, app.response),
  };
}

/**
 * A constructor that builds what `base` builds, with `prototype` as its prototype. Node's
 * IncomingMessage and ServerResponse are plain constructor functions, so they can initialise an
 * object made elsewhere (Reflect.construct with another new.target costs 20 times more here).
 */
function bornWith<T extends abstract new (...args: never[]) => object>(base: T, prototype: object): T {
  const initialise = base as unknown as (this: object, ...args: unknown[]) => void;
  function Born(this: object, ...args: unknown[]) {
    initialise.apply(this, args);
  }
  Born.prototype = prototype;
  return Born as unknown as T;
}

app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
});

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
            // Plus the stylesheet sonner injects for the toasts, allowed by its hash.
            styleSrc: [
              "'self'",
              (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
              ...injectedStyleHashes(),
            ],
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
    // Same-origin requests carry the full referrer and, above all, a real Origin on form posts
    // (with "no-referrer" browsers send "Origin: null", which React Router's CSRF check refuses);
    // other sites only ever see the origin, never a path like an order's link.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
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

// A form body larger than any public form needs is refused before anything reads it (the form
// actions also stop reading at this size when no length is declared).
app.use((req, res, next) => {
  if (req.method === "POST" && Number(req.headers["content-length"] ?? 0) > maxSubmissionBytes) {
    res.status(413).type("text/plain; charset=utf-8").set("Connection", "close");
    res.send("El envío es demasiado grande.");
    req.resume();
    return;
  }
  next();
});

// The public forms (orders, quotations, contact, newsletter) are processed here, ahead of React
// Router: the page's script gets the JSON reply, a plain post that succeeded its redirect. A plain
// post the page must show again (refused, or a success that stays on the page) continues to the
// route, whose action renders it with this outcome (docs/decisions/016).
app.post(["/comprar/:kitId", "/cotizar/:kitId", "/contacto", "/newsletter"], async (req, res, next) => {
  const target = formOfPath(req.path);
  if (!target) return next();
  // Like React Router's own check for actions: a browser's post from another site is refused.
  if (!isSameOrigin(req)) {
    res.status(403).type("text/plain; charset=utf-8").send(submissionMessages.crossSite);
    return;
  }
  const outcome = await handlePublicForm({
    form: target.form,
    kit: target.kit,
    body: {
      contentType: req.headers["content-type"],
      contentLength: req.headers["content-length"],
      body: req,
    },
    clientIp: clientIpOf(req),
  });
  if ((req.headers.accept ?? "").startsWith("application/json")) {
    res.status(outcome.status).set("Cache-Control", "no-store").json(outcome.reply);
  } else if (outcome.location) {
    // Our own path, already encoded; no body (res.redirect would negotiate and write one).
    res.status(303).set("Location", outcome.location).end();
  } else {
    res.locals.formOutcome = outcome;
    next();
  }
});

// The widget's anti-spam challenges (DECISIONS D13), also ahead of React Router: every visit to a
// page with a form asks for one, and this path leaves far less garbage behind (docs/decisions/023).
app.get(captchaChallengePath, async (_req, res) => {
  const challenge = await createCaptchaChallenge(getCaptchaSettings());
  res.set({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" }).json(challenge);
});

const productionBuild =
  process.env.NODE_ENV === "production" ? await import("virtual:react-router/server-build") : undefined;

/** No Origin header (not a browser's cross-site request), or the one of this host. */
function isSameOrigin(req: express.Request): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === (req.headers["x-forwarded-host"] ?? req.headers.host);
  } catch {
    return false;
  }
}

function clientIpOf(req: express.Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

app.use(
  createRequestHandler({
    // In production the build never changes: handing React Router the object (not a function)
    // spares it rebuilding its route table on every request.
    build: productionBuild ?? (() => import("virtual:react-router/server-build")),
    mode: process.env.NODE_ENV,
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce as string,
      clientIp: clientIpOf(req),
      formOutcome: res.locals.formOutcome as FormOutcome | undefined,
    }),
  }),
);

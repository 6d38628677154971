// Helpers the benchmark scripts and tests share to run the production server as a child process.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Starts `node server.js` (Node itself, not npm, so that the child's pid is the server's) as in
 * production, on `port` with its SQLite database in `dataDir`; `env` adds or overrides settings.
 */
export function startServer({ port, dataDir, env = {}, stdio = ["ignore", "pipe", "pipe"] }) {
  return spawn(process.execPath, ["server.js"], {
    cwd: root,
    stdio,
    env: {
      ...process.env,
      NODE_ENV: "production",
      // As `npm start` runs it (docs/decisions/051): glibc gives a decoded photo's memory back.
      MALLOC_MMAP_THRESHOLD_: "131072",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ...env,
    },
  });
}

/** Resolves to `preferred` when it is free, otherwise (or when it is 0) to any free port. */
export function freePort(preferred) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => {
      const any = net.createServer();
      any.listen(0, "127.0.0.1", () => {
        const { port } = any.address();
        any.close(() => resolve(port));
      });
    });
    probe.listen(preferred, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(baseUrl, server, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`The server exited with code ${server.exitCode} before it was healthy.`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${baseUrl}/healthz did not answer within ${timeoutMs / 1000} s.`);
}

export function stopServer(server) {
  return new Promise((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      server.kill("SIGKILL");
      resolve();
    }, 8000);
    server.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    server.kill("SIGTERM");
  });
}

/** User + system CPU time of a process in seconds, all its threads (Linux /proc), or NaN. */
export function cpuSecondsOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command name (which may contain spaces) start after the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticksPerSecond = 100; // USER_HZ: 100 on every Linux Node supports
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return NaN;
  }
}

/**
 * For a benchmark's server: the last `count` lines of its stdout, kept for when something fails,
 * and, on Ctrl-C or SIGTERM, the server killed and its data folder removed before exiting 130.
 */
export function watchBenchServer(server, dataDir, count = 20) {
  const lines = [];
  server.stdout.setEncoding("utf8");
  server.stdout.on("data", (text) => {
    lines.push(...text.split("\n").filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - count));
  });
  const interrupted = () => {
    server.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(130);
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  return lines;
}

/**
 * What a benchmark's production server runs with: limits no benchmark reaches, a proof of work of
 * `captchaDifficulty` (the server's cost to check one is the same at any difficulty), warnings only,
 * and e-mails written to DATA_DIR/outbox instead of sent (no SMTP_URL).
 */
export function benchServerEnv(captchaDifficulty) {
  return {
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    RATE_LIMIT_PER_MINUTE: "100000000",
    FORM_RATE_LIMIT: "100000000",
    CAPTCHA_DIFFICULTY: String(captchaDifficulty),
    SMTP_URL: "",
  };
}

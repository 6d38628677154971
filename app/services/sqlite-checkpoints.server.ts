import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type SQLite from "better-sqlite3";
import type { Logger } from "pino";

/**
 * WAL checkpoints off the request thread (docs/decisions/019-order-throughput.md).
 *
 * In WAL mode SQLite appends every commit to the -wal file and, by default, the commit that makes
 * the file pass 1,000 pages copies it back into the database and syncs it to disk: a pause of tens
 * of milliseconds, on whichever request happened to commit then. better-sqlite3 runs on the event
 * loop, so every other request waits too. Here the server's connection never checkpoints; a worker
 * thread with its own connection to the same file checkpoints (PASSIVE: it never blocks a writer)
 * a few times a second instead. If the worker stops for any reason, the connection goes back to
 * checkpointing itself, so the -wal file can never grow without end.
 */

export interface WalCheckpoints {
  /** Stops the worker after one last checkpoint. Idempotent. */
  stop(): Promise<void>;
}

export interface WalCheckpointOptions {
  /** Time between checkpoints (default 200 ms). */
  intervalMs?: number;
  logger?: Pick<Logger, "error" | "warn">;
  /**
   * Called if the worker stops unexpectedly, for the other connections that write with
   * `wal_autocheckpoint = 0` (the submission writer thread): they must checkpoint themselves again.
   */
  onStopped?: () => void;
}

/** SQLite's default: checkpoint on commit once the -wal file holds this many pages. */
const defaultAutoCheckpointPages = 1000;

/** The -wal file is cut back to this size when SQLite restarts it (bytes). */
const walSizeLimitBytes = 64 * 1024 * 1024;

/** A connection that writes leaves the checkpoints to the worker (no checkpoint on its commits). */
export function leaveCheckpointsToWorker(connection: SQLite.Database): void {
  connection.pragma(`journal_size_limit = ${walSizeLimitBytes}`);
  connection.pragma("wal_autocheckpoint = 0");
}

/** The worker is gone: the connection checkpoints on commit again, as SQLite does by default. */
export function checkpointOnCommit(connection: SQLite.Database): void {
  connection.pragma(`wal_autocheckpoint = ${defaultAutoCheckpointPages}`);
}

// Plain CommonJS, run with `eval` so the production bundle needs no separate worker file.
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file, { fileMustExist: true });
db.pragma("busy_timeout = 1000");
const checkpoint = () => db.pragma("wal_checkpoint(PASSIVE)");
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  try { checkpoint(); } finally { db.close(); parentPort.close(); }
});
`;

/** Starts checkpointing `connection`'s database (a file in WAL mode) in a worker thread. */
export function startWalCheckpoints(
  connection: SQLite.Database,
  { intervalMs = 200, logger, onStopped }: WalCheckpointOptions = {},
): WalCheckpoints {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  leaveCheckpointsToWorker(connection);
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: { driver, file: connection.name, intervalMs },
  });
  let stopping = false;
  const exited = new Promise<void>((resolve) => {
    worker.once("exit", (code) => {
      if (!stopping) {
        logger?.warn({ code }, "The WAL checkpoint worker stopped; the connection checkpoints itself again");
        onStopped?.();
      }
      if (connection.open) checkpointOnCommit(connection);
      resolve();
    });
  });
  worker.on("error", (error) => logger?.error({ err: error }, "The WAL checkpoint worker failed"));
  // It must not keep the process alive on its own.
  worker.unref();
  return {
    async stop() {
      if (!stopping) {
        stopping = true;
        worker.postMessage("stop");
      }
      await exited;
    },
  };
}

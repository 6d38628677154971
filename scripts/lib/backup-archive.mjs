// What an archive of `npm run backup` holds and how the two scripts read the environment; shared by
// scripts/backup.mjs and scripts/restore.mjs (docs/decisions/048).
//
// The archive is a gzipped tar with, at its top:
//   lifebox-backup.json   this manifest: { kind, version, createdAt, uploads, uploadFiles, secrets }
//   lifebox.sqlite        the database, a consistent snapshot (one file, no -wal or -shm)
//   uploads/…             the uploaded files (absent when they live in an S3 bucket)
//   auth-secret           the secrets the server keeps in DATA_DIR, when it keeps them there
//   captcha-secret
import path from "node:path";
import { parseArgs } from "node:util";

export const archiveKind = "lifebox-backup";
export const archiveVersion = 1;
export const manifestName = "lifebox-backup.json";
export const databaseName = "lifebox.sqlite";
/** The database's write-ahead log and its index beside it (WAL mode: app/infra/db.server.ts). */
export const databaseCompanions = [`${databaseName}-wal`, `${databaseName}-shm`];
export const uploadsName = "uploads";
/** app/infra/secrets.server.ts: AUTH_SECRET and CAPTCHA_SECRET, when not set in the environment. */
export const secretNames = ["auth-secret", "captcha-secret"];

/** Exit codes of both scripts. */
export const exitCodes = { ok: 0, failed: 1, usage: 2 };

/** An environment variable as the server reads it: blank counts as unset (app/infra/env.server.ts). */
export function setting(name) {
  const value = process.env[name];
  return value?.trim() ? value : undefined;
}

/** DATA_DIR as the server resolves it: from the working directory, ./data by default. */
export function dataDirFromEnvironment() {
  return path.resolve(setting("DATA_DIR") ?? "./data");
}

/** Prints `message` on stderr and ends the process with `code`. */
export function fail(message, code = exitCodes.failed) {
  console.error(message);
  process.exit(code);
}

export function megabytes(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The command line: exactly one FILE (resolved from the working directory) and the boolean options
 * named; anything else prints `usage` and exits 2.
 */
export function parseCommandLine(usage, booleanOptions = []) {
  let parsed;
  try {
    parsed = parseArgs({
      options: Object.fromEntries(booleanOptions.map((name) => [name, { type: "boolean" }])),
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    fail(`${error.message}\n\n${usage}`, exitCodes.usage);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1 || positionals[0].trim() === "") {
    fail(
      `${positionals.length === 0 ? "Missing FILE." : "Give exactly one FILE."}\n\n${usage}`,
      exitCodes.usage,
    );
  }
  return { file: path.resolve(positionals[0]), options: values };
}

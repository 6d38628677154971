// npm run backup -- FILE
//
// Writes one archive (a gzipped tar, layout in scripts/lib/backup-archive.mjs) of the shop's data in
// DATA_DIR while the server keeps serving (issue 14; docs/decisions/048), in this order:
//   1. the SQLite database, with better-sqlite3's backup API: a consistent snapshot taken in one
//      read transaction, which the server's writes neither block nor get blocked by (WAL mode);
//   2. the uploads (DATA_DIR/uploads), after the snapshot: a file is stored before the row that
//      names it and keys are never reused, so every file the snapshot names is there; files stored
//      since are taken too, harmlessly. With S3_BUCKET set they live in the bucket and are left out;
//   3. the secrets the server keeps in DATA_DIR (auth-secret, captcha-secret), so that a restored
//      shop keeps its staff signed in. The archive therefore is as private as DATA_DIR (mode 600).
// Everything is gathered in a temporary folder beside FILE, packed into a temporary file, and that
// is renamed to FILE at the end: FILE is either the previous one or the new one, never half of one.
//
// Exit codes: 0 written, 1 failed (nothing written), 2 wrong arguments.
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import SQLite from "better-sqlite3";
import * as tar from "tar";
import {
  archiveKind,
  archiveVersion,
  databaseName,
  dataDirFromEnvironment,
  exitCodes,
  fail,
  manifestName,
  megabytes,
  parseCommandLine,
  secretNames,
  setting,
  uploadsName,
} from "./lib/backup-archive.mjs";

const usage = `Usage: npm run backup -- FILE

Writes a consistent copy of the shop's SQLite database, its uploads and the secrets kept in
DATA_DIR to FILE (a .tar.gz), while the server keeps running. DATA_DIR is read from the
environment, as the server reads it (default ./data). An existing FILE is replaced once the new
backup is complete.

Restore it with: npm run restore -- FILE`;

const { file: target } = parseCommandLine(usage);
const dataDir = dataDirFromEnvironment();
const database = path.join(dataDir, databaseName);

if (setting("DATABASE_URL")) {
  fail(
    "DATABASE_URL is set: the shop's data is in PostgreSQL, not in DATA_DIR.\n" +
      'Back it up with pg_dump (README, "Backups"): pg_dump -Fc "$DATABASE_URL" > shop.dump',
  );
}
if (!fs.existsSync(database)) {
  fail(`No database at ${database}.\nSet DATA_DIR to the folder the server uses (now: ${dataDir}).`);
}
if (fs.existsSync(target) && !fs.statSync(target).isFile()) fail(`${target} exists and is not a file.`);
if (!fs.existsSync(path.dirname(target))) fail(`The folder ${path.dirname(target)} does not exist.`);

/** Hard-links (or, on another disk, copies) every stored upload into `to`; returns how many. */
async function gatherUploads(from, to) {
  let names;
  try {
    names = await fsp.readdir(from, { recursive: true });
  } catch (error) {
    if (error.code === "ENOENT") return 0;
    throw error;
  }
  let count = 0;
  for (const name of names.sort()) {
    // A file still being written has a temporary name (app/infra/storage.server.ts): not stored yet.
    if (name.endsWith(".tmp")) continue;
    const source = path.join(from, name);
    const destination = path.join(to, name);
    // Gone since the listing (a photo deleted meanwhile) or not a file (a folder, made below).
    const stat = await fsp.lstat(source).catch(() => undefined);
    if (!stat?.isFile()) continue;
    await fsp.mkdir(path.dirname(destination), { recursive: true });
    try {
      // Stored files are never changed in place, only replaced or removed: a link is a stable copy.
      await fsp.link(source, destination);
    } catch {
      try {
        await fsp.copyFile(source, destination);
      } catch (error) {
        if (error.code === "ENOENT") continue;
        throw error;
      }
    }
    count++;
  }
  return count;
}

console.log(`Backing up the shop in ${dataDir} to ${target}…`);
const staging = await fsp.mkdtemp(path.join(path.dirname(target), `.${path.basename(target)}.`));
const temporary = `${staging}.tar.gz`;
let exitCode = exitCodes.ok;
try {
  // 1. The database. The first step of better-sqlite3's backup copies nothing; the number `progress`
  // returns is how many pages each next step copies: the most it takes, so the whole database is
  // copied in one step, one read transaction. (In small steps, the default, every write of the
  // server between two steps would restart the copy, and a busy shop could keep it from ending.)
  const source = new SQLite(database, { readonly: true, fileMustExist: true });
  let pages;
  try {
    ({ totalPages: pages } = await source.backup(path.join(staging, databaseName), {
      progress: () => 2 ** 31 - 1,
    }));
  } finally {
    source.close();
  }
  console.log(`Database: ${databaseName}, ${pages} pages, a consistent snapshot.`);

  // 2. The uploads.
  const bucket = setting("S3_BUCKET");
  let uploadFiles = 0;
  if (bucket) {
    console.log(
      `Uploads: not included. S3_BUCKET is set, so they are in the bucket "${bucket}"; ` +
        "keep them with the bucket's own versioning or replication.",
    );
  } else {
    uploadFiles = await gatherUploads(path.join(dataDir, uploadsName), path.join(staging, uploadsName));
    console.log(`Uploads: ${uploadFiles} file(s) from ${path.join(dataDir, uploadsName)}.`);
  }

  // 3. The secrets kept in DATA_DIR.
  const secrets = [];
  for (const name of secretNames) {
    try {
      await fsp.copyFile(path.join(dataDir, name), path.join(staging, name));
      secrets.push(name);
    } catch (error) {
      if (error.code !== "ENOENT") throw error;
    }
  }
  console.log(
    secrets.length > 0
      ? `Secrets: ${secrets.join(", ")}. The backup holds secrets: keep it as private as DATA_DIR.`
      : "Secrets: none in DATA_DIR.",
  );
  for (const variable of ["AUTH_SECRET", "CAPTCHA_SECRET"]) {
    if (setting(variable)) {
      console.log(`${variable} is set in the environment, not in DATA_DIR: keep it with your settings.`);
    }
  }

  const manifest = {
    kind: archiveKind,
    version: archiveVersion,
    createdAt: new Date().toISOString(),
    uploads: bucket ? { bucket } : { included: true },
    uploadFiles,
    secrets,
  };
  await fsp.writeFile(path.join(staging, manifestName), `${JSON.stringify(manifest, null, 2)}\n`);

  // 4. The archive, under a temporary name, on disk (fsync) before it takes FILE's name.
  const entries = [manifestName, databaseName, ...(uploadFiles > 0 ? [uploadsName] : []), ...secrets];
  await pipeline(
    tar.create({ cwd: staging, gzip: true, portable: true, strict: true }, entries),
    fs.createWriteStream(temporary, { flags: "wx", mode: 0o600 }),
  );
  const handle = await fsp.open(temporary, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fsp.rename(temporary, target);
  console.log(`Backup written: ${target} (${megabytes(fs.statSync(target).size)}).`);
} catch (error) {
  console.error(`The backup failed; nothing was written to ${target}.\n${error?.message ?? error}`);
  exitCode = exitCodes.failed;
} finally {
  await fsp.rm(temporary, { force: true });
  await fsp.rm(staging, { recursive: true, force: true });
}
process.exit(exitCode);

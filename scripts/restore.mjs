// npm run restore -- FILE [--force]
//
// Puts a backup of `npm run backup` (scripts/backup.mjs; docs/decisions/048) back into DATA_DIR.
// The server must be stopped: a running server keeps the old database open and would go on writing
// to it. In order:
//   1. refuses when DATA_DIR already holds a database, uploads or secrets, unless --force;
//   2. unpacks FILE into a temporary folder inside DATA_DIR and checks it: a complete archive (the
//      gzip and tar checksums), only the entries a backup has, its manifest, and a database that
//      passes SQLite's integrity_check and has the shop's tables;
//   3. with --force, moves what DATA_DIR held into DATA_DIR/replaced-<time>/ (nothing is deleted);
//   4. moves the backup's uploads, secrets and, last, database into place (renames, same disk).
// A damaged or foreign archive stops at step 2 and leaves DATA_DIR as it was.
//
// Exit codes: 0 restored, 1 refused or failed (DATA_DIR unchanged), 2 wrong arguments.
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import SQLite from "better-sqlite3";
import * as tar from "tar";
import {
  archiveKind,
  archiveVersion,
  databaseCompanions,
  databaseName,
  dataDirFromEnvironment,
  exitCodes,
  fail,
  manifestName,
  parseCommandLine,
  secretNames,
  setting,
  uploadsName,
} from "./lib/backup-archive.mjs";

const usage = `Usage: npm run restore -- FILE [--force]

Puts a backup made by "npm run backup" back into DATA_DIR (read from the environment, as the
server reads it; default ./data). Stop the server first.

  --force   DATA_DIR already holds a shop: move its database, uploads and secrets into
            DATA_DIR/replaced-<time>/ and restore the backup in their place.`;

const {
  file: archive,
  options: { force = false },
} = parseCommandLine(usage, ["force"]);
const dataDir = dataDirFromEnvironment();

if (setting("DATABASE_URL")) {
  fail(
    "DATABASE_URL is set: the shop's data is in PostgreSQL, and this restores a SQLite backup.\n" +
      'Restore a pg_dump with pg_restore (README, "Backups"): pg_restore --clean --no-owner -d "$DATABASE_URL" shop.dump',
  );
}
if (!fs.existsSync(archive) || !fs.statSync(archive).isFile()) fail(`No backup file at ${archive}.`);

/** What DATA_DIR holds that a restore would replace. */
function currentShopFiles() {
  const names = [databaseName, ...databaseCompanions, uploadsName, ...secretNames];
  return names.filter((name) => fs.existsSync(path.join(dataDir, name)));
}

function replaceRefusal(found) {
  return (
    `${dataDir} already holds a shop (${found.join(", ")}); nothing was changed.\n` +
    "Stop the server, then run again with --force to move those files into " +
    `${path.join(dataDir, "replaced-<time>")}/ and restore the backup in their place.`
  );
}

const existing = currentShopFiles();
if (existing.length > 0 && !force) fail(replaceRefusal(existing));

/** A reason not to restore, said as it is (no stack trace); DATA_DIR is left as it was. */
class Refusal extends Error {}

/** Why the archive cannot be restored. */
class UnusableBackup extends Refusal {
  constructor(reason) {
    super(`${archive} cannot be restored; ${dataDir} was not changed.\n${reason}`);
  }
}

/** Is `entryPath` (as tar names it) one of the entries a backup has, of the right type? */
function isBackupEntry(entryPath, type) {
  const name = entryPath.replace(/\/+$/, "");
  if (name === uploadsName || name.startsWith(`${uploadsName}/`)) {
    return type === "File" || type === "Directory";
  }
  return type === "File" && [manifestName, databaseName, ...secretNames].includes(name);
}

/** The manifest of the unpacked backup in `folder`, checked. */
async function readManifest(folder) {
  let manifest;
  try {
    manifest = JSON.parse(await fsp.readFile(path.join(folder, manifestName), "utf8"));
  } catch {
    throw new UnusableBackup(`It has no readable ${manifestName}: not a backup of "npm run backup".`);
  }
  if (manifest?.kind !== archiveKind) {
    throw new UnusableBackup(`Its ${manifestName} is not a LifeBox backup's.`);
  }
  if (manifest.version !== archiveVersion) {
    throw new UnusableBackup(
      `It is a backup of format ${manifest.version}; this version of the shop restores format ${archiveVersion}.`,
    );
  }
  return manifest;
}

/** Checks the unpacked database with SQLite's integrity_check; returns its number of orders. */
function checkDatabase(file) {
  if (!fs.existsSync(file)) throw new UnusableBackup(`It has no ${databaseName}.`);
  let database;
  try {
    database = new SQLite(file, { readonly: true, fileMustExist: true });
    const problems = database.prepare("PRAGMA integrity_check").pluck().all();
    if (problems.length !== 1 || problems[0] !== "ok") {
      throw new UnusableBackup(
        `Its database is damaged (integrity_check: ${problems.slice(0, 3).join("; ")}).`,
      );
    }
    return database.prepare("SELECT count(*) FROM orders").pluck().get();
  } catch (error) {
    if (error instanceof UnusableBackup) throw error;
    throw new UnusableBackup(`Its database cannot be read: ${error.message}.`);
  } finally {
    database?.close();
  }
}

const createdDataDir = !fs.existsSync(dataDir);
await fsp.mkdir(dataDir, { recursive: true });
// Inside DATA_DIR, so that putting the files in place is a rename on one disk.
const staging = await fsp.mkdtemp(path.join(dataDir, ".restore-"));
let exitCode = exitCodes.ok;
let placing = false;
try {
  console.log(`Checking ${archive}…`);
  const unexpected = [];
  try {
    // Synchronous: when a damaged archive throws, no file write of the extraction is still under
    // way, so the staging folder removed below stays removed (asynchronously, a write that was in
    // flight could create it again after the removal).
    tar.extract({
      file: archive,
      cwd: staging,
      sync: true,
      strict: true,
      preserveOwner: false,
      filter: (entryPath, entry) => {
        if (isBackupEntry(entryPath, entry.type)) return true;
        unexpected.push(entryPath);
        return false;
      },
    });
  } catch (error) {
    throw new UnusableBackup(`It is not a complete backup archive (${error.message}).`);
  }
  if (unexpected.length > 0) {
    throw new UnusableBackup(
      `It holds entries a backup does not have: ${unexpected.slice(0, 5).join(", ")}.`,
    );
  }
  const manifest = await readManifest(staging);
  const orders = checkDatabase(path.join(staging, databaseName));
  const hasUploads = fs.existsSync(path.join(staging, uploadsName));
  const secrets = secretNames.filter((name) => fs.existsSync(path.join(staging, name)));
  console.log(
    `The backup of ${manifest.createdAt} is complete: a sound database with ${orders} order(s), ` +
      `${manifest.uploadFiles} upload(s), secrets: ${secrets.join(", ") || "none"}.`,
  );

  // The files may have changed while the archive was checked (a server started): look again.
  const present = currentShopFiles();
  if (present.length > 0 && !force) throw new Refusal(replaceRefusal(present));
  placing = true;
  if (present.length > 0) {
    const aside = path.join(dataDir, `replaced-${new Date().toISOString().replace(/[:.]/g, "-")}`);
    await fsp.mkdir(aside);
    for (const name of present) await fsp.rename(path.join(dataDir, name), path.join(aside, name));
    console.log(`Moved the shop's previous ${present.join(", ")} into ${aside}.`);
  }
  // The database last: until it is there, DATA_DIR holds no shop a server would start.
  const placed = [...(hasUploads ? [uploadsName] : []), ...secrets, databaseName];
  for (const name of placed) await fsp.rename(path.join(staging, name), path.join(dataDir, name));

  console.log(`Restored into ${dataDir}: ${placed.join(", ")}.`);
  if (manifest.uploads?.bucket) {
    console.log(`Uploads were in the S3 bucket "${manifest.uploads.bucket}" and are not in this backup.`);
  } else if (setting("S3_BUCKET") && hasUploads) {
    console.log(
      `S3_BUCKET is set: the server reads uploads from that bucket, not from ${path.join(dataDir, uploadsName)}; ` +
        "copy the restored files there if the bucket lacks them.",
    );
  }
  console.log("Start the server again (npm start).");
} catch (error) {
  if (error instanceof Refusal) {
    console.error(error.message);
  } else if (placing) {
    // A disk error while renaming: say where things are rather than guess at undoing it.
    console.error(
      `The restore stopped while putting files in place: ${error?.message ?? error}\n` +
        `Look at ${dataDir} (the previous files are in its replaced-<time>/ folder, if there were any).`,
    );
  } else {
    console.error(`The restore failed; ${dataDir} was not changed.\n${error?.message ?? error}`);
  }
  exitCode = exitCodes.failed;
} finally {
  await fsp.rm(staging, { recursive: true, force: true });
  // A DATA_DIR made for this restore goes again when nothing was restored (rmdir: only if empty).
  if (createdDataDir && exitCode !== exitCodes.ok) await fsp.rmdir(dataDir).catch(() => {});
}
process.exit(exitCode);

import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import SQLite from "better-sqlite3";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { picture } from "../tests/support/images";
import { freePort, stopServer, waitForHealth } from "./lib/server-process.mjs";
import {
  createHttpClient,
  formHeaders,
  orderLocation,
  orderRequest,
  solvedCaptcha as solvedChallenge,
} from "./lib/shop-client.mjs";

/**
 * `npm run backup` and `npm run restore` as an operator runs them (issue 14; docs/decisions/048):
 * the real scripts in child processes, against a real server (`node server.js`, development mode,
 * which needs no build) taking a burst of orders over HTTP while the backup runs.
 */
const root = path.resolve(import.meta.dirname, "..");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-backup-test-"));
const shopDir = path.join(work, "shop");
const archive = path.join(work, "shop-backup.tar.gz");

/** The settings both scripts and the server read; nothing of this process's shop settings leaks in. */
const baseEnv = {
  ...process.env,
  // `npm run` finds `node` on the PATH: the one running these tests first.
  PATH: [path.dirname(process.execPath), process.env.PATH].join(path.delimiter),
  DATABASE_URL: "",
  S3_BUCKET: "",
  AUTH_SECRET: "",
  CAPTCHA_SECRET: "",
  VITEST: "",
};

let server: ChildProcess | undefined;
let baseUrl = "";
const serverLog: string[] = [];

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run <script> -- …args` (or `node scripts/<script>.mjs …args` when `viaNpm` is false). */
function run(script: "backup" | "restore", args: string[], env: Record<string, string>, viaNpm = false) {
  return new Promise<Run>((resolve, reject) => {
    const child = viaNpm
      ? spawn("npm", ["run", "--silent", script, "--", ...args], { cwd: root, env: { ...baseEnv, ...env } })
      : spawn(process.execPath, [`scripts/${script}.mjs`, ...args], {
          cwd: root,
          env: { ...baseEnv, ...env },
        });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const client = createHttpClient({ maxSockets: 8 });
/** Challenges solved here, as the ALTCHA widget solves them. */
const solver = {
  solve: (challenge: unknown) => solveChallenge({ challenge: challenge as Challenge, deriveKey }),
  stop: async () => {},
};

/** A freshly solved challenge of `form`, as the ALTCHA widget posts it. */
const solvedCaptcha = (form: "order" | "gallery") => solvedChallenge(client, baseUrl, solver, form);

/** Posts order `n` as the purchase form does without JavaScript; the order's id once acknowledged. */
async function placeOrder(n: number, altcha?: string): Promise<string> {
  const order = orderRequest(n, altcha ?? (await solvedCaptcha("order")));
  const response = await client.request(baseUrl, "POST", order.path, {
    body: order.body,
    headers: formHeaders,
  });
  const id = response.status === 303 ? orderLocation.exec(response.location ?? "")?.[1] : undefined;
  if (!id) throw new Error(`Order ${n}: ${response.error?.message ?? response.status}`);
  return id;
}

function liveDatabase(dir: string) {
  return new SQLite(path.join(dir, "lifebox.sqlite"), { readonly: true, fileMustExist: true });
}

const sha256 = (file: string) => crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");

beforeAll(async () => {
  // A staff secret kept in DATA_DIR, as the server writes it on first use; the captcha's is made by
  // the server below, when it signs its first challenge.
  fs.mkdirSync(shopDir);
  fs.writeFileSync(path.join(shopDir, "auth-secret"), `${crypto.randomBytes(32).toString("hex")}\n`, {
    mode: 0o600,
  });
  const port = await freePort(0);
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["server.js"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...baseEnv,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: shopDir,
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "1000000",
      FORM_RATE_LIMIT: "1000000",
      CAPTCHA_DIFFICULTY: "10",
      SMTP_URL: "",
      // Orders stored and answered without a payment provider (none is reachable here).
      PAYMENT_PROVIDER: "link",
    },
  });
  for (const stream of [server.stdout!, server.stderr!]) {
    stream.on("data", (chunk: Buffer) => serverLog.push(chunk.toString()));
  }
  await waitForHealth(baseUrl, server, 150_000).catch((error: Error) => {
    throw new Error(`${error.message}\n${serverLog.join("")}`);
  });
}, 180_000);

afterAll(async () => {
  if (server) await stopServer(server);
  client.destroy();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("backing up a serving shop and restoring it", () => {
  const restoredDir = path.join(work, "restored");
  const acknowledgedBeforeBackup: string[] = [];
  let photo: { displayKey: string; thumbKey: string } | undefined;

  it("backs up during a burst of orders; the restore holds every order acknowledged before it began", async () => {
    // A customer's photo in the gallery: its files are under DATA_DIR/uploads.
    const firstOrder = await placeOrder(0);
    const { number, email } = (() => {
      const database = liveDatabase(shopDir);
      try {
        return database.prepare("SELECT number, email FROM orders WHERE id = ?").get(firstOrder) as {
          number: string;
          email: string;
        };
      } finally {
        database.close();
      }
    })();
    const form = new FormData();
    for (const [name, value] of Object.entries({
      website: "",
      orderNumber: number,
      email,
      kitId: "essential",
      comment: "Nuestro kit listo en la bodega.",
      altcha: await solvedCaptcha("gallery"),
    })) {
      form.append(name, value);
    }
    const jpeg = await picture(900, 600).jpeg({ quality: 85 }).toBuffer();
    form.append("photo", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "kit.jpg");
    const upload = await fetch(`${baseUrl}/api/galeria/fotos`, { method: "POST", body: form });
    expect(upload.status, await upload.text()).toBe(201);
    {
      const database = liveDatabase(shopDir);
      try {
        photo = database
          .prepare(
            "SELECT display_key AS displayKey, thumb_key AS thumbKey FROM gallery_photos WHERE order_id = ?",
          )
          .get(firstOrder) as typeof photo;
      } finally {
        database.close();
      }
    }
    expect(photo).toBeDefined();

    // The burst: six clients posting orders, each with its own solved captcha, until stopped. The
    // captchas are solved first: solving them here while the backup runs could take longer, on a
    // busy machine, than the backup itself, and no order would be acknowledged in its window.
    const solved = await Promise.all(Array.from({ length: 72 }, () => solvedCaptcha("order")));
    const acknowledged: { id: string; at: number }[] = [{ id: firstOrder, at: performance.now() }];
    const failures: string[] = [];
    let next = 1;
    let stop = false;
    const client = async () => {
      while (!stop) {
        const n = next++;
        try {
          acknowledged.push({ id: await placeOrder(n, solved.pop()), at: performance.now() });
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    const clients = Array.from({ length: 6 }, client);
    const acknowledgedCount = async (count: number) => {
      while (acknowledged.length < count && failures.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    await acknowledgedCount(40);
    acknowledgedBeforeBackup.push(...acknowledged.map(({ id }) => id));
    const backupStarted = performance.now();
    const backup = await run("backup", [archive], { DATA_DIR: shopDir }, true);
    const backupEnded = performance.now();
    // A few more orders after it, then the burst ends.
    await acknowledgedCount(acknowledged.length + 10);
    stop = true;
    await Promise.all(clients);

    expect(failures).toEqual([]);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/Database: lifebox\.sqlite, \d+ pages, a consistent snapshot\./);
    expect(backup.stdout).toContain("Uploads: 2 file(s)");
    expect(backup.stdout).toContain("Secrets: auth-secret, captcha-secret.");
    expect(backup.stdout).toContain(`Backup written: ${archive}`);
    // The shop kept serving: orders were acknowledged while the backup ran.
    const duringBackup = acknowledged.filter(({ at }) => at > backupStarted && at < backupEnded);
    expect(duringBackup.length).toBeGreaterThan(0);
    // Only the finished archive is left: no temporary file or folder beside it.
    expect(fs.readdirSync(work).sort()).toEqual(["shop", "shop-backup.tar.gz"]);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);

    const restore = await run("restore", [archive], { DATA_DIR: restoredDir }, true);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`Restored into ${restoredDir}`);
    // The database, uploads and secrets, nothing else: no write-ahead log, no temporary folder.
    expect(fs.readdirSync(restoredDir).sort()).toEqual([
      "auth-secret",
      "captcha-secret",
      "lifebox.sqlite",
      "uploads",
    ]);

    const restored = liveDatabase(restoredDir);
    try {
      expect(restored.prepare("PRAGMA integrity_check").pluck().get()).toBe("ok");
      const storedIds = new Set(restored.prepare("SELECT id FROM orders").pluck().all() as string[]);
      expect(acknowledgedBeforeBackup.filter((id) => !storedIds.has(id))).toEqual([]);
      expect(storedIds.size).toBeGreaterThanOrEqual(acknowledgedBeforeBackup.length);
      expect(storedIds.size).toBeLessThanOrEqual(acknowledged.length);
      const restoredPhoto = restored
        .prepare(
          "SELECT display_key AS displayKey, thumb_key AS thumbKey FROM gallery_photos WHERE order_id = ?",
        )
        .get(firstOrder);
      expect(restoredPhoto).toEqual(photo);
    } finally {
      restored.close();
    }
    // The photo's files come back whole, and the secrets with them (staff stay signed in).
    for (const key of [photo!.displayKey, photo!.thumbKey]) {
      expect(sha256(path.join(restoredDir, "uploads", key))).toBe(sha256(path.join(shopDir, "uploads", key)));
    }
    for (const secret of ["auth-secret", "captcha-secret"]) {
      expect(fs.readFileSync(path.join(restoredDir, secret), "utf8")).toBe(
        fs.readFileSync(path.join(shopDir, secret), "utf8"),
      );
      expect(fs.statSync(path.join(restoredDir, secret)).mode & 0o777).toBe(0o600);
    }
  }, 240_000);

  it("refuses to restore over a data folder that holds a database, and changes nothing", async () => {
    const before = sha256(path.join(restoredDir, "lifebox.sqlite"));
    const listing = fs.readdirSync(restoredDir).sort();
    const { code, stderr } = await run("restore", [archive], { DATA_DIR: restoredDir });
    expect(code).toBe(1);
    expect(stderr).toContain(`${restoredDir} already holds a shop (lifebox.sqlite, `);
    expect(stderr).toContain("Stop the server, then run again with --force");
    expect(sha256(path.join(restoredDir, "lifebox.sqlite"))).toBe(before);
    expect(fs.readdirSync(restoredDir).sort()).toEqual(listing);

    // The running shop's folder too (its server is still running).
    const live = await run("restore", [archive], { DATA_DIR: shopDir });
    expect(live.code).toBe(1);
    expect(live.stderr).toContain("already holds a shop (lifebox.sqlite, lifebox.sqlite-wal");
  });

  it("with --force, moves the folder's shop aside into replaced-<time>/ and restores in its place", async () => {
    const marker = path.join(restoredDir, "uploads", "galeria", "marker.webp");
    fs.writeFileSync(marker, "before the second restore");
    const previous = sha256(path.join(restoredDir, "lifebox.sqlite"));

    const { code, stdout, stderr } = await run("restore", [archive, "--force"], { DATA_DIR: restoredDir });
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(
      /Moved the shop's previous lifebox\.sqlite, .*uploads, auth-secret, captcha-secret into /,
    );
    const aside = fs.readdirSync(restoredDir).filter((name) => name.startsWith("replaced-"));
    expect(aside).toHaveLength(1);
    const asideDir = path.join(restoredDir, aside[0]!);
    expect(sha256(path.join(asideDir, "lifebox.sqlite"))).toBe(previous);
    expect(fs.readFileSync(path.join(asideDir, "uploads", "galeria", "marker.webp"), "utf8")).toBe(
      "before the second restore",
    );
    expect(fs.existsSync(marker)).toBe(false);
    expect(fs.existsSync(path.join(restoredDir, "uploads", photo!.displayKey))).toBe(true);
    const restored = liveDatabase(restoredDir);
    try {
      const storedIds = new Set(restored.prepare("SELECT id FROM orders").pluck().all() as string[]);
      expect(acknowledgedBeforeBackup.every((id) => storedIds.has(id))).toBe(true);
    } finally {
      restored.close();
    }
  });

  it("refuses a truncated or corrupted archive with a message, and writes nothing", async () => {
    const bytes = fs.readFileSync(archive);
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length / 2)]! ^= 0xff;
    const damaged = {
      truncated: bytes.subarray(0, Math.floor(bytes.length * 0.6)),
      "cut before its gzip trailer": bytes.subarray(0, bytes.length - 4),
      "a byte changed": flipped,
      "not an archive": Buffer.from("lifebox"),
    };
    for (const [what, content] of Object.entries(damaged)) {
      const file = path.join(work, "damaged.tar.gz");
      fs.writeFileSync(file, content);
      // A data folder that does not exist yet, and one that exists and is empty.
      for (const target of [path.join(work, "never-made"), fs.mkdtempSync(path.join(work, "empty-"))]) {
        const existed = fs.existsSync(target);
        const { code, stderr } = await run("restore", [file], { DATA_DIR: target });
        expect(code, what).toBe(1);
        expect(stderr, what).toContain(`${file} cannot be restored; ${target} was not changed.`);
        expect(stderr, what).not.toMatch(/^\s+at\s/m);
        if (existed) expect(fs.readdirSync(target), what).toEqual([]);
        else expect(fs.existsSync(target), what).toBe(false);
        if (existed) fs.rmSync(target, { recursive: true });
      }
    }
  });

  it("refuses a complete archive whose database fails SQLite's integrity check", async () => {
    const unpacked = fs.mkdtempSync(path.join(work, "unpacked-"));
    await tar.extract({ file: archive, cwd: unpacked });
    // Pages after the first (which holds the schema) overwritten: the tables' b-trees are garbage.
    const database = path.join(unpacked, "lifebox.sqlite");
    const size = fs.statSync(database).size;
    const descriptor = fs.openSync(database, "r+");
    fs.writeSync(descriptor, crypto.randomBytes(size - 8192), 0, size - 8192, 4096);
    fs.closeSync(descriptor);
    const repacked = path.join(work, "bad-database.tar.gz");
    await tar.create({ file: repacked, cwd: unpacked, gzip: true }, fs.readdirSync(unpacked));
    fs.rmSync(unpacked, { recursive: true });

    const target = path.join(work, "never-made");
    const { code, stderr } = await run("restore", [repacked], { DATA_DIR: target });
    expect(code).toBe(1);
    expect(stderr).toMatch(/Its database (is damaged \(integrity_check: |cannot be read: )/);
    expect(fs.existsSync(target)).toBe(false);
  });

  it("leaves the uploads out when they are in an S3 bucket, and says so", async () => {
    const file = path.join(work, "without-uploads.tar.gz");
    const { code, stdout, stderr } = await run("backup", [file], {
      DATA_DIR: shopDir,
      S3_BUCKET: "lifebox-fotos",
    });
    expect(code, stderr).toBe(0);
    expect(stdout).toContain(
      'Uploads: not included. S3_BUCKET is set, so they are in the bucket "lifebox-fotos"',
    );
    const entries: string[] = [];
    await tar.list({ file, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries.filter((entry) => entry.startsWith("uploads"))).toEqual([]);
    expect(entries).toContain("lifebox.sqlite");
    expect(entries).toContain("captcha-secret");

    const target = path.join(work, "restored-without-uploads");
    const restore = await run("restore", [file], { DATA_DIR: target });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(
      'Uploads were in the S3 bucket "lifebox-fotos" and are not in this backup.',
    );
  });
});

describe("wrong arguments and settings", () => {
  it.each([
    ["backup", []],
    ["backup", ["one.tar.gz", "two.tar.gz"]],
    ["backup", ["--force", "shop.tar.gz"]],
    ["restore", []],
    ["restore", ["shop.tar.gz", "--yes"]],
  ] as const)("%s %j prints the usage and exits 2", async (script, args) => {
    const { code, stderr } = await run(script, [...args], { DATA_DIR: shopDir });
    expect(code).toBe(2);
    expect(stderr).toContain(`Usage: npm run ${script} -- FILE`);
  });

  it("says what to do on PostgreSQL instead, and where a backup or a database is missing", async () => {
    const postgres = { DATA_DIR: shopDir, DATABASE_URL: "postgres://shop@db.example/lifebox" };
    const backup = await run("backup", [path.join(work, "pg.tar.gz")], postgres);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain('pg_dump -Fc "$DATABASE_URL" > shop.dump');
    const restore = await run("restore", [archive], postgres);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain("pg_restore --clean --no-owner");

    const noDatabase = await run("backup", [path.join(work, "none.tar.gz")], {
      DATA_DIR: path.join(work, "nothing"),
    });
    expect(noDatabase.code).toBe(1);
    expect(noDatabase.stderr).toContain(`No database at ${path.join(work, "nothing", "lifebox.sqlite")}`);
    const noFolder = await run("backup", [path.join(work, "missing", "shop.tar.gz")], { DATA_DIR: shopDir });
    expect(noFolder.code).toBe(1);
    expect(noFolder.stderr).toContain(`The folder ${path.join(work, "missing")} does not exist.`);
    const noArchive = await run("restore", [path.join(work, "absent.tar.gz")], {
      DATA_DIR: path.join(work, "x"),
    });
    expect(noArchive.code).toBe(1);
    expect(noArchive.stderr).toContain(`No backup file at ${path.join(work, "absent.tar.gz")}`);
    for (const name of ["pg.tar.gz", "none.tar.gz", "nothing", "missing", "x"]) {
      expect(fs.existsSync(path.join(work, name)), name).toBe(false);
    }
  });
});

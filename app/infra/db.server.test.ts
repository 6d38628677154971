import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { inTransaction, migrateToLatest, migrationProvider, openDatabase } from "~/infra/db.server";
import { createTestDatabase, postgresUrl, useMigratedDatabase } from "../../tests/support/databases";

// PostgreSQL only (tests/support/databases.ts prints why when it is not run).
describe.skipIf(!postgresUrl)("the PostgreSQL pool", () => {
  const database = useMigratedDatabase("postgres");

  it("survives the server closing its idle connections, and connects again", async () => {
    const { db } = database();
    await sql`select 1`.execute(db);
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [rows[0]!.name],
      );
    } finally {
      await admin.end();
    }
    // The pool hears of it on the idle connection; an unheard error would fail the run here.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(after.rows).toEqual([{ one: 1 }]);
  });
});

// Two servers starting at the same moment on a new database (docs/decisions/046): Kysely's
// Migrator runs the migrations under a PostgreSQL advisory lock (PostgresAdapter.acquireMigrationLock,
// pg_advisory_lock), and reads which ones have run only once it holds the lock.
describe.skipIf(!postgresUrl)("migrations started by two servers at once on PostgreSQL", () => {
  it("apply every migration once: one server runs them, the other finds them done", async () => {
    const database = await createTestDatabase("postgres");
    // The second server's own pool to the same, empty database.
    const other = database.openAnother();
    try {
      const [first, second] = await Promise.all([migrateToLatest(database.db), migrateToLatest(other.db)]);
      const available = Object.keys(await migrationProvider.getMigrations()).sort();
      expect([first, second].sort((a, b) => b.length - a.length)).toEqual([available, []]);
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        database.db,
      );
      expect(rows.map((row) => row.name)).toEqual(available);
    } finally {
      await other.db.destroy();
      await database.drop();
    }
  });
});

/**
 * better-sqlite3 built against the headers of Node 24.19 to 24.21 aborts the process when a garbage
 * collection started from optimised JavaScript frees one of its statements (nodejs/node#65446);
 * Kysely prepares a statement per query, so a server would die at a random moment. `.ci/run` builds
 * it for Node 24 against older headers (decision 045); this catches a build that is not.
 */
describe("better-sqlite3's native build", () => {
  it("survives statements freed by the garbage collector while hot code allocates", () => {
    // A hot loop allocating small objects makes the optimised code start the collections.
    const script = [
      'const Database = require("better-sqlite3");',
      'const db = new Database(":memory:");',
      "let junk;",
      "for (let i = 0; i < 100000; i++) {",
      '  db.prepare("select 1");',
      "  for (let j = 0; j < 50; j++) junk = { i, j };",
      "}",
      'console.log("done", junk.i);',
    ].join("\n");
    const result = spawnSync(process.execPath, ["-e", script], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.stderr).not.toContain("Assertion failed");
    expect({ status: result.status, signal: result.signal, stdout: result.stdout.trim() }).toEqual({
      status: 0,
      signal: null,
      stdout: "done 99999",
    });
  });
});

describe("SQLite transactions", () => {
  it("hold the write lock from their start, so another process's write cannot fail one half-way", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-db-test-"));
    const { db } = openDatabase({ dataDir });
    // Another process's connection (admin:create, a test seeding data), without a busy timeout.
    const other = new Database(path.join(dataDir, "lifebox.sqlite"), { timeout: 0 });
    try {
      await sql`create table counter (n integer not null)`.execute(db);
      await sql`insert into counter (n) values (0)`.execute(db);
      let otherWrite = "";
      await inTransaction(db, async (trx) => {
        const { rows } = await sql<{ n: number }>`select n from counter`.execute(trx);
        try {
          other.prepare("update counter set n = 100").run();
          otherWrite = "written";
        } catch (error) {
          otherWrite = (error as { code?: string }).code ?? String(error);
        }
        // With a plain BEGIN the other write went through and this one fails with SQLITE_BUSY.
        await sql`update counter set n = ${rows[0]!.n + 1}`.execute(trx);
      });
      expect(otherWrite).toBe("SQLITE_BUSY");
      const { rows } = await sql<{ n: number }>`select n from counter`.execute(db);
      expect(rows).toEqual([{ n: 1 }]);
    } finally {
      other.close();
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

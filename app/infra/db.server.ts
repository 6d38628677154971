import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CamelCasePlugin,
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type SqliteDialectConfig,
  type Migration,
  type MigrationProvider,
} from "kysely";
import pg from "pg";
import type { Database } from "~/infra/db-schema";
import { logger } from "~/infra/logger.server";

export type Db = Kysely<Database>;
export type Dialect = "sqlite" | "postgres";

export interface DbHandle {
  db: Db;
  dialect: Dialect;
}

/** Runs `body` in a transaction, or inside the caller's when `db` already is one. */
export async function inTransaction<T>(db: Db, body: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? body(db) : db.transaction().execute(body);
}

/** Which database a Kysely instance (or a transaction of it) talks to. */
export function dialectOf(db: Db): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/**
 * SQLite transactions begin with BEGIN IMMEDIATE, which takes the write lock at once, waiting for
 * it up to busy_timeout (decision 050). Kysely's driver sends a plain BEGIN, which takes the lock
 * only at the first write: if another process (admin:create, a test seeding data) committed since
 * the transaction's first read, SQLite fails that write at once with SQLITE_BUSY, whatever the
 * busy_timeout, and the request that ran it would answer 500.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

/** Kysely's SQLite dialect with the driver above. */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver() {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** snake_case in the database, camelCase in the code; migrations run without the plugin. */
function createKysely(dialect: PostgresDialect | SqliteDialect): Db {
  return new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin()] });
}

/**
 * PostgreSQL when `databaseUrl` is set, otherwise `dataDir/lifebox.sqlite` on one connection in WAL
 * mode with `synchronous = NORMAL`: one writer, and SQLite checkpoints the log itself (decision 025).
 */
export function openDatabase({ databaseUrl, dataDir }: { databaseUrl?: string; dataDir: string }): DbHandle {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle connection the server closes (a restart, an administrator) is dropped and replaced by
    // the pool; without a listener its error would be thrown and stop the process.
    pool.on("error", (error) => logger.warn({ err: error }, "An idle PostgreSQL connection was closed"));
    return { db: createKysely(new PostgresDialect({ pool })), dialect: "postgres" };
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const file = new SQLite(path.join(dataDir, "lifebox.sqlite"));
  file.pragma("journal_mode = WAL");
  file.pragma("synchronous = NORMAL");
  file.pragma("foreign_keys = ON");
  file.pragma("busy_timeout = 5000");
  return { db: createKysely(new ImmediateSqliteDialect({ database: file })), dialect: "sqlite" };
}

/** db/migrations, bundled at build time (the production build carries them); one set for both engines. */
const migrationModules = import.meta.glob<Migration>("../../db/migrations/*.ts", { eager: true });

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return Object.fromEntries(
      Object.entries(migrationModules).map(([file, migration]) => [path.basename(file, ".ts"), migration]),
    );
  },
};

/** Brings the schema to the newest migration; throws if one fails (nothing half-applied stays). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.withoutPlugins(), provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? [])
    .filter((result) => result.status === "Success")
    .map((result) => result.migrationName);
}

// Kept on globalThis so that development hot reloads of this module keep the open connection.
const holder = globalThis as typeof globalThis & { __lifeboxDb?: DbHandle };

/** The process-wide database, opened by the server at start-up (server/app.ts). */
export function getDb(): Db {
  if (!holder.__lifeboxDb) throw new Error("The database is not open: call setDatabase() at start-up");
  return holder.__lifeboxDb.db;
}

export function setDatabase(next: DbHandle) {
  holder.__lifeboxDb = next;
}

export async function closeDatabase() {
  const closing = holder.__lifeboxDb;
  holder.__lifeboxDb = undefined;
  await closing?.db.destroy();
}

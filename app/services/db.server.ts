import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  type Insertable,
  type Migration,
  type SqliteDatabase,
  type MigrationProvider,
} from "kysely";
import pg from "pg";
import type { Database } from "~/services/db-schema";
import { logger } from "~/services/logger.server";

export type Db = Kysely<Database>;
export type Dialect = "sqlite" | "postgres";

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** The embedded database's connection (SQLite only), for its file-level settings. */
  sqlite?: SQLite.Database;
}

/** Which database a Kysely instance (or a transaction of it) talks to. */
export function dialectOf(db: Db): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/**
 * Opens the database: PostgreSQL when `databaseUrl` is a postgres URL, otherwise the embedded SQLite
 * file `lifebox.sqlite` in `dataDir` (created if missing, WAL mode).
 */
export function openDatabase({ databaseUrl, dataDir }: { databaseUrl?: string; dataDir: string }): DbHandle {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle connection the server closes (a restart, an administrator) is dropped and replaced by
    // the pool; without a listener its error would be thrown and stop the process.
    pool.on("error", (error) => logger.warn({ err: error }, "An idle PostgreSQL connection was closed"));
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: "postgres" };
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const file = new SQLite(path.join(dataDir, "lifebox.sqlite"));
  file.pragma("journal_mode = WAL");
  file.pragma("synchronous = NORMAL");
  file.pragma("foreign_keys = ON");
  file.pragma("busy_timeout = 5000");
  file.pragma("cache_size = -65536");
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) }),
    dialect: "sqlite",
    sqlite: file,
  };
}

/** How many compiled SQLite statements are kept (the app issues far fewer distinct ones). */
const statementCacheSize = 500;

/**
 * Kysely asks better-sqlite3 to compile every query anew, even BEGIN and COMMIT; compiling costs
 * more than running most of our statements. The distinct SQL texts are few (values are bound
 * parameters), so compiled statements are kept and reused, least recently used first out. Kysely
 * runs one query at a time on the connection, so a statement is never used twice at once.
 *
 * Kysely's transactions start with a plain BEGIN, which takes the write lock only at the first write.
 * With a second connection writing (the submission writer thread, docs/decisions/022), a
 * transaction that read first could then fail at once with SQLITE_BUSY (its snapshot is stale; the
 * busy timeout does not apply). BEGIN IMMEDIATE takes the lock up front, waiting for it if needed.
 */
function withStatementCache(file: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = file.prepare(sql === "begin" ? "begin immediate" : sql);
        if (statements.size >= statementCacheSize) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

/**
 * The numbered migrations in db/migrations, bundled at build time (no file-system lookup at run
 * time, so the production build carries them). One set for SQLite and PostgreSQL alike.
 */
const migrationModules = import.meta.glob<Migration>("../../db/migrations/*.ts", { eager: true });

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return Object.fromEntries(
      Object.entries(migrationModules).map(([file, migration]) => [path.basename(file, ".ts"), migration]),
    );
  },
};

export class MigrationError extends Error {
  override name = "MigrationError";
}

/** Brings the schema to the newest migration; throws if one fails (nothing half-applied stays). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === "Error")?.migrationName ?? "unknown";
    throw new MigrationError(
      `Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
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

// --- inserts compiled once ----------------------------------------------------------------------

/** Compiled INSERT statements by dialect and shape (table, columns, conflict target). */
const compiledInserts: Record<Dialect, Map<string, string | null>> = {
  sqlite: new Map(),
  postgres: new Map(),
};

/**
 * Inserts one row (optionally doing nothing when `ignoreConflictOn` is taken) and returns how many
 * rows were inserted. The statement is built by Kysely the first time a table is given a row of the
 * same columns; after that only its parameters change, so the hot paths (an order and its e-mails)
 * do not build and compile the same INSERT again for every submission (docs/decisions/022). A
 * statement whose parameters are not exactly the row's values, in column order, is never reused.
 */
export async function insertRow<T extends keyof Database & string>(
  db: Db,
  table: T,
  row: Insertable<Database[T]>,
  { ignoreConflictOn }: { ignoreConflictOn?: keyof Database[T] & string } = {},
): Promise<bigint> {
  const values = row as Record<string, unknown>;
  const columns = Object.keys(values).filter((column) => values[column] !== undefined);
  const parameters = columns.map((column) => values[column]);
  const build = () => {
    const insert = db.insertInto(table).values(row);
    return ignoreConflictOn
      ? insert.onConflict((conflict) => conflict.column(ignoreConflictOn as never).doNothing())
      : insert;
  };
  const cache = compiledInserts[dialectOf(db)];
  const key = `${table}(${columns.join(",")})${ignoreConflictOn ?? ""}`;
  let statement = cache.get(key);
  if (statement === undefined) {
    const compiled = build().compile();
    const reusable =
      compiled.parameters.length === parameters.length &&
      compiled.parameters.every((parameter, index) => parameter === parameters[index]);
    statement = reusable ? compiled.sql : null;
    cache.set(key, statement);
  }
  if (statement === null) return (await build().executeTakeFirst()).numInsertedOrUpdatedRows ?? 0n;
  return (await db.executeQuery(CompiledQuery.raw(statement, parameters))).numAffectedRows ?? 0n;
}

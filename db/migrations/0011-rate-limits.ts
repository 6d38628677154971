import { sql, type Kysely } from "kysely";

/**
 * The request rate limits' counters (issue 14; docs/decisions/046-several-servers.md), so that
 * several servers on one database count together: one row per limiter and client key (e.g.
 * "form:contacto:203.0.113.7"), the hits counted in its current window and when that window ends.
 * app/models/rate-limits.server.ts counts with one upsert per request; the hourly clean-up deletes
 * the rows whose window has ended (the index on reset_at).
 */

function maxLength(name: string, max: number) {
  return sql`length(${sql.ref(name)}) <= ${sql.lit(max)}`;
}

async function atomically(db: Kysely<unknown>, body: (db: Kysely<unknown>) => Promise<void>) {
  if (db.isTransaction) await body(db);
  else await db.transaction().execute(body);
}

export async function up(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    await db.schema
      .createTable("rate_limit_hits")
      .addColumn("key", "varchar(200)", (column) => column.primaryKey().check(maxLength("key", 200)))
      .addColumn("hits", "integer", (column) => column.notNull())
      // An ISO-8601 UTC time, as every time of the schema (docs/decisions/003).
      .addColumn("reset_at", "varchar(32)", (column) => column.notNull().check(maxLength("reset_at", 32)))
      .execute();
    await db.schema
      .createIndex("rate_limit_hits_reset_at_index")
      .on("rate_limit_hits")
      .column("reset_at")
      .execute();
  });
}

export async function down(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    await db.schema.dropTable("rate_limit_hits").execute();
  });
}

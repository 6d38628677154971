import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * What the admin lists need to stay fast at a million rows (issue 4, docs/product.md#d18;
 * docs/decisions/017-admin-lists.md, app/models/admin-lists/engine.server.ts):
 *
 * - Sorting: an index per sortable column, ending with the id (the tie-breaker), so a page in any
 *   order is read from an index. The single-column created_at and status indexes of 0002 become
 *   the leading part of wider ones (dropped and replaced: they served nothing the new ones don't).
 * - Searching, case- and accent-insensitive substrings of the searched columns:
 *   - SQLite: an FTS5 table with the trigram tokenizer (remove_diacritics, SQLite ≥ 3.45; the
 *     better-sqlite3 build bundles a newer one) per list, an external-content index over the
 *     table's own rows (no copy of the text), kept up to date by triggers on insert, delete and
 *     update of the searched columns (so an anonymised order is found by its new values only,
 *     and secure-delete drops the old ones from the index), and filled from the existing rows
 *     here ("rebuild"). The index refers to rows by rowid: a later migration that rebuilds one of
 *     these tables must recreate its triggers and rebuild its index.
 *   - PostgreSQL: a GIN index with pg_trgm over the folded text of the searched columns. pg_trgm is a
 *     contrib extension (trusted since PostgreSQL 13: a database owner may create it). When it cannot
 *     be created, the migration still succeeds, without these indexes: searches then give the same
 *     results by scanning the table (slower on big tables). Creating the extension later and
 *     running this migration's index statements by hand adds them.
 *
 * The searched columns and the folding expression are written out here rather than imported: a
 * migration is a snapshot. They must equal the list definitions
 * (app/models/admin-lists/definitions.server.ts); the tests of those definitions check that they
 * do (FTS columns, PostgreSQL plan).
 */

interface Searched {
  table: string;
  /** The FTS5 table (SQLite) / the GIN index (PostgreSQL). */
  index: string;
  columns: string[];
}

const searched: Searched[] = [
  {
    table: "orders",
    index: "orders_search",
    columns: ["number", "kit_name", "customer_name", "email", "phone", "rut"],
  },
  {
    table: "quotes",
    index: "quotes_search",
    columns: ["product_name", "full_name", "company", "email", "phone", "city"],
  },
  { table: "contact_messages", index: "contact_messages_search", columns: ["name", "email", "subject"] },
  { table: "subscribers", index: "subscribers_search", columns: ["email"] },
];

/** [index name, table, columns] of the sort indexes. */
const sortIndexes: Array<[string, string, string[]]> = [
  ["orders_created_at_id_index", "orders", ["created_at", "id"]],
  ["orders_status_created_at_id_index", "orders", ["status", "created_at", "id"]],
  ["orders_customer_name_id_index", "orders", ["customer_name", "id"]],
  ["orders_kit_name_id_index", "orders", ["kit_name", "id"]],
  ["orders_total_id_index", "orders", ["total", "id"]],
  ["quotes_created_at_id_index", "quotes", ["created_at", "id"]],
  ["quotes_full_name_id_index", "quotes", ["full_name", "id"]],
  ["quotes_company_id_index", "quotes", ["company", "id"]],
  ["contact_messages_created_at_id_index", "contact_messages", ["created_at", "id"]],
  ["contact_messages_name_id_index", "contact_messages", ["name", "id"]],
  ["subscribers_created_at_id_index", "subscribers", ["created_at", "id"]],
];

/** The 0002 indexes the wider ones replace: [name, table, column]. */
const replacedIndexes: Array<[string, string, string]> = [
  ["orders_created_at_index", "orders", "created_at"],
  ["orders_status_index", "orders", "status"],
  ["quotes_created_at_index", "quotes", "created_at"],
  ["contact_messages_created_at_index", "contact_messages", "created_at"],
];

/** Latin-1 letters with diacritics, and the plain lower-case letter each folds to. */
const accentedLetters = "ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿ";
const plainLetters = "aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyy";

/** PostgreSQL: the folded, lower-case text of the columns, as the list queries write it. */
function foldedText(columns: string[]) {
  const joined = sql.join(
    columns.map((column) => sql`coalesce(${sql.ref(column)}, '')`),
    sql` || ' ' || `,
  );
  return sql`translate(lower(${joined}), ${sql.lit(accentedLetters)}, ${sql.lit(plainLetters)})`;
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Same as in 0002: SQLite DDL needs its own transaction for all-or-nothing. */
async function atomically(db: Kysely<unknown>, body: (db: Kysely<unknown>) => Promise<void>) {
  if (db.isTransaction) await body(db);
  else await db.transaction().execute(body);
}

async function createSqliteSearch(db: Kysely<unknown>, { table, index, columns }: Searched) {
  const fts = sql.table(index);
  const names = sql.join(columns.map((column) => sql.ref(column)));
  const values = (row: "new" | "old") => sql.join(columns.map((column) => sql.ref(`${row}.${column}`)));
  await sql`create virtual table ${fts} using fts5(${names}, content=${sql.lit(table)},
    tokenize='trigram remove_diacritics 1', columnsize=0)`.execute(db);
  await sql`create trigger ${sql.id(`${index}_after_insert`)} after insert on ${sql.table(table)} begin
    insert into ${fts}(rowid, ${names}) values (new.rowid, ${values("new")});
  end`.execute(db);
  await sql`create trigger ${sql.id(`${index}_after_delete`)} after delete on ${sql.table(table)} begin
    insert into ${fts}(${fts}, rowid, ${names}) values ('delete', old.rowid, ${values("old")});
  end`.execute(db);
  await sql`create trigger ${sql.id(`${index}_after_update`)} after update of ${names}
    on ${sql.table(table)} begin
    insert into ${fts}(${fts}, rowid, ${names}) values ('delete', old.rowid, ${values("old")});
    insert into ${fts}(rowid, ${names}) values (new.rowid, ${values("new")});
  end`.execute(db);
  // Erasing personal data (Ley 21.719, docs/decisions/020) must not leave it in the index: with
  // secure-delete, FTS5 removes a deleted or changed row's entries from the index at once
  // instead of marking them deleted until some later merge (SQLite ≥ 3.42).
  await sql`insert into ${fts}(${fts}, rank) values ('secure-delete', 1)`.execute(db);
  await sql`insert into ${fts}(${fts}) values ('rebuild')`.execute(db);
}

async function dropSqliteSearch(db: Kysely<unknown>, { index }: Searched) {
  for (const event of ["insert", "delete", "update"]) {
    await sql`drop trigger if exists ${sql.id(`${index}_after_${event}`)}`.execute(db);
  }
  await sql`drop table if exists ${sql.table(index)}`.execute(db);
}

/** Creates pg_trgm if this role may; true when it is there. */
async function ensurePgTrgm(db: Kysely<unknown>): Promise<boolean> {
  // The exception block runs as a subtransaction: a refusal (no rights, extension not installed on
  // the server) is caught without aborting the migration's transaction.
  await sql`do $$
    begin
      create extension if not exists pg_trgm;
    exception when others then
      raise notice 'pg_trgm is not available (%): admin searches will scan their tables', sqlerrm;
    end
  $$`.execute(db);
  const { rows } = await sql<{ present: boolean }>`select exists (
    select 1 from pg_extension where extname = 'pg_trgm') as present`.execute(db);
  return rows[0]?.present === true;
}

export async function up(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    for (const [name] of replacedIndexes) await db.schema.dropIndex(name).execute();
    for (const [name, table, columns] of sortIndexes) {
      await db.schema.createIndex(name).on(table).columns(columns).execute();
    }
    if (isPostgres(db)) {
      if (await ensurePgTrgm(db)) {
        for (const { table, index, columns } of searched) {
          await sql`create index ${sql.id(`${index}_index`)} on ${sql.table(table)}
            using gin ((${foldedText(columns)}) gin_trgm_ops)`.execute(db);
        }
      }
    } else {
      for (const search of searched) await createSqliteSearch(db, search);
    }
  });
}

export async function down(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    if (isPostgres(db)) {
      // The extension stays: other objects may use it, and dropping it needs its owner.
      for (const { index } of searched) await db.schema.dropIndex(`${index}_index`).ifExists().execute();
    } else {
      for (const search of searched) await dropSqliteSearch(db, search);
    }
    for (const [name] of sortIndexes) await db.schema.dropIndex(name).execute();
    for (const [name, table, column] of replacedIndexes) {
      await db.schema.createIndex(name).on(table).column(column).execute();
    }
  });
}

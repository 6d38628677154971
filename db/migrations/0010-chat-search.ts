import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * The admin list of chat conversations (issue 13; docs/product.md#spec-2 "Chatbot"; docs/decisions/039): its
 * search finds a session by its id, its visitor's id or any word of any of its messages.
 *
 * - chat_sessions.search_text: every message of the session, one per line, in the order sent,
 *   folded as the list's search folds what staff type (lower case, no diacritics), so PostgreSQL
 *   compares it as it is (translate(lower(…)) over kilobytes of text cost ~0.5 ms a row). The chat
 *   model appends each exchange's question and answer in the same update that counts them
 *   (app/models/chat.server.ts, recordChatExchange), so it never falls behind its messages; it is
 *   filled here from the messages stored before this migration.
 * - The search index over (id, visitor_id, search_text), as migration 0005 builds one per list:
 *   SQLite, an external-content FTS5 trigram table kept in step by triggers (secure-delete off, below);
 *   PostgreSQL, a GIN pg_trgm index over the columns joined as they are (skipped, with a notice, when
 *   pg_trgm cannot be created: searches then scan the table).
 * - An index (message_count, id) for sorting by "Mensajes" (the date's, (started_at, id), is 0008's),
 *   and a partial one (started_at, id) of the sessions with unanswered questions, for that filter.
 *
 * Written out rather than imported, as in 0005: a migration is a snapshot. The searched columns,
 * the folding (app/lib/search-text.ts) and the index expression must equal the list definition
 * (app/models/admin-lists/definitions.server.ts); its tests check that they do.
 */

const table = "chat_sessions";
const index = "chat_sessions_search";
const columns = ["id", "visitor_id", "search_text"];

/** Lower case, without diacritics ("ÑUÑOA" → "nunoa"): app/lib/search-text.ts when this was written. */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** Fills search_text from the messages stored before this migration, 500 sessions at a time. */
async function fillSearchText(db: Kysely<unknown>) {
  let after = "";
  for (;;) {
    const { rows: sessions } = await sql<{ id: string }>`select id from chat_sessions
      where id > ${after} order by id limit 500`.execute(db);
    if (sessions.length === 0) return;
    const ids = sessions.map((session) => session.id);
    const { rows: messages } = await sql<{ session_id: string; content: string }>`select session_id, content
      from chat_messages where session_id in (${sql.join(ids)}) order by session_id, seq`.execute(db);
    const lines = new Map<string, string[]>();
    for (const message of messages) {
      const list = lines.get(message.session_id) ?? [];
      list.push(message.content);
      lines.set(message.session_id, list);
    }
    for (const [id, contents] of lines) {
      await sql`update chat_sessions set search_text = ${fold(contents.join("\n"))} where id = ${id}`.execute(
        db,
      );
    }
    after = ids.at(-1)!;
  }
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

async function atomically(db: Kysely<unknown>, body: (db: Kysely<unknown>) => Promise<void>) {
  if (db.isTransaction) await body(db);
  else await db.transaction().execute(body);
}

/** Creates pg_trgm if this role may (0005 normally did); true when it is there. */
async function ensurePgTrgm(db: Kysely<unknown>): Promise<boolean> {
  await sql`do $$
    begin
      create extension if not exists pg_trgm;
    exception when others then
      raise notice 'pg_trgm is not available (%): the chat search will scan its table', sqlerrm;
    end
  $$`.execute(db);
  const { rows } = await sql<{ present: boolean }>`select exists (
    select 1 from pg_extension where extname = 'pg_trgm') as present`.execute(db);
  return rows[0]?.present === true;
}

async function createSqliteSearch(db: Kysely<unknown>) {
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
  // Unlike 0005's indexes, without secure-delete: every exchange rewrites its session's row, and with
  // secure-delete each rewrite removes the old text's entries from the whole index at once — 50 to
  // 160 ms per message at 50,000 conversations, against 3 to 20 ms without (docs/decisions/039). The
  // text only ever grows, so a rewrite leaves nothing in the index that the row no longer holds.
  await sql`insert into ${fts}(${fts}) values ('rebuild')`.execute(db);
}

export async function up(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    await db.schema
      .alterTable(table)
      .addColumn("search_text", "text", (column) => column.notNull().defaultTo(""))
      .execute();
    await fillSearchText(db);
    await db.schema
      .createIndex("chat_sessions_message_count_id_index")
      .on(table)
      .columns(["message_count", "id"])
      .execute();
    // The filter "Con preguntas sin responder", newest first: counted and paged from this index.
    await db.schema
      .createIndex("chat_sessions_unanswered_started_at_id_index")
      .on(table)
      .columns(["started_at", "id"])
      .where(sql.ref("unanswered_count"), ">", 0)
      .execute();
    if (isPostgres(db)) {
      if (await ensurePgTrgm(db)) {
        const joinedColumns = sql.join(
          columns.map((column) => sql`coalesce(${sql.ref(column)}, '')`),
          sql` || ' ' || `,
        );
        await sql`create index ${sql.id(`${index}_index`)} on ${sql.table(table)}
          using gin ((${joinedColumns}) gin_trgm_ops)`.execute(db);
      }
    } else {
      await createSqliteSearch(db);
    }
  });
}

export async function down(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    if (isPostgres(db)) {
      await db.schema.dropIndex(`${index}_index`).ifExists().execute();
    } else {
      for (const event of ["insert", "delete", "update"]) {
        await sql`drop trigger if exists ${sql.id(`${index}_after_${event}`)}`.execute(db);
      }
      await sql`drop table if exists ${sql.table(index)}`.execute(db);
    }
    await db.schema.dropIndex("chat_sessions_unanswered_started_at_id_index").execute();
    await db.schema.dropIndex("chat_sessions_message_count_id_index").execute();
    await db.schema.alterTable(table).dropColumn("search_text").execute();
  });
}

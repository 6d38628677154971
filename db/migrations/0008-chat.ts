import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";

/**
 * The chatbot's conversations (issue 13; docs/product.md#d17): a session per visitor conversation, with
 * the visitor's id (a random id in a cookie) and IP, and every message as it is sent.
 *
 * - chat_sessions: `last_message_at` decides the 30-minute end (D17) and finds the visitor's open
 *   session; `ended_at` is set when the visitor closes the chat or, once the 30 minutes are over,
 *   to the last message's time plus 30 minutes. `message_count` numbers the messages (each
 *   exchange takes the next two numbers in one atomic update) and is the admin list's "Mensajes";
 *   `unanswered_count` counts the bot's answers that said it did not know.
 * - chat_messages: `seq` orders a session's messages (unique per session); `topic` is the topic the
 *   bot answered with, null on a bot message when it did not know (what staff read to improve the
 *   FAQ) and on every visitor message.
 *
 * Lists written out as in 0002: a migration is a snapshot.
 */

function maxLength(name: string, max: number) {
  return sql`length(${sql.ref(name)}) <= ${sql.lit(max)}`;
}

/** A required ISO time (as in 0002). */
function time(name: string) {
  return (column: ColumnDefinitionBuilder) => column.notNull().check(maxLength(name, 32));
}

async function atomically(db: Kysely<unknown>, body: (db: Kysely<unknown>) => Promise<void>) {
  if (db.isTransaction) await body(db);
  else await db.transaction().execute(body);
}

export async function up(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    await db.schema
      .createTable("chat_sessions")
      .addColumn("id", "varchar(36)", (column) => column.primaryKey())
      .addColumn("visitor_id", "varchar(36)", (column) => column.notNull().check(maxLength("visitor_id", 36)))
      .addColumn("visitor_ip", "varchar(64)", (column) => column.notNull().check(maxLength("visitor_ip", 64)))
      .addColumn("started_at", "varchar(32)", time("started_at"))
      .addColumn("last_message_at", "varchar(32)", time("last_message_at"))
      .addColumn("ended_at", "varchar(32)", (column) => column.check(maxLength("ended_at", 32)))
      .addColumn("message_count", "integer", (column) =>
        column
          .notNull()
          .defaultTo(0)
          .check(sql`message_count >= 0`),
      )
      .addColumn("unanswered_count", "integer", (column) =>
        column
          .notNull()
          .defaultTo(0)
          .check(sql`unanswered_count >= 0`),
      )
      .execute();
    await db.schema
      .createIndex("chat_sessions_visitor_index")
      .on("chat_sessions")
      .columns(["visitor_id", "last_message_at"])
      .execute();
    await db.schema
      .createIndex("chat_sessions_started_at_id_index")
      .on("chat_sessions")
      .columns(["started_at", "id"])
      .execute();

    await db.schema
      .createTable("chat_messages")
      .addColumn("id", "varchar(36)", (column) => column.primaryKey())
      .addColumn("session_id", "varchar(36)", (column) =>
        column.notNull().references("chat_sessions.id").onDelete("cascade"),
      )
      .addColumn("seq", "integer", (column) => column.notNull().check(sql`seq >= 1`))
      .addColumn("role", "varchar(8)", (column) => column.notNull().check(sql`role in ('user', 'bot')`))
      .addColumn("content", "text", (column) => column.notNull().check(maxLength("content", 2000)))
      .addColumn("topic", "varchar(64)", (column) => column.check(maxLength("topic", 64)))
      .addColumn("created_at", "varchar(32)", time("created_at"))
      .addUniqueConstraint("chat_messages_session_seq_unique", ["session_id", "seq"])
      .execute();
    await db.schema
      .createIndex("chat_messages_created_at_index")
      .on("chat_messages")
      .column("created_at")
      .execute();
  });
}

export async function down(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    await db.schema.dropTable("chat_messages").execute();
    await db.schema.dropTable("chat_sessions").execute();
  });
}

import { sql, type Kysely } from "kysely";

/**
 * What the chatbot failed at, for staff (issue 26; docs/decisions/078-chatbot-panel-feedback.md):
 *
 * - chat_messages.feedback: the visitor's "¿Te sirvió?" on a bot answer, 'yes' or 'no'; null until
 *   they answer (and on every visitor message, and on the messages stored before this migration).
 * - chat_messages.low_confidence: 1 on a bot answer the engine gave with a score under its
 *   confident score (chatbotConfidentScore when written), 0 otherwise. The messages stored before
 *   this migration kept no score: they are 0.
 * - chat_sessions.failed_count: the session's failed answers — said it did not know (topic null),
 *   low confidence, or marked "No me sirvió" — each answer counted once; the admin list's "Sin
 *   resolver" column and filter. Filled here from unanswered_count (the only failures known before).
 * - A partial index (started_at, id) of the sessions with a failed answer, for that filter, newest
 *   first (as 0010's for unanswered questions).
 *
 * Integers rather than booleans, as the chat tables' other flags and counts (0008).
 */

async function atomically(db: Kysely<unknown>, body: (db: Kysely<unknown>) => Promise<void>) {
  if (db.isTransaction) await body(db);
  else await db.transaction().execute(body);
}

export async function up(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    await db.schema
      .alterTable("chat_messages")
      .addColumn("feedback", "varchar(3)", (column) => column.check(sql`feedback in ('yes', 'no')`))
      .execute();
    await db.schema
      .alterTable("chat_messages")
      .addColumn("low_confidence", "integer", (column) =>
        column
          .notNull()
          .defaultTo(0)
          .check(sql`low_confidence in (0, 1)`),
      )
      .execute();
    await db.schema
      .alterTable("chat_sessions")
      .addColumn("failed_count", "integer", (column) =>
        column
          .notNull()
          .defaultTo(0)
          .check(sql`failed_count >= 0`),
      )
      .execute();
    await sql`update chat_sessions set failed_count = unanswered_count`.execute(db);
    await db.schema
      .createIndex("chat_sessions_failed_started_at_id_index")
      .on("chat_sessions")
      .columns(["started_at", "id"])
      .where(sql.ref("failed_count"), ">", 0)
      .execute();
  });
}

export async function down(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    await db.schema.dropIndex("chat_sessions_failed_started_at_id_index").execute();
    await db.schema.alterTable("chat_sessions").dropColumn("failed_count").execute();
    await db.schema.alterTable("chat_messages").dropColumn("low_confidence").execute();
    await db.schema.alterTable("chat_messages").dropColumn("feedback").execute();
  });
}

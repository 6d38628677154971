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
 * Integers rather than booleans, as the chat tables' other counts (0008).
 */

/** The steps up, in order; down undoes them in reverse. Plain SQL, the same on SQLite and PostgreSQL. */
const steps = [
  {
    up: sql`alter table chat_messages add column feedback varchar(3) check (feedback in ('yes', 'no'))`,
    down: sql`alter table chat_messages drop column feedback`,
  },
  {
    up: sql`alter table chat_messages add column low_confidence integer not null default 0
      check (low_confidence in (0, 1))`,
    down: sql`alter table chat_messages drop column low_confidence`,
  },
  {
    up: sql`alter table chat_sessions add column failed_count integer not null default 0
      check (failed_count >= 0)`,
    down: sql`alter table chat_sessions drop column failed_count`,
  },
  { up: sql`update chat_sessions set failed_count = unanswered_count`, down: undefined },
  {
    up: sql`create index chat_sessions_failed_started_at_id_index on chat_sessions (started_at, id)
      where failed_count > 0`,
    down: sql`drop index chat_sessions_failed_started_at_id_index`,
  },
];

/** Every step in one transaction: the migrator's own on PostgreSQL, one opened here on SQLite. */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!db.isTransaction) return db.transaction().execute(up);
  for (const step of steps) await step.up.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!db.isTransaction) return db.transaction().execute(down);
  for (const step of steps.toReversed()) await step.down?.execute(db);
}

import { sql, type Kysely } from "kysely";

/**
 * The address each chat message and each gallery like came from (issue 21; docs/decisions/053), so
 * that the bounds per address count what that address did, whatever session or cookie it names:
 *
 * - chat_messages.ip_network: the address that sent the exchange (both of its messages). The
 *   chatbot's bound on failed order look-ups counts the bot's answers sent to this address (or to
 *   this visitor) in the last hour; chat_sessions.visitor_ip is only the address that opened the
 *   session, and another address naming that session was not counted at all.
 * - gallery_likes.ip_network: the address that liked. A like is refused past a few per photo and
 *   address a day, or many per address in ten minutes (app/models/gallery.server.ts).
 *
 * Both hold the address as every rate limit of the server counts it (express-rate-limit's
 * ipKeyGenerator): an IPv4 address as it is, an IPv6 one as its /56 network (one customer's whole
 * allocation). Null on rows stored before this migration, except the chat messages of the last
 * hour of IPv4 sessions, which take their session's address (the only one known; an IPv6 one is not
 * a /56 network, so those stay null): the look-up bound looks back one hour, and starts full.
 * An index (ip_network, created_at) on each serves the counts.
 */

function maxLength(name: string, max: number) {
  return sql`length(${sql.ref(name)}) <= ${sql.lit(max)}`;
}

async function atomically(db: Kysely<unknown>, body: (db: Kysely<unknown>) => Promise<void>) {
  if (db.isTransaction) await body(db);
  else await db.transaction().execute(body);
}

/** How far back the chatbot's look-up bound counts (app/services/chat.server.ts when written). */
const lookupWindowMs = 60 * 60_000;

export async function up(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    for (const table of ["chat_messages", "gallery_likes"]) {
      await db.schema
        .alterTable(table)
        .addColumn("ip_network", "varchar(64)", (column) => column.check(maxLength("ip_network", 64)))
        .execute();
      await db.schema
        .createIndex(`${table}_ip_network_created_at_index`)
        .on(table)
        .columns(["ip_network", "created_at"])
        .execute();
    }
    const since = new Date(Date.now() - lookupWindowMs).toISOString();
    await sql`update chat_messages set ip_network = (
        select visitor_ip from chat_sessions where chat_sessions.id = chat_messages.session_id)
      where created_at >= ${since}
        and session_id in (select id from chat_sessions where visitor_ip not like '%:%')`.execute(db);
  });
}

export async function down(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    for (const table of ["gallery_likes", "chat_messages"]) {
      await db.schema.dropIndex(`${table}_ip_network_created_at_index`).execute();
      await db.schema.alterTable(table).dropColumn("ip_network").execute();
    }
  });
}

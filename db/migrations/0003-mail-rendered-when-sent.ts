import { sql, type Kysely } from "kysely";

/**
 * Notifications are written out when they are sent, not when they are queued
 * (docs/decisions/019-order-throughput.md): a queued message holds either its finished subject and
 * bodies (as before) or the data its template needs (`template_data`, JSON). The customer's request
 * then stores a few hundred bytes instead of two finished e-mails, and rendering leaves the request.
 *
 * Neither database lets a NOT NULL be dropped portably (SQLite cannot alter a column), so the
 * table is rebuilt: the new one is created, the rows copied, the old one dropped and the new one
 * renamed; its index is created again. Like 0002, the lists of values are written out here.
 */

const mailStatuses = ["pending", "sent", "failed"];

function oneOf(name: string, values: string[]) {
  return sql`${sql.ref(name)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}

function maxLength(name: string, max: number) {
  return sql`length(${sql.ref(name)}) <= ${sql.lit(max)}`;
}

const columns = [
  "id",
  "kind",
  "to_address",
  "subject",
  "text_body",
  "html_body",
  "status",
  "attempts",
  "last_error",
  "next_attempt_at",
  "created_at",
  "sent_at",
];

async function atomically(db: Kysely<unknown>, body: (db: Kysely<unknown>) => Promise<void>) {
  if (db.isTransaction) await body(db);
  else await db.transaction().execute(body);
}

async function createMailQueue(db: Kysely<unknown>, name: string, withTemplateData: boolean) {
  let table = db.schema
    .createTable(name)
    .addColumn("id", "varchar(36)", (column) => column.primaryKey())
    .addColumn("kind", "varchar(40)", (column) => column.notNull().check(maxLength("kind", 40)))
    .addColumn("to_address", "varchar(254)", (column) => column.notNull().check(maxLength("to_address", 254)))
    .addColumn("subject", "varchar(300)", (column) =>
      withTemplateData
        ? column.check(maxLength("subject", 300))
        : column.notNull().check(maxLength("subject", 300)),
    )
    .addColumn("text_body", "text", (column) => (withTemplateData ? column : column.notNull()))
    .addColumn("html_body", "text");
  if (withTemplateData) table = table.addColumn("template_data", "text");
  table = table
    .addColumn("status", "varchar(16)", (column) =>
      column.notNull().defaultTo("pending").check(oneOf("status", mailStatuses)),
    )
    .addColumn("attempts", "integer", (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`attempts >= 0`),
    )
    .addColumn("last_error", "text", (column) => column.check(maxLength("last_error", 2000)))
    .addColumn("next_attempt_at", "varchar(32)", (column) => column.notNull())
    .addColumn("created_at", "varchar(32)", (column) => column.notNull())
    .addColumn("sent_at", "varchar(32)");
  if (withTemplateData) {
    // Something to send: the template's data, or the finished subject and text.
    table = table.addCheckConstraint(
      `${name}_content_check`,
      sql`template_data is not null or (subject is not null and text_body is not null)`,
    );
  }
  await table.execute();
}

async function rebuild(db: Kysely<unknown>, withTemplateData: boolean, copied: string[]) {
  await createMailQueue(db, "mail_queue_rebuilt", withTemplateData);
  const list = sql.join(copied.map((column) => sql.ref(column)));
  await sql`insert into mail_queue_rebuilt (${list}) select ${list} from mail_queue`.execute(db);
  await db.schema.dropTable("mail_queue").execute();
  await db.schema.alterTable("mail_queue_rebuilt").renameTo("mail_queue").execute();
  await db.schema
    .createIndex("mail_queue_due_index")
    .on("mail_queue")
    .columns(["status", "next_attempt_at"])
    .execute();
}

export async function up(database: Kysely<unknown>): Promise<void> {
  await atomically(database, (db) => rebuild(db, true, columns));
}

export async function down(database: Kysely<unknown>): Promise<void> {
  // Messages that still hold only their template's data cannot go back: they are dropped.
  await atomically(database, async (db) => {
    await sql`delete from mail_queue where subject is null or text_body is null`.execute(db);
    await rebuild(db, false, columns);
  });
}

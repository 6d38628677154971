import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";

/**
 * What the public sends (docs/product.md#d6 to #d9, #d11, #d13 to #d15, #d19): orders with their status
 * history, quotation requests, contact messages, the newsletter consent time, used captcha challenges and the
 * outgoing mail queue.
 *
 * Portable on purpose (docs/decisions/003-database.md): UUID text keys made by the application,
 * ISO-8601 UTC text times, money as integer CLP, and no booleans at all (a "yes" is the time it
 * happened: terms_accepted_at, answered_at, sent_at). SQLite ignores varchar lengths and has no enum
 * type, so every text column also carries a CHECK on its length and every closed list of values a
 * CHECK on its members: both databases then refuse the same rows. The lists are written out here
 * rather than imported, because a migration is a snapshot and must not change when the code does.
 */

const orderStatuses = ["pendiente_pago", "pagado", "en_preparacion", "enviado", "entregado", "cancelado"];
const shippingKinds = ["free", "arranged"];
const mailStatuses = ["pending", "sent", "failed"];

type Column = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/** length(column) <= max, refused the same way on both databases (NULL passes). */
function maxLength(name: string, max: number) {
  return sql`length(${sql.ref(name)}) <= ${sql.lit(max)}`;
}

/** A required text column of at most `max` characters. */
function text(name: string, max: number): Column {
  return (column) => column.notNull().check(maxLength(name, max));
}

/** An optional text column of at most `max` characters. */
function optionalText(name: string, max: number): Column {
  return (column) => column.check(maxLength(name, max));
}

/** A required column holding one of `values`. */
function oneOf(name: string, values: string[]) {
  return sql`${sql.ref(name)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}

/** Required ISO-8601 UTC time, e.g. 2025-03-01T12:00:00.000Z. */
const time: Column = (column) => column.notNull();

/**
 * SQLite runs DDL inside transactions but Kysely's migrator does not open one for it (PostgreSQL
 * migrations already run in one), so this migration opens its own: a failure half-way leaves nothing.
 */
async function atomically(db: Kysely<unknown>, body: (db: Kysely<unknown>) => Promise<void>) {
  if (db.isTransaction) await body(db);
  else await db.transaction().execute(body);
}

export async function up(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    await db.schema
      .createTable("orders")
      .addColumn("id", "varchar(36)", (column) => column.primaryKey())
      .addColumn("number", "varchar(16)", (column) => column.notNull().unique())
      .addColumn("kit_id", "varchar(40)", text("kit_id", 40))
      .addColumn("kit_name", "varchar(120)", text("kit_name", 120))
      .addColumn("unit_price", "integer", (column) => column.notNull().check(sql`unit_price >= 0`))
      .addColumn("shipping_kind", "varchar(16)", (column) =>
        column.notNull().check(oneOf("shipping_kind", shippingKinds)),
      )
      .addColumn("total", "integer", (column) => column.notNull().check(sql`total >= 0`))
      .addColumn("status", "varchar(24)", (column) =>
        column.notNull().defaultTo("pendiente_pago").check(oneOf("status", orderStatuses)),
      )
      .addColumn("customer_name", "varchar(200)", text("customer_name", 200))
      .addColumn("email", "varchar(254)", text("email", 254))
      .addColumn("phone", "varchar(40)", text("phone", 40))
      .addColumn("region_cut", "varchar(8)", text("region_cut", 8))
      .addColumn("comuna_cut", "varchar(8)", text("comuna_cut", 8))
      .addColumn("address", "varchar(300)", text("address", 300))
      .addColumn("rut", "varchar(16)", optionalText("rut", 16))
      .addColumn("notes", "text", optionalText("notes", 2000))
      .addColumn("terms_accepted_at", "varchar(32)", time)
      .addColumn("created_at", "varchar(32)", time)
      .addColumn("updated_at", "varchar(32)", time)
      .execute();
    await db.schema.createIndex("orders_created_at_index").on("orders").column("created_at").execute();
    await db.schema.createIndex("orders_status_index").on("orders").column("status").execute();
    await db.schema.createIndex("orders_email_index").on("orders").column("email").execute();

    await db.schema
      .createTable("order_status_changes")
      .addColumn("id", "varchar(36)", (column) => column.primaryKey())
      .addColumn("order_id", "varchar(36)", (column) =>
        column.notNull().references("orders.id").onDelete("cascade"),
      )
      .addColumn("from_status", "varchar(24)", (column) => column.check(oneOf("from_status", orderStatuses)))
      .addColumn("to_status", "varchar(24)", (column) =>
        column.notNull().check(oneOf("to_status", orderStatuses)),
      )
      // The staff user's id; null when the system or the customer made the change. No foreign key
      // yet: the staff accounts arrive in a later migration, and history must outlive an account.
      .addColumn("changed_by", "varchar(36)", optionalText("changed_by", 36))
      .addColumn("changed_at", "varchar(32)", time)
      .execute();
    await db.schema
      .createIndex("order_status_changes_order_index")
      .on("order_status_changes")
      .columns(["order_id", "changed_at"])
      .execute();

    await db.schema
      .createTable("quotes")
      .addColumn("id", "varchar(36)", (column) => column.primaryKey())
      .addColumn("product_id", "varchar(40)", text("product_id", 40))
      .addColumn("product_name", "varchar(120)", text("product_name", 120))
      .addColumn("full_name", "varchar(200)", text("full_name", 200))
      .addColumn("email", "varchar(254)", text("email", 254))
      .addColumn("phone", "varchar(40)", text("phone", 40))
      .addColumn("company", "varchar(200)", text("company", 200))
      .addColumn("city", "varchar(120)", text("city", 120))
      .addColumn("additional_notes", "text", optionalText("additional_notes", 5000))
      .addColumn("created_at", "varchar(32)", time)
      .addColumn("answered_at", "varchar(32)")
      .execute();
    await db.schema.createIndex("quotes_created_at_index").on("quotes").column("created_at").execute();
    await db.schema.createIndex("quotes_email_index").on("quotes").column("email").execute();

    await db.schema
      .createTable("contact_messages")
      .addColumn("id", "varchar(36)", (column) => column.primaryKey())
      .addColumn("name", "varchar(200)", text("name", 200))
      .addColumn("email", "varchar(254)", text("email", 254))
      .addColumn("subject", "varchar(300)", text("subject", 300))
      .addColumn("message", "text", text("message", 10000))
      .addColumn("created_at", "varchar(32)", time)
      .addColumn("answered_at", "varchar(32)")
      .execute();
    await db.schema
      .createIndex("contact_messages_created_at_index")
      .on("contact_messages")
      .column("created_at")
      .execute();
    await db.schema
      .createIndex("contact_messages_email_index")
      .on("contact_messages")
      .column("email")
      .execute();

    // Consent for the newsletter (Ley 21.719, D14). Adding a NOT NULL column needs a constant default
    // on SQLite; the rows that exist are then given their own subscription time, which is when they
    // consented. The model always writes the column, so the constant is never used afterwards.
    await db.schema
      .alterTable("subscribers")
      .addColumn("consented_at", "varchar(32)", (column) =>
        column.notNull().defaultTo("1970-01-01T00:00:00.000Z"),
      )
      .execute();
    await sql`update subscribers set consented_at = created_at`.execute(db);

    // A captcha solution is accepted once (D13): the signature of each accepted challenge is kept
    // until the challenge would have expired anyway.
    await db.schema
      .createTable("used_captcha_challenges")
      .addColumn("signature", "varchar(128)", (column) =>
        column.primaryKey().check(maxLength("signature", 128)),
      )
      .addColumn("expires_at", "varchar(32)", time)
      .execute();
    await db.schema
      .createIndex("used_captcha_challenges_expires_at_index")
      .on("used_captcha_challenges")
      .column("expires_at")
      .execute();

    // Outgoing e-mail (D19): written in the same request as what it announces, sent by a worker with
    // retries, so nothing is silently dropped.
    await db.schema
      .createTable("mail_queue")
      .addColumn("id", "varchar(36)", (column) => column.primaryKey())
      .addColumn("kind", "varchar(40)", text("kind", 40))
      .addColumn("to_address", "varchar(254)", text("to_address", 254))
      .addColumn("subject", "varchar(300)", text("subject", 300))
      .addColumn("text_body", "text", (column) => column.notNull())
      .addColumn("html_body", "text")
      .addColumn("status", "varchar(16)", (column) =>
        column.notNull().defaultTo("pending").check(oneOf("status", mailStatuses)),
      )
      .addColumn("attempts", "integer", (column) =>
        column
          .notNull()
          .defaultTo(0)
          .check(sql`attempts >= 0`),
      )
      .addColumn("last_error", "text", optionalText("last_error", 2000))
      .addColumn("next_attempt_at", "varchar(32)", time)
      .addColumn("created_at", "varchar(32)", time)
      .addColumn("sent_at", "varchar(32)")
      .execute();
    await db.schema
      .createIndex("mail_queue_due_index")
      .on("mail_queue")
      .columns(["status", "next_attempt_at"])
      .execute();
  });
}

export async function down(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    await db.schema.dropTable("mail_queue").execute();
    await db.schema.dropTable("used_captcha_challenges").execute();
    await db.schema.alterTable("subscribers").dropColumn("consented_at").execute();
    await db.schema.dropTable("contact_messages").execute();
    await db.schema.dropTable("quotes").execute();
    await db.schema.dropTable("order_status_changes").execute();
    await db.schema.dropTable("orders").execute();
  });
}

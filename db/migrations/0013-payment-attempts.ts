import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";

/**
 * Payment attempts (issue 22; docs/decisions/057): each time a customer is sent to a payment
 * provider for an order, one row, whose status only the provider's word moves (models/payments.server.ts).
 *
 * - provider: webpay or flow; reference: the provider's token, unique per provider once known
 *   (null between the row and the provider's answer); buy_order: what the shop told the provider
 *   (Webpay's buy_order, Flow's commerceOrder), unique; amount: whole pesos, the order's total when
 *   the attempt started.
 * - status: started until the provider's word is final: approved, rejected, cancelled, refunded,
 *   or mismatch (approved by the provider but not for this attempt's amount or order, or for an
 *   order no longer awaiting payment: kept and flagged to staff, the order not marked paid).
 * - What the provider said that the shop may keep: its amount, authorization code, the card's last
 *   four digits, payment type, installments, response code; `flag` says why a mismatch is one.
 *
 * Lists written out as in 0002: a migration is a snapshot.
 */

function maxLength(name: string, max: number) {
  return sql`length(${sql.ref(name)}) <= ${sql.lit(max)}`;
}

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
      .createTable("payment_attempts")
      .addColumn("id", "varchar(36)", (column) => column.primaryKey())
      .addColumn("order_id", "varchar(36)", (column) =>
        column.notNull().references("orders.id").onDelete("cascade"),
      )
      .addColumn("provider", "varchar(16)", (column) =>
        column.notNull().check(sql`provider in ('webpay', 'flow')`),
      )
      .addColumn("reference", "varchar(100)", (column) => column.check(maxLength("reference", 100)))
      .addColumn("buy_order", "varchar(26)", (column) => column.notNull().check(maxLength("buy_order", 26)))
      .addColumn("amount", "integer", (column) => column.notNull().check(sql`amount > 0`))
      .addColumn("status", "varchar(16)", (column) =>
        column
          .notNull()
          .defaultTo("started")
          .check(sql`status in ('started', 'approved', 'rejected', 'cancelled', 'refunded', 'mismatch')`),
      )
      .addColumn("provider_amount", "integer")
      .addColumn("authorization_code", "varchar(20)", (column) =>
        column.check(maxLength("authorization_code", 20)),
      )
      .addColumn("card_last_four", "varchar(4)", (column) => column.check(sql`length(card_last_four) = 4`))
      .addColumn("payment_type", "varchar(20)", (column) => column.check(maxLength("payment_type", 20)))
      .addColumn("installments", "integer")
      .addColumn("response_code", "integer")
      .addColumn("flag", "varchar(40)", (column) => column.check(maxLength("flag", 40)))
      .addColumn("created_at", "varchar(32)", time("created_at"))
      .addColumn("settled_at", "varchar(32)", (column) => column.check(maxLength("settled_at", 32)))
      .execute();
    await db.schema
      .createIndex("payment_attempts_provider_reference_index")
      .on("payment_attempts")
      .columns(["provider", "reference"])
      .unique()
      .execute();
    await db.schema
      .createIndex("payment_attempts_buy_order_index")
      .on("payment_attempts")
      .column("buy_order")
      .unique()
      .execute();
    await db.schema
      .createIndex("payment_attempts_order_id_index")
      .on("payment_attempts")
      .column("order_id")
      .execute();
    // The background check of attempts still waiting for the provider's word.
    await db.schema
      .createIndex("payment_attempts_status_created_at_index")
      .on("payment_attempts")
      .columns(["status", "created_at"])
      .execute();
  });
}

export async function down(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    await db.schema.dropTable("payment_attempts").execute();
  });
}

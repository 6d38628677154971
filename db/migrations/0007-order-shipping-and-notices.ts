import { sql, type Kysely } from "kysely";

/**
 * What the customer is told after the order (issue 12; docs/decisions/033-order-status-emails.md):
 *
 * - orders: the courier and tracking number entered when the kit is shipped (`courier` one of the
 *   known couriers or "otro", `courier_name` the name typed for "otro"), and the reason given when
 *   the order is cancelled. All optional: an order has them only once it reached that status.
 * - order_status_changes: `mail_id`, the customer e-mail the change queued (to withdraw it when the
 *   change is undone before it is sent), and `undoes`, set on the row that reverts a mistaken change
 *   to the id of that change.
 * - An index (courier, created_at, id) for the orders list's courier filter, like 0005's status one.
 *
 * The courier list is written out here, as the statuses were in 0002: a migration is a snapshot.
 */

const couriers = ["chilexpress", "starken", "correos", "bluexpress", "otro"];

function maxLength(name: string, max: number) {
  return sql`length(${sql.ref(name)}) <= ${sql.lit(max)}`;
}

/** Same as in 0002: SQLite DDL needs its own transaction for all-or-nothing. */
async function atomically(db: Kysely<unknown>, body: (db: Kysely<unknown>) => Promise<void>) {
  if (db.isTransaction) await body(db);
  else await db.transaction().execute(body);
}

export async function up(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    await db.schema
      .alterTable("orders")
      .addColumn("courier", "varchar(16)", (column) =>
        column.check(sql`courier in (${sql.join(couriers.map((value) => sql.lit(value)))})`),
      )
      .execute();
    await db.schema
      .alterTable("orders")
      .addColumn("courier_name", "varchar(60)", (column) => column.check(maxLength("courier_name", 60)))
      .execute();
    await db.schema
      .alterTable("orders")
      .addColumn("tracking_number", "varchar(60)", (column) => column.check(maxLength("tracking_number", 60)))
      .execute();
    await db.schema
      .alterTable("orders")
      .addColumn("cancellation_reason", "text", (column) =>
        column.check(maxLength("cancellation_reason", 500)),
      )
      .execute();
    await db.schema
      .alterTable("order_status_changes")
      .addColumn("mail_id", "varchar(36)", (column) => column.check(maxLength("mail_id", 36)))
      .execute();
    await db.schema
      .alterTable("order_status_changes")
      .addColumn("undoes", "varchar(36)", (column) => column.check(maxLength("undoes", 36)))
      .execute();
    await db.schema
      .createIndex("orders_courier_created_at_id_index")
      .on("orders")
      .columns(["courier", "created_at", "id"])
      .execute();
  });
}

export async function down(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    await db.schema.dropIndex("orders_courier_created_at_id_index").execute();
    await db.schema.alterTable("order_status_changes").dropColumn("undoes").execute();
    await db.schema.alterTable("order_status_changes").dropColumn("mail_id").execute();
    for (const column of ["cancellation_reason", "tracking_number", "courier_name", "courier"]) {
      await db.schema.alterTable("orders").dropColumn(column).execute();
    }
  });
}

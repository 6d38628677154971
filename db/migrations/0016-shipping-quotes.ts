import { sql, type Kysely } from "kysely";

/**
 * Shipping outside the continent quoted before paying (issue 23; docs/decisions/063): an order to
 * Isla de Pascua, Juan Fernández or the Antártica waits for staff to set its shipping cost, then
 * its total is the kits plus that cost, and only then is it paid.
 *
 * - orders.subtotal: the kits' amount (whole pesos); today one kit's price. Existing orders: their
 *   total, which was the kit's price.
 * - orders.shipping_cost: whole pesos; 0 for continental shipping (free); null while an order
 *   outside the continent waits for its quote. Existing orders outside the continent keep null:
 *   their shipping was arranged by hand, as the shop did before.
 * - orders.shipping_quoted_at, shipping_quoted_by: when staff set the cost, and who (a staff user id).
 *
 * total = subtotal + shipping_cost once the cost is known.
 */

async function atomically(db: Kysely<unknown>, body: (db: Kysely<unknown>) => Promise<void>) {
  if (db.isTransaction) await body(db);
  else await db.transaction().execute(body);
}

export async function up(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    await db.schema
      .alterTable("orders")
      .addColumn("subtotal", "integer", (column) =>
        column
          .notNull()
          .defaultTo(0)
          .check(sql`subtotal >= 0`),
      )
      .execute();
    await db.schema
      .alterTable("orders")
      .addColumn("shipping_cost", "integer", (column) => column.check(sql`shipping_cost >= 0`))
      .execute();
    await db.schema
      .alterTable("orders")
      .addColumn("shipping_quoted_at", "varchar(32)", (column) =>
        column.check(sql`length(shipping_quoted_at) <= 32`),
      )
      .execute();
    await db.schema
      .alterTable("orders")
      .addColumn("shipping_quoted_by", "varchar(36)", (column) =>
        column.check(sql`length(shipping_quoted_by) <= 36`),
      )
      .execute();
    await sql`update orders set subtotal = total`.execute(db);
    await sql`update orders set shipping_cost = 0 where shipping_kind = 'free'`.execute(db);
  });
}

export async function down(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    for (const name of ["shipping_quoted_by", "shipping_quoted_at", "shipping_cost", "subtotal"]) {
      await db.schema.alterTable("orders").dropColumn(name).execute();
    }
  });
}

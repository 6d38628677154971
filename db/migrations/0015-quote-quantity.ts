import { sql, type Kysely } from "kysely";

/**
 * How many kits a quotation asks for (issue 23; docs/decisions/062): quotes.quantity, a whole
 * number from 1 to 10,000 (the form's bounds, app/schemas/quote.ts), checked by the database too.
 *
 * Null on the quotations stored before this migration: their form had no such field, and whatever
 * number a customer gave is in their comments, in their words ("40 unidades para tres faenas",
 * "unas 20 o 30"). Reading a number out of them would put a figure in front of staff that nobody
 * typed; the back office shows these as "Sin indicar" and the comments beside them. Every quotation
 * stored from now on has one (the model requires it).
 */

async function atomically(db: Kysely<unknown>, body: (db: Kysely<unknown>) => Promise<void>) {
  if (db.isTransaction) await body(db);
  else await db.transaction().execute(body);
}

/** The bounds of a quotation's quantity of kits (the form's, app/schemas/quote.ts, when written). */
const quantityBounds = { min: 1, max: 10_000 } as const;

export async function up(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    await db.schema
      .alterTable("quotes")
      .addColumn("quantity", "integer", (column) =>
        column.check(sql`quantity between ${sql.lit(quantityBounds.min)} and ${sql.lit(quantityBounds.max)}`),
      )
      .execute();
  });
}

export async function down(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    await db.schema.alterTable("quotes").dropColumn("quantity").execute();
  });
}

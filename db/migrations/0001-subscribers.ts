import type { Kysely } from "kysely";

/**
 * Newsletter subscribers (docs/product.md#spec-3 "Subscript", docs/product.md#d14, #d15): one row per
 * lower-cased e-mail, each with its own unsubscribe token. Migrations take Kysely<unknown>: they must not
 * depend on the current schema types, which describe the newest state. Primary keys are UUIDs made by the
 * application, which works the same on both databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("subscribers")
    .addColumn("id", "varchar(36)", (column) => column.primaryKey())
    .addColumn("email", "varchar(254)", (column) => column.notNull().unique())
    .addColumn("unsubscribe_token", "varchar(64)", (column) => column.notNull().unique())
    .addColumn("created_at", "varchar(32)", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("subscribers").execute();
}

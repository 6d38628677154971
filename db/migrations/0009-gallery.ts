import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";

/**
 * The customer gallery (issue 13; docs/product.md#d16): photos customers upload with their order's number
 * and e-mail, moderated by staff, and the visitors' likes.
 *
 * - gallery_photos: one row per upload, tied to its order (so the privacy tool finds a person's
 *   photos through their orders, and erasing an order's customer erases its photos). `author_name`
 *   is the first name shown under the photo, taken from the order at upload time; `kit_id` and
 *   `kit_name` the kit the customer chose (its catalogue name then). `status` is pending until staff
 *   approve or reject it; `rejection_reason` is kept apart from the customer's `comment` (D16: the
 *   spec's overwrite lost the comment). `moderated_at`/`moderated_by` (a staff user id, kept as
 *   text like order_status_changes.changed_by) record the last decision. The image lives in the
 *   object storage (app/infra/storage.server.ts) under `display_key` (the re-encoded photo) and
 *   `thumb_key` (the thumbnail), with their sizes for width/height attributes. `like_count` is the
 *   number of gallery_likes rows, kept in the same transaction as each like.
 * - gallery_likes: one row per photo and visitor (the visitor id of a cookie): the primary key is
 *   what makes a second like from the same visitor a no-op, also under concurrent requests.
 *
 * Lists written out as in 0002: a migration is a snapshot.
 */

function maxLength(name: string, max: number) {
  return sql`length(${sql.ref(name)}) <= ${sql.lit(max)}`;
}

/** A required ISO time (as in 0002). */
function time(name: string) {
  return (column: ColumnDefinitionBuilder) => column.notNull().check(maxLength(name, 32));
}

function positive(name: string) {
  return (column: ColumnDefinitionBuilder) => column.notNull().check(sql`${sql.ref(name)} > 0`);
}

async function atomically(db: Kysely<unknown>, body: (db: Kysely<unknown>) => Promise<void>) {
  if (db.isTransaction) await body(db);
  else await db.transaction().execute(body);
}

export async function up(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    await db.schema
      .createTable("gallery_photos")
      .addColumn("id", "varchar(36)", (column) => column.primaryKey())
      .addColumn("order_id", "varchar(36)", (column) =>
        column.notNull().references("orders.id").onDelete("cascade"),
      )
      .addColumn("order_number", "varchar(16)", (column) =>
        column.notNull().check(maxLength("order_number", 16)),
      )
      .addColumn("author_name", "varchar(100)", (column) =>
        column.notNull().check(maxLength("author_name", 100)),
      )
      .addColumn("kit_id", "varchar(32)", (column) => column.notNull().check(maxLength("kit_id", 32)))
      .addColumn("kit_name", "varchar(100)", (column) => column.notNull().check(maxLength("kit_name", 100)))
      .addColumn("comment", "text", (column) => column.notNull().check(maxLength("comment", 1000)))
      .addColumn("status", "varchar(16)", (column) =>
        column
          .notNull()
          .defaultTo("pending")
          .check(sql`status in ('pending', 'approved', 'rejected')`),
      )
      .addColumn("rejection_reason", "text", (column) => column.check(maxLength("rejection_reason", 1000)))
      .addColumn("display_key", "varchar(200)", (column) =>
        column.notNull().check(maxLength("display_key", 200)),
      )
      .addColumn("display_width", "integer", positive("display_width"))
      .addColumn("display_height", "integer", positive("display_height"))
      .addColumn("thumb_key", "varchar(200)", (column) => column.notNull().check(maxLength("thumb_key", 200)))
      .addColumn("thumb_width", "integer", positive("thumb_width"))
      .addColumn("thumb_height", "integer", positive("thumb_height"))
      .addColumn("like_count", "integer", (column) =>
        column
          .notNull()
          .defaultTo(0)
          .check(sql`like_count >= 0`),
      )
      .addColumn("created_at", "varchar(32)", time("created_at"))
      .addColumn("moderated_at", "varchar(32)", (column) => column.check(maxLength("moderated_at", 32)))
      .addColumn("moderated_by", "varchar(36)", (column) => column.check(maxLength("moderated_by", 36)))
      .execute();
    // The public gallery (approved, newest first), the admin tabs (by status) and both sorts.
    const indexes: Array<[string, string[]]> = [
      ["gallery_photos_created_at_id_index", ["created_at", "id"]],
      ["gallery_photos_status_created_at_id_index", ["status", "created_at", "id"]],
      ["gallery_photos_like_count_id_index", ["like_count", "id"]],
      ["gallery_photos_status_like_count_id_index", ["status", "like_count", "id"]],
      ["gallery_photos_kit_status_created_at_index", ["kit_id", "status", "created_at"]],
      ["gallery_photos_order_id_index", ["order_id"]],
    ];
    for (const [name, columns] of indexes) {
      await db.schema.createIndex(name).on("gallery_photos").columns(columns).execute();
    }

    await db.schema
      .createTable("gallery_likes")
      .addColumn("photo_id", "varchar(36)", (column) =>
        column.notNull().references("gallery_photos.id").onDelete("cascade"),
      )
      .addColumn("visitor_id", "varchar(36)", (column) => column.notNull().check(maxLength("visitor_id", 36)))
      .addColumn("created_at", "varchar(32)", time("created_at"))
      .addPrimaryKeyConstraint("gallery_likes_primary_key", ["photo_id", "visitor_id"])
      .execute();
  });
}

export async function down(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    await db.schema.dropTable("gallery_likes").execute();
    await db.schema.dropTable("gallery_photos").execute();
  });
}

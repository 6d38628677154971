import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Orders with lines (issue 23, D23; docs/decisions/067-order-lines.md): an order holds one or more
 * kits, each with a quantity, instead of one kit per row.
 *
 * - order_lines: one row per kit of an order, as the order was placed — the kit's id, its name and
 *   unit price then (whole pesos), the quantity and the line's total (unit price × quantity, checked).
 *   Keyed by the order and the line's position (1, 2, …); one line per kit (unique), so a kit
 *   bought twice is one line with its quantity. Deleted with its order.
 * - orders.lines_summary: the lines written out for people ("2 × LifeBox Essential, LifeBox Essential
 *   Mini"), written once with the order as its lines are, so the admin list shows, sorts and
 *   searches the kits of a million orders from the orders table alone (its search index and sort
 *   index move from kit_name to it).
 * - orders.kit_count: how many kits the order holds (the sum of its lines' quantities), for the
 *   list's CSV and cards.
 * - orders.kit_id, kit_name, unit_price are dropped: they described the one kit of an order.
 *
 * Every existing order becomes one line: its kit, name and price, quantity 1, line total = its
 * price; its summary is the kit's name and its kit count 1. orders.subtotal (0016) already holds the kits' amount.
 *
 * The search index (0005) is rebuilt over the new column: on SQLite the FTS5 table and its triggers
 * are dropped and created again (they name the columns); on PostgreSQL the GIN index, if pg_trgm
 * made it. The searched columns and the folding are written out here, as in 0005 (a migration is a
 * snapshot); the list definitions' tests check they agree.
 */

const searchedBefore = ["number", "kit_name", "customer_name", "email", "phone", "rut"];
const searchedAfter = ["number", "lines_summary", "customer_name", "email", "phone", "rut"];

const accentedLetters = "ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿ";
const plainLetters = "aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyy";

function foldedText(columns: string[]) {
  const joined = sql.join(
    columns.map((column) => sql`coalesce(${sql.ref(column)}, '')`),
    sql` || ' ' || `,
  );
  return sql`translate(lower(${joined}), ${sql.lit(accentedLetters)}, ${sql.lit(plainLetters)})`;
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

async function atomically(db: Kysely<unknown>, body: (db: Kysely<unknown>) => Promise<void>) {
  if (db.isTransaction) await body(db);
  else await db.transaction().execute(body);
}

function maxLength(name: string, max: number) {
  return sql`length(${sql.ref(name)}) <= ${sql.lit(max)}`;
}

/** SQLite: the orders' FTS5 table over `columns`, its triggers, filled from the rows (as 0005). */
async function createSqliteSearch(db: Kysely<unknown>, columns: string[]) {
  const fts = sql.table("orders_search");
  const names = sql.join(columns.map((column) => sql.ref(column)));
  const values = (row: "new" | "old") => sql.join(columns.map((column) => sql.ref(`${row}.${column}`)));
  await sql`create virtual table ${fts} using fts5(${names}, content='orders',
    tokenize='trigram remove_diacritics 1', columnsize=0)`.execute(db);
  await sql`create trigger orders_search_after_insert after insert on orders begin
    insert into ${fts}(rowid, ${names}) values (new.rowid, ${values("new")});
  end`.execute(db);
  await sql`create trigger orders_search_after_delete after delete on orders begin
    insert into ${fts}(${fts}, rowid, ${names}) values ('delete', old.rowid, ${values("old")});
  end`.execute(db);
  await sql`create trigger orders_search_after_update after update of ${names} on orders begin
    insert into ${fts}(${fts}, rowid, ${names}) values ('delete', old.rowid, ${values("old")});
    insert into ${fts}(rowid, ${names}) values (new.rowid, ${values("new")});
  end`.execute(db);
  await sql`insert into ${fts}(${fts}, rank) values ('secure-delete', 1)`.execute(db);
  await sql`insert into ${fts}(${fts}) values ('rebuild')`.execute(db);
}

async function dropSqliteSearch(db: Kysely<unknown>) {
  for (const event of ["insert", "delete", "update"]) {
    await sql`drop trigger if exists ${sql.id(`orders_search_after_${event}`)}`.execute(db);
  }
  await sql`drop table if exists orders_search`.execute(db);
}

/** PostgreSQL: the GIN search index over `columns`, when 0005 could make one (pg_trgm present). */
async function replacePostgresSearch(db: Kysely<unknown>, columns: string[]) {
  const { rows } = await sql<{ present: boolean }>`select exists (
    select 1 from pg_extension where extname = 'pg_trgm') as present`.execute(db);
  await db.schema.dropIndex("orders_search_index").ifExists().execute();
  if (rows[0]?.present !== true) return;
  await sql`create index orders_search_index on orders
    using gin ((${foldedText(columns)}) gin_trgm_ops)`.execute(db);
}

export async function up(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    await db.schema
      .createTable("order_lines")
      .addColumn("order_id", "varchar(36)", (column) =>
        column.notNull().references("orders.id").onDelete("cascade"),
      )
      .addColumn("position", "integer", (column) => column.notNull().check(sql`position >= 1`))
      .addColumn("kit_id", "varchar(40)", (column) => column.notNull().check(maxLength("kit_id", 40)))
      .addColumn("kit_name", "varchar(120)", (column) => column.notNull().check(maxLength("kit_name", 120)))
      .addColumn("unit_price", "integer", (column) => column.notNull().check(sql`unit_price >= 0`))
      .addColumn("quantity", "integer", (column) => column.notNull().check(sql`quantity >= 1`))
      .addColumn("line_total", "integer", (column) =>
        column.notNull().check(sql`line_total = unit_price * quantity`),
      )
      .addPrimaryKeyConstraint("order_lines_pkey", ["order_id", "position"])
      .addUniqueConstraint("order_lines_order_id_kit_id_unique", ["order_id", "kit_id"])
      .execute();
    await sql`insert into order_lines (order_id, position, kit_id, kit_name, unit_price, quantity, line_total)
      select id, 1, kit_id, kit_name, unit_price, 1, unit_price from orders`.execute(db);

    await db.schema
      .alterTable("orders")
      .addColumn("lines_summary", "varchar(400)", (column) =>
        column.notNull().defaultTo("").check(maxLength("lines_summary", 400)),
      )
      .execute();
    await db.schema
      .alterTable("orders")
      .addColumn("kit_count", "integer", (column) =>
        column
          .notNull()
          .defaultTo(1)
          .check(sql`kit_count >= 1`),
      )
      .execute();
    await sql`update orders set lines_summary = kit_name`.execute(db);

    // The search and sort indexes name kit_name: they go before it, and come back over the summary.
    if (isPostgres(db)) await replacePostgresSearch(db, searchedAfter);
    else await dropSqliteSearch(db);
    await db.schema.dropIndex("orders_kit_name_id_index").execute();
    for (const name of ["kit_id", "kit_name", "unit_price"]) {
      await db.schema.alterTable("orders").dropColumn(name).execute();
    }
    if (!isPostgres(db)) await createSqliteSearch(db, searchedAfter);
    await db.schema
      .createIndex("orders_lines_summary_id_index")
      .on("orders")
      .columns(["lines_summary", "id"])
      .execute();
  });
}

export async function down(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    // Back to one kit per order: an order keeps its first line's kit (its other lines are lost).
    await db.schema.dropIndex("orders_lines_summary_id_index").execute();
    if (isPostgres(db)) await db.schema.dropIndex("orders_search_index").ifExists().execute();
    else await dropSqliteSearch(db);
    await db.schema
      .alterTable("orders")
      .addColumn("kit_id", "varchar(40)", (column) =>
        column.notNull().defaultTo("").check(maxLength("kit_id", 40)),
      )
      .execute();
    await db.schema
      .alterTable("orders")
      .addColumn("kit_name", "varchar(120)", (column) =>
        column.notNull().defaultTo("").check(maxLength("kit_name", 120)),
      )
      .execute();
    await db.schema
      .alterTable("orders")
      .addColumn("unit_price", "integer", (column) =>
        column
          .notNull()
          .defaultTo(0)
          .check(sql`unit_price >= 0`),
      )
      .execute();
    await sql`update orders set
      kit_id = (select kit_id from order_lines where order_id = orders.id and position = 1),
      kit_name = (select kit_name from order_lines where order_id = orders.id and position = 1),
      unit_price = (select unit_price from order_lines where order_id = orders.id and position = 1)
      where exists (select 1 from order_lines where order_id = orders.id)`.execute(db);
    await db.schema.alterTable("orders").dropColumn("lines_summary").execute();
    await db.schema.alterTable("orders").dropColumn("kit_count").execute();
    await db.schema.dropTable("order_lines").execute();
    await db.schema
      .createIndex("orders_kit_name_id_index")
      .on("orders")
      .columns(["kit_name", "id"])
      .execute();
    if (isPostgres(db)) await replacePostgresSearch(db, searchedBefore);
    else await createSqliteSearch(db, searchedBefore);
  });
}

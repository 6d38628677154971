import { sql, type Kysely } from "kysely";

/**
 * The tax document issued for an order, recorded (issue 23, D24; docs/decisions/065): by staff on
 * the admin order page today, by a tax provider's integration later, through the same model.
 *
 * - orders.document_sii_type: the SII's code of the document issued (tipo de DTE): 39 boleta
 *   electrónica, 41 boleta exenta electrónica, 33 factura electrónica, 34 factura no afecta o exenta
 *   electrónica. With document_folio (0017) it names the document at the SII: a folio is unique per
 *   issuer and type. Set together with the folio and document_issued_at (0017), or none of them.
 * - orders.document_folio (0017) is now the SII's folio itself: a whole number from 1, written
 *   without leading zeros, up to 10 digits (the DTE's Folio field).
 * - orders.document_recorded_by / document_provider: who recorded it: a staff user id, or the name
 *   of the provider that issued it; exactly one of them once there is a folio.
 * - order_document_records: every record of an order's document, the first and each correction, as
 *   it was written (the order keeps the last one): who, when, the type, the folio and its date.
 *
 * Indexes: one (type, folio) per order (unique: the same document is not recorded on two orders;
 * partial, over the orders with one, so it also counts them), and the paid orders without a
 * document by date, for the orders list's "Emisión" filter and the dashboard's count: partial, it
 * holds only those orders, with their status and folio so that counting them reads the index
 * alone. Its WHERE must stay textually the one paidWithoutDocument writes
 * (app/models/orders-admin.server.ts), or SQLite will not use it; it names the statuses that are
 * not paid, so that SQLite's planner, without statistics, does not prefer the status index.
 *
 * Statuses and codes written out: a migration is a snapshot.
 */

const siiTypes = sql`(33, 34, 39, 41)`;

function maxLength(name: string, max: number) {
  return sql`length(${sql.ref(name)}) <= ${sql.lit(max)}`;
}

/** A folio as the SII numbers them: 1 to 10 digits, no leading zero (portable SQL: no regex). */
function wholeNumber(name: string) {
  const column = sql.ref(name);
  return sql`length(${column}) between 1 and 10 and ltrim(${column}, '0123456789') = '' and substr(${column}, 1, 1) <> '0'`;
}

async function atomically(db: Kysely<unknown>, body: (db: Kysely<unknown>) => Promise<void>) {
  if (db.isTransaction) await body(db);
  else await db.transaction().execute(body);
}

export async function up(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    // Nothing wrote a folio before this migration; one typed into the database by hand has no type
    // or author, which the checks below require. Said plainly rather than a CHECK's failure.
    const { rows } = await sql<{ number: string }>`select number from orders
      where document_folio is not null or document_issued_at is not null`.execute(db);
    if (rows.length > 0) {
      throw new Error(
        `Orders ${rows.map((row) => row.number).join(", ")} have a folio without its type: clear orders.document_folio and document_issued_at, then record them on the admin order page`,
      );
    }
    await db.schema
      .alterTable("orders")
      .addColumn("document_sii_type", "integer", (column) =>
        column.check(
          // Written with "is not null" first: a CHECK that comes out null passes.
          sql`(document_sii_type is null and document_folio is null and document_issued_at is null)
            or (document_sii_type is not null and document_folio is not null and document_issued_at is not null
              and document_sii_type in ${siiTypes} and ${wholeNumber("document_folio")})`,
        ),
      )
      .execute();
    await db.schema
      .alterTable("orders")
      .addColumn("document_recorded_by", "varchar(36)", (column) =>
        column.check(maxLength("document_recorded_by", 36)),
      )
      .execute();
    await db.schema
      .alterTable("orders")
      // Who: staff or a provider once there is a folio, never both; nobody before.
      .addColumn("document_provider", "varchar(30)", (column) =>
        column.check(
          sql`(document_provider is null or length(document_provider) <= 30)
            and ((document_folio is null and document_recorded_by is null and document_provider is null)
              or (document_folio is not null and (document_recorded_by is null) <> (document_provider is null)))`,
        ),
      )
      .execute();
    await db.schema
      .createIndex("orders_document_folio_index")
      .on("orders")
      .columns(["document_sii_type", "document_folio"])
      .unique()
      .where(sql<boolean>`document_folio is not null`)
      .execute();
    await db.schema
      .createIndex("orders_paid_without_document_index")
      .on("orders")
      .columns(["created_at", "id", "status", "document_folio"])
      .where(sql<boolean>`document_folio is null and status not in ('pendiente_pago', 'cancelado')`)
      .execute();

    await db.schema
      .createTable("order_document_records")
      .addColumn("id", "varchar(36)", (column) => column.primaryKey())
      .addColumn("order_id", "varchar(36)", (column) =>
        column.notNull().references("orders.id").onDelete("cascade"),
      )
      .addColumn("sii_type", "integer", (column) => column.notNull().check(sql`sii_type in ${siiTypes}`))
      .addColumn("folio", "varchar(10)", (column) => column.notNull().check(wholeNumber("folio")))
      .addColumn("issued_at", "varchar(32)", (column) => column.notNull().check(maxLength("issued_at", 32)))
      .addColumn("recorded_by", "varchar(36)", (column) => column.check(maxLength("recorded_by", 36)))
      .addColumn("provider", "varchar(30)", (column) => column.check(maxLength("provider", 30)))
      .addColumn("recorded_at", "varchar(32)", (column) =>
        column
          .notNull()
          .check(sql`length(recorded_at) <= 32 and (recorded_by is null) <> (provider is null)`),
      )
      .execute();
    await db.schema
      .createIndex("order_document_records_order_index")
      .on("order_document_records")
      .columns(["order_id", "recorded_at"])
      .execute();
  });
}

export async function down(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    await db.schema.dropTable("order_document_records").execute();
    await db.schema.dropIndex("orders_paid_without_document_index").execute();
    await db.schema.dropIndex("orders_document_folio_index").execute();
    // Back to before records: 0017's columns held no folio (this one's type and author go too).
    await sql`update orders set document_folio = null, document_issued_at = null`.execute(db);
    for (const name of ["document_provider", "document_recorded_by", "document_sii_type"]) {
      await db.schema.alterTable("orders").dropColumn(name).execute();
    }
  });
}

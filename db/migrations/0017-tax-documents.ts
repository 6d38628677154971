import { sql, type Kysely } from "kysely";

/**
 * Boleta or factura (issue 23, D24; docs/decisions/064): every order says which tax document the
 * customer wants, and a factura carries the company's data.
 *
 * - orders.document_type: 'boleta' or 'factura'; existing orders: 'boleta' (the shop issued boletas).
 * - orders.invoice_*: a factura's company: RUT (formatted "76.123.456-0"), razón social, giro,
 *   dirección, región and comuna (Códigos Únicos Territoriales) and the e-mail the document goes to.
 *   All set for a factura, all null for a boleta (checked by the database).
 * - orders.document_folio / document_issued_at: the folio of the document issued for the order and
 *   when; null until it is issued (by staff in their tax provider, or later by the provider itself).
 */

function maxLength(name: string, max: number) {
  return sql`length(${sql.ref(name)}) <= ${sql.lit(max)}`;
}

async function atomically(db: Kysely<unknown>, body: (db: Kysely<unknown>) => Promise<void>) {
  if (db.isTransaction) await body(db);
  else await db.transaction().execute(body);
}

const invoiceColumns = [
  ["invoice_rut", 12],
  ["invoice_name", 150],
  ["invoice_giro", 100],
  ["invoice_address", 200],
  ["invoice_region_cut", 2],
  ["invoice_comuna_cut", 5],
  ["invoice_email", 254],
] as const;

export async function up(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    for (const [name, max] of invoiceColumns) {
      await db.schema
        .alterTable("orders")
        .addColumn(name, `varchar(${max})`, (column) => column.check(maxLength(name, max)))
        .execute();
    }
    // A factura has every field of its company; a boleta none. Existing orders: boletas.
    const allSet = sql.join(
      invoiceColumns.map(([name]) => sql`${sql.ref(name)} is not null`),
      sql` and `,
    );
    const noneSet = sql.join(
      invoiceColumns.map(([name]) => sql`${sql.ref(name)} is null`),
      sql` and `,
    );
    await db.schema
      .alterTable("orders")
      .addColumn("document_type", "varchar(8)", (column) =>
        column
          .notNull()
          .defaultTo("boleta")
          .check(sql`(document_type = 'boleta' and ${noneSet}) or (document_type = 'factura' and ${allSet})`),
      )
      .execute();
    await db.schema
      .alterTable("orders")
      .addColumn("document_folio", "varchar(20)", (column) => column.check(maxLength("document_folio", 20)))
      .execute();
    await db.schema
      .alterTable("orders")
      // A date needs a folio.
      .addColumn("document_issued_at", "varchar(32)", (column) =>
        column.check(
          sql`document_issued_at is null or (length(document_issued_at) <= 32 and document_folio is not null)`,
        ),
      )
      .execute();
    await db.schema.createIndex("orders_document_type_index").on("orders").column("document_type").execute();
  });
}

export async function down(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    await db.schema.dropIndex("orders_document_type_index").execute();
    for (const name of ["document_issued_at", "document_folio", "document_type"]) {
      await db.schema.alterTable("orders").dropColumn(name).execute();
    }
    for (const [name] of [...invoiceColumns].reverse()) {
      await db.schema.alterTable("orders").dropColumn(name).execute();
    }
  });
}

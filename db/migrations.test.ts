import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, migrationProvider } from "~/infra/db.server";
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from "../tests/support/databases";

async function tableNames(database: TestDatabase): Promise<string[]> {
  const tables = await database.db.introspection.getTables();
  return tables.map((table) => table.name).sort();
}

describe.each(dialectsUnderTest)("migrations on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("creates the schema from an empty database", async () => {
    expect(await tableNames(database)).toEqual([]);
    const applied = await migrateToLatest(database.db);
    const available = Object.keys(await migrationProvider.getMigrations());
    expect(applied).toEqual(available.sort());
    expect(await tableNames(database)).toContain("subscribers");
  });

  it("is a no-op when run again", async () => {
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it("gives subscribers a unique e-mail", async () => {
    const row = {
      id: crypto.randomUUID(),
      email: "ana@example.cl",
      unsubscribeToken: "t1",
      createdAt: new Date().toISOString(),
    };
    await database.db.insertInto("subscribers").values(row).execute();
    await expect(
      database.db
        .insertInto("subscribers")
        .values({ ...row, id: crypto.randomUUID(), unsubscribeToken: "t2" })
        .execute(),
    ).rejects.toThrow();
    const count = await sql<{ n: number }>`select count(*) as n from subscribers`.execute(database.db);
    expect(Number(count.rows[0]?.n)).toBe(1);
  });

  it("rolls every migration back down to an empty database", async () => {
    const migrator = new Migrator({ db: database.db, provider: migrationProvider });
    const migrations = await migrator.getMigrations();
    for (let step = 0; step < migrations.length; step++) {
      const { error } = await migrator.migrateDown();
      expect(error).toBeUndefined();
    }
    expect((await tableNames(database)).filter((name) => !name.startsWith("kysely_"))).toEqual([]);
  });
});

describe.each(dialectsUnderTest)("migration 0012 (addresses of look-ups and likes) on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("gives the last hour's chat messages of IPv4 sessions their session's address, and nothing else", async () => {
    const db = database.db.withoutPlugins();
    const migrator = new Migrator({ db, provider: migrationProvider });
    const before = await migrator.migrateTo("0011-rate-limits");
    expect(before.error).toBeUndefined();
    const now = Date.now();
    const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
    const sessions = [
      ["s4", "203.0.113.5"],
      ["s6", "2001:db8::1"],
    ];
    for (const [id, ip] of sessions) {
      await sql`insert into chat_sessions (id, visitor_id, visitor_ip, started_at, last_message_at)
        values (${id}, ${`v-${id}`}, ${ip}, ${ago(90)}, ${ago(5)})`.execute(db);
    }
    const messages: Array<[string, string, number, number]> = [
      ["m1", "s4", 1, 90],
      ["m2", "s4", 2, 5],
      ["m3", "s6", 1, 5],
    ];
    for (const [id, session, seq, minutes] of messages) {
      await sql`insert into chat_messages (id, session_id, seq, role, content, topic, created_at)
        values (${id}, ${session}, ${seq}, 'bot', 'x', 'orderNotFound', ${ago(minutes)})`.execute(db);
    }
    const after = await migrator.migrateTo("0012-addresses-of-lookups-and-likes");
    expect(after.error).toBeUndefined();
    const { rows } = await sql<{ id: string; ip_network: string | null }>`select id, ip_network
      from chat_messages order by id`.execute(db);
    expect(rows).toEqual([
      { id: "m1", ip_network: null },
      { id: "m2", ip_network: "203.0.113.5" },
      { id: "m3", ip_network: null },
    ]);
    // Bounded in length like every text of the schema.
    await expect(
      sql`update chat_messages set ip_network = ${"x".repeat(65)} where id = 'm1'`.execute(db),
    ).rejects.toThrow();
  });
});

describe.each(dialectsUnderTest)("migration 0017 (tax documents) on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("keeps existing orders as boletas, and lets only a complete factura in", async () => {
    const db = database.db.withoutPlugins();
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo("0016-shipping-quotes")).error).toBeUndefined();
    const at = new Date().toISOString();
    const insert = (id: string, number: string) =>
      sql`insert into orders (id, number, kit_id, kit_name, unit_price, shipping_kind, subtotal, shipping_cost,
        total, customer_name, email, phone, region_cut, comuna_cut, address, terms_accepted_at, created_at, updated_at)
        values (${id}, ${number}, 'nautical', 'Kit Náutico', 50000, 'free', 50000, 0, 50000, 'Ana Pérez',
        'ana@example.cl', '+56 9 8765 4321', '13', '13101', 'Calle Falsa 123, Santiago', ${at}, ${at}, ${at})`;
    await insert("o1", "LB-AAAAAA").execute(db);
    expect((await migrator.migrateTo("0017-tax-documents")).error).toBeUndefined();

    const { rows } = await sql<{
      document_type: string;
      invoice_rut: string | null;
      document_folio: string | null;
    }>`select document_type, invoice_rut, document_folio from orders`.execute(db);
    expect(rows).toEqual([{ document_type: "boleta", invoice_rut: null, document_folio: null }]);

    // A new order without a document type is a boleta.
    await insert("o2", "LB-BBBBBB").execute(db);
    // A factura needs every field of its company; a boleta none; nothing else is a document type.
    await expect(
      sql`update orders set document_type = 'factura' where id = 'o2'`.execute(db),
    ).rejects.toThrow();
    await expect(
      sql`update orders set invoice_rut = '76.123.456-0' where id = 'o2'`.execute(db),
    ).rejects.toThrow();
    await expect(
      sql`update orders set document_type = 'ticket' where id = 'o2'`.execute(db),
    ).rejects.toThrow();
    await sql`update orders set document_type = 'factura', invoice_rut = '76.123.456-0',
      invoice_name = 'Comercial Austral SpA', invoice_giro = 'Venta de artículos de seguridad',
      invoice_address = 'Av. Apoquindo 4500, oficina 12', invoice_region_cut = '13',
      invoice_comuna_cut = '13114', invoice_email = 'facturas@austral.cl' where id = 'o2'`.execute(db);
    await expect(sql`update orders set invoice_giro = null where id = 'o2'`.execute(db)).rejects.toThrow();
    // Issued: a folio, and when; never a date without a folio.
    await expect(
      sql`update orders set document_issued_at = ${at} where id = 'o2'`.execute(db),
    ).rejects.toThrow();
    await sql`update orders set document_folio = '1234', document_issued_at = ${at} where id = 'o2'`.execute(
      db,
    );
    await expect(
      sql`update orders set invoice_rut = ${"1".repeat(13)} where id = 'o2'`.execute(db),
    ).rejects.toThrow();
  });
});

describe.each(dialectsUnderTest)("migration 0018 (document records) on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("keeps a recorded document whole: its type, a folio as the SII numbers it, its date and one author", async () => {
    const db = database.db.withoutPlugins();
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo("0017-tax-documents")).error).toBeUndefined();
    const at = new Date().toISOString();
    for (const [id, number] of [
      ["o1", "LB-AAAAAA"],
      ["o2", "LB-BBBBBB"],
    ]) {
      await sql`insert into orders (id, number, kit_id, kit_name, unit_price, shipping_kind, subtotal, shipping_cost,
        total, status, customer_name, email, phone, region_cut, comuna_cut, address, terms_accepted_at, created_at,
        updated_at) values (${id}, ${number}, 'nautical', 'Kit Náutico', 50000, 'free', 50000, 0, 50000, 'pagado',
        'Ana Pérez', 'ana@example.cl', '+56 9 8765 4321', '13', '13101', 'Calle Falsa 123, Santiago', ${at}, ${at},
        ${at})`.execute(db);
    }
    // A folio typed into the database before has no type or author: the migration says so, changing nothing.
    await sql`update orders set document_folio = '77' where id = 'o1'`.execute(db);
    const refused = await migrator.migrateTo("0018-document-records");
    expect(String(refused.error)).toContain("LB-AAAAAA");
    await sql`update orders set document_folio = null where id = 'o1'`.execute(db);
    expect((await migrator.migrateTo("0018-document-records")).error).toBeUndefined();

    const document = (id: string, values: string) =>
      sql`update orders set ${sql.raw(values)} where id = ${id}`.execute(db);
    const issued = `document_issued_at = '${at}'`;
    const staff = "document_recorded_by = 'u1', document_provider = null";
    // A folio needs its type, its date and one author; a type needs a folio.
    for (const values of [
      `document_folio = '12', ${issued}, ${staff}`,
      `document_sii_type = 39, ${staff}`,
      `document_sii_type = 39, document_folio = '12', ${staff}`,
      `document_sii_type = 39, document_folio = '12', ${issued}`,
      `document_sii_type = 39, document_folio = '12', ${issued}, document_recorded_by = 'u1', document_provider = 'openfactura'`,
      `document_recorded_by = 'u1'`,
      `document_provider = 'openfactura'`,
      // Only the SII's codes, and folios as the SII numbers them.
      `document_sii_type = 40, document_folio = '12', ${issued}, ${staff}`,
      `document_sii_type = 39, document_folio = '012', ${issued}, ${staff}`,
      `document_sii_type = 39, document_folio = '0', ${issued}, ${staff}`,
      `document_sii_type = 39, document_folio = 'B-12', ${issued}, ${staff}`,
      `document_sii_type = 39, document_folio = '12345678901', ${issued}, ${staff}`,
    ]) {
      await expect(document("o1", values), values).rejects.toThrow();
    }
    await document("o1", `document_sii_type = 39, document_folio = '12', ${issued}, ${staff}`);
    await document(
      "o2",
      `document_sii_type = 33, document_folio = '12', ${issued}, document_recorded_by = null, document_provider = 'openfactura'`,
    );
    // One order per type and folio.
    await expect(document("o2", "document_sii_type = 39")).rejects.toThrow();

    const row = (values: string) =>
      sql`insert into order_document_records (id, order_id, sii_type, folio, issued_at, recorded_by, provider,
        recorded_at) values (${sql.raw(values)})`.execute(db);
    await row(`'r1', 'o1', 39, '12', '${at}', 'u1', null, '${at}'`);
    await row(`'r2', 'o2', 33, '12', '${at}', null, 'openfactura', '${at}'`);
    for (const values of [
      `'r3', 'o1', 40, '12', '${at}', 'u1', null, '${at}'`,
      `'r3', 'o1', 39, '012', '${at}', 'u1', null, '${at}'`,
      `'r3', 'o1', 39, '13', '${at}', 'u1', 'openfactura', '${at}'`,
      `'r3', 'o1', 39, '13', '${at}', null, null, '${at}'`,
      `'r3', 'nobody', 39, '13', '${at}', 'u1', null, '${at}'`,
    ]) {
      await expect(row(values), values).rejects.toThrow();
    }
  });
});

describe.each(dialectsUnderTest)("migration 0019 (order lines) on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("turns every order into an order with one line, losing nothing, and searches the lines", async () => {
    const db = database.db.withoutPlugins();
    const migrator = new Migrator({ db, provider: migrationProvider });
    const names = Object.keys(await migrationProvider.getMigrations()).sort();
    const before = names[names.indexOf("0019-order-lines") - 1]!;
    expect((await migrator.migrateTo(before)).error).toBeUndefined();

    const at = "2026-11-01T12:00:00.000Z";
    const kits = [
      ["pendiente_pago", "essential", "LifeBox Essential", 219990],
      ["pagado", "expedition", "LifeBox Expedition", 329990],
      ["en_preparacion", "nautical-mini", "LifeBox Nautical Mini", 199990],
      ["enviado", "industry", "LifeBox Industry", 539990],
      ["entregado", "nautical", "LifeBox Nautical", 279990],
      ["cancelado", "essential-mini", "LifeBox Essential Mini", 149990],
    ] as const;
    for (const [index, [status, kitId, kitName, price]] of kits.entries()) {
      const id = `00000000-0000-4000-8000-00000000000${index}`;
      await sql`insert into orders (id, number, kit_id, kit_name, unit_price, shipping_kind, subtotal,
        shipping_cost, total, status, customer_name, email, phone, region_cut, comuna_cut, address, rut,
        notes, terms_accepted_at, created_at, updated_at, courier, tracking_number, cancellation_reason,
        paid_by)
        values (${id}, ${`LB-AAAAA${index}`}, ${kitId}, ${kitName}, ${price}, 'free', ${price}, 0, ${price},
        ${status}, ${`Cliente ${index}`}, ${`cliente${index}@example.cl`}, '+56 9 8765 4321', '13', '13101',
        'Calle Falsa 123, Santiago', ${index % 2 ? "12.345.678-5" : null}, ${index % 2 ? null : "Portería"},
        ${at}, ${at}, ${at}, ${status === "enviado" || status === "entregado" ? "chilexpress" : null},
        ${status === "enviado" || status === "entregado" ? "99887766" : null},
        ${status === "cancelado" ? "Sin stock del color pedido" : null},
        ${status === "pendiente_pago" || status === "cancelado" ? null : "webpay"})`.execute(db);
      await sql`insert into order_status_changes (id, order_id, from_status, to_status, changed_at)
        values (${`change-${index}`}, ${id}, null, 'pendiente_pago', ${at})`.execute(db);
    }
    await sql`insert into gallery_photos (id, order_id, order_number, author_name, kit_id, kit_name, comment,
      status, display_key, display_width, display_height, thumb_key, thumb_width, thumb_height, like_count,
      created_at)
      values ('photo-1', '00000000-0000-4000-8000-000000000004', 'LB-AAAAA4', 'Cliente', 'nautical',
      'LifeBox Nautical', 'En el bote', 'approved', 'd.webp', 1200, 900, 't.webp', 400, 300, 3, ${at})`.execute(
      db,
    );
    type Row = Record<string, unknown>;
    const all = async (query: string) => (await sql.raw<Row>(query).execute(db)).rows;
    const ordersBefore = await all("select * from orders order by id");
    const changesBefore = await all("select * from order_status_changes order by id");
    const photosBefore = await all("select * from gallery_photos order by id");

    expect((await migrator.migrateTo("0019-order-lines")).error).toBeUndefined();

    expect(await all("select * from orders order by id")).toEqual(
      ordersBefore.map(({ kit_id: _kitId, kit_name: kitName, unit_price: _price, ...order }) => ({
        ...order,
        lines_summary: kitName,
        kit_count: 1,
      })),
    );
    expect(await all("select * from order_lines order by order_id")).toEqual(
      ordersBefore.map((order) => ({
        order_id: order.id,
        position: 1,
        kit_id: order.kit_id,
        kit_name: order.kit_name,
        unit_price: order.unit_price,
        quantity: 1,
        line_total: order.unit_price,
      })),
    );
    expect(await all("select * from order_status_changes order by id")).toEqual(changesBefore);
    expect(await all("select * from gallery_photos order by id")).toEqual(photosBefore);

    // A line's total is its price times its quantity; a kit is one line of an order.
    const orderId = "00000000-0000-4000-8000-000000000000";
    await expect(
      sql`insert into order_lines (order_id, position, kit_id, kit_name, unit_price, quantity, line_total)
        values (${orderId}, 2, 'nautical', 'LifeBox Nautical', 1000, 2, 1000)`.execute(db),
    ).rejects.toThrow();
    await expect(
      sql`insert into order_lines (order_id, position, kit_id, kit_name, unit_price, quantity, line_total)
        values (${orderId}, 2, 'essential', 'LifeBox Essential', 1000, 2, 2000)`.execute(db),
    ).rejects.toThrow();
    await expect(
      sql`insert into order_lines (order_id, position, kit_id, kit_name, unit_price, quantity, line_total)
        values (${orderId}, 2, 'nautical', 'LifeBox Nautical', 1000, 0, 0)`.execute(db),
    ).rejects.toThrow();

    // The admin list's search finds an order by the kits in its lines.
    if (dialect === "sqlite") {
      const { rows } = await sql<{ id: string }>`select orders.id from orders_search
        join orders on orders.rowid = orders_search.rowid where orders_search match '"nautical mini"'`.execute(
        db,
      );
      expect(rows).toEqual([{ id: "00000000-0000-4000-8000-000000000002" }]);
    }
  });
});

import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UnknownKitError } from "~/models/orders.server";
import { createQuote } from "~/models/quotes.server";
import type { NewQuote } from "~/schemas/quote";
import { migrationProvider, type Db } from "~/infra/db.server";
import {
  createTestDatabase,
  dialectsUnderTest,
  useMigratedDatabase,
  type TestDatabase,
} from "../../tests/support/databases";

function newQuote(overrides: Partial<NewQuote> = {}): NewQuote {
  return {
    productId: "industry",
    fullName: "José Muñoz Araya",
    email: "compras@constructora.cl",
    phone: "+56 2 2345 6789",
    company: "Constructora Los Andes SpA",
    city: "Rancagua",
    quantity: 40,
    additionalNotes: "Para tres faenas.",
    ...overrides,
  };
}

describe.each(dialectsUnderTest)("quotes on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Db;
  beforeAll(() => {
    db = database().db;
  });

  it("stores exactly what was sent, one plain value per field, with the catalogue's product name", async () => {
    const now = new Date("2025-03-02T08:00:00.000Z");
    const { id, productName } = await createQuote(db, newQuote(), { now });
    expect(productName).toBe("LifeBox Industry");
    const row = await db.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({
      id,
      productId: "industry",
      productName: "LifeBox Industry",
      fullName: "José Muñoz Araya",
      email: "compras@constructora.cl",
      phone: "+56 2 2345 6789",
      company: "Constructora Los Andes SpA",
      city: "Rancagua",
      quantity: 40,
      additionalNotes: "Para tres faenas.",
      createdAt: "2025-03-02T08:00:00.000Z",
      answeredAt: null,
    });
  });

  it("stores blank notes as null", async () => {
    for (const additionalNotes of [undefined, null, "", "   "]) {
      const { id } = await createQuote(db, newQuote({ productId: "essential-mini", additionalNotes }));
      const row = await db
        .selectFrom("quotes")
        .select(["productName", "additionalNotes"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ productName: "LifeBox Essential Mini", additionalNotes: null });
    }
  });

  it("ignores a product name sent by the browser", async () => {
    const tampered = { ...newQuote({ productId: "nautical" }), productName: "Otro producto" };
    const { id } = await createQuote(db, tampered);
    const row = await db
      .selectFrom("quotes")
      .select("productName")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.productName).toBe("LifeBox Nautical");
  });

  it("stores every quantity from 1 to 10,000 kits", async () => {
    for (const quantity of [1, 10_000]) {
      const { id } = await createQuote(db, newQuote({ quantity }));
      const row = await db
        .selectFrom("quotes")
        .select("quantity")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row.quantity).toBe(quantity);
    }
  });

  it("refuses a quantity the form would refuse (a RangeError) and stores nothing", async () => {
    const email = "cantidad@example.cl";
    for (const quantity of [0, -3, 2.5, 10_001, Number.NaN]) {
      await expect(createQuote(db, newQuote({ quantity, email }))).rejects.toBeInstanceOf(RangeError);
    }
    expect(await db.selectFrom("quotes").select("id").where("email", "=", email).execute()).toEqual([]);
  });

  it("has the database refuse a quantity outside 1–10,000 too", async () => {
    const { id } = await createQuote(db, newQuote());
    for (const quantity of [0, 10_001]) {
      await expect(
        db.updateTable("quotes").set({ quantity }).where("id", "=", id).execute(),
      ).rejects.toThrow();
    }
    const row = await db
      .selectFrom("quotes")
      .select("quantity")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.quantity).toBe(40);
  });

  it("refuses an unknown product and stores nothing", async () => {
    const email = "nadie@example.cl";
    await expect(createQuote(db, newQuote({ productId: "kit-deluxe", email }))).rejects.toBeInstanceOf(
      UnknownKitError,
    );
    expect(await db.selectFrom("quotes").select("id").where("email", "=", email).execute()).toEqual([]);
  });
});

describe.each(dialectsUnderTest)("migration 0015 (quote quantity) on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("keeps every quotation stored before it, with no quantity, and takes it back down", async () => {
    const db = database.db.withoutPlugins();
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo("0014-payments-in-the-shop")).error).toBeUndefined();
    const old = {
      id: "0b5c8f3e-6d1a-4c2b-9e7f-1a2b3c4d5e6f",
      product_id: "industry",
      product_name: "LifeBox Industry",
      full_name: "José Muñoz Araya",
      email: "compras@constructora.cl",
      phone: "+56 2 2345 6789",
      company: "Constructora Los Andes SpA",
      city: "Rancagua",
      additional_notes: "Necesitamos 40 unidades para tres faenas.",
      created_at: "2025-03-02T08:00:00.000Z",
      answered_at: "2025-03-02T10:00:00.000Z",
    };
    await sql`insert into quotes ${sql.raw(`(${Object.keys(old).join(", ")})`)}
      values (${sql.join(Object.values(old))})`.execute(db);

    expect((await migrator.migrateTo("0015-quote-quantity")).error).toBeUndefined();
    const { rows } = await sql<Record<string, unknown>>`select * from quotes`.execute(db);
    // Nothing read out of the comments: the quantity nobody typed stays unknown.
    expect(rows).toEqual([{ ...old, quantity: null }]);
    await expect(sql`update quotes set quantity = 0`.execute(db)).rejects.toThrow();
    await expect(sql`update quotes set quantity = 10001`.execute(db)).rejects.toThrow();
    await sql`update quotes set quantity = 10000`.execute(db);

    expect((await migrator.migrateTo("0014-payments-in-the-shop")).error).toBeUndefined();
    const { rows: after } = await sql<Record<string, unknown>>`select * from quotes`.execute(db);
    expect(after).toEqual([old]);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { UnknownKitError } from "~/models/orders.server";
import { createQuote } from "~/models/quotes.server";
import type { NewQuote } from "~/schemas/quote";
import type { Db } from "~/infra/db.server";
import { dialectsUnderTest, useMigratedDatabase } from "../../tests/support/databases";

function newQuote(overrides: Partial<NewQuote> = {}): NewQuote {
  return {
    productId: "industry",
    fullName: "José Muñoz Araya",
    email: "compras@constructora.cl",
    phone: "+56 2 2345 6789",
    company: "Constructora Los Andes SpA",
    city: "Rancagua",
    additionalNotes: "Necesitamos 40 unidades para tres faenas.",
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
      additionalNotes: "Necesitamos 40 unidades para tres faenas.",
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

  it("refuses an unknown product and stores nothing", async () => {
    const email = "nadie@example.cl";
    await expect(createQuote(db, newQuote({ productId: "kit-deluxe", email }))).rejects.toBeInstanceOf(
      UnknownKitError,
    );
    expect(await db.selectFrom("quotes").select("id").where("email", "=", email).execute()).toEqual([]);
  });
});

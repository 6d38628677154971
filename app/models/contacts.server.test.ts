import { beforeAll, describe, expect, it } from "vitest";
import { createContactMessage } from "~/models/contacts.server";
import type { Db } from "~/infra/db.server";
import { dialectsUnderTest, useMigratedDatabase } from "../../tests/support/databases";

describe.each(dialectsUnderTest)("contact messages on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Db;
  beforeAll(() => {
    db = database().db;
  });

  it("stores exactly what was sent", async () => {
    const now = new Date("2025-03-03T17:45:00.000Z");
    const message = "Hola:\n\n¿Hacen envíos a Punta Arenas? ¿Cuánto demora?\n\nSaludos, Ñuñoa — «gracias»";
    const { id } = await createContactMessage(
      db,
      { name: "María José Ñancupil", email: "mj@example.cl", subject: "Envíos a Magallanes", message },
      { now },
    );
    const row = await db
      .selectFrom("contactMessages")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      id,
      name: "María José Ñancupil",
      email: "mj@example.cl",
      subject: "Envíos a Magallanes",
      message,
      createdAt: "2025-03-03T17:45:00.000Z",
      answeredAt: null,
    });
  });

  it("keeps each message as its own row", async () => {
    const input = { name: "Pedro", email: "pedro@example.cl", subject: "Hola", message: "Uno" };
    const first = await createContactMessage(db, input);
    const second = await createContactMessage(db, input);
    expect(first.id).not.toBe(second.id);
    const rows = await db
      .selectFrom("contactMessages")
      .select("id")
      .where("email", "=", input.email)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it("refuses a message longer than the column allows, on both databases", async () => {
    await expect(
      createContactMessage(db, {
        name: "X",
        email: "x@example.cl",
        subject: "S",
        message: "a".repeat(10001),
      }),
    ).rejects.toThrow();
    const { id } = await createContactMessage(db, {
      name: "X",
      email: "x@example.cl",
      subject: "S",
      message: "ñ".repeat(10000),
    });
    expect(id).toBeTruthy();
  });
});

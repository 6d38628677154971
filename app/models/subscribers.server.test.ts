import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscribe, unsubscribe } from "~/models/subscribers.server";
import { migrateToLatest, migrationProvider, type Db } from "~/infra/db.server";
import {
  createTestDatabase,
  dialectsUnderTest,
  useMigratedDatabase,
  type TestDatabase,
} from "../../tests/support/databases";

describe.each(dialectsUnderTest)("subscribers on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Db;
  beforeAll(() => {
    db = database().db;
  });

  const rowsFor = (email: string) =>
    db.selectFrom("subscribers").selectAll().where("email", "=", email).execute();

  it("stores the trimmed, lower-cased e-mail with the time of consent and a token", async () => {
    const now = new Date("2025-03-04T09:10:11.120Z");
    expect(await subscribe(db, "  Ana.Perez@Example.CL ", { now })).toEqual({
      email: "ana.perez@example.cl",
    });
    expect(await rowsFor("ana.perez@example.cl")).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        email: "ana.perez@example.cl",
        unsubscribeToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        createdAt: "2025-03-04T09:10:11.120Z",
        consentedAt: "2025-03-04T09:10:11.120Z",
      },
    ]);
  });

  it("answers a second subscription the same way and keeps one row, untouched", async () => {
    const email = "dos.veces@example.cl";
    const first = await subscribe(db, email, { now: new Date("2025-03-05T10:00:00.000Z") });
    const [before] = await rowsFor(email);
    const second = await subscribe(db, " DOS.VECES@example.cl", {
      now: new Date("2025-04-05T10:00:00.000Z"),
    });
    expect(second).toEqual(first);
    expect(await rowsFor(email)).toEqual([before]);
  });

  it("gives every subscriber their own token", async () => {
    await subscribe(db, "uno@example.cl");
    await subscribe(db, "otro@example.cl");
    const [uno] = await rowsFor("uno@example.cl");
    const [otro] = await rowsFor("otro@example.cl");
    expect(uno?.unsubscribeToken).toBeDefined();
    expect(uno?.unsubscribeToken).not.toBe(otro?.unsubscribeToken);
  });

  it("refuses an empty address", async () => {
    await expect(subscribe(db, "   ")).rejects.toThrow(TypeError);
  });

  it("unsubscribes with the token, once", async () => {
    const email = "baja@example.cl";
    await subscribe(db, email);
    await subscribe(db, "se.queda@example.cl");
    const [row] = await rowsFor(email);
    const token = row?.unsubscribeToken ?? "";
    expect(await unsubscribe(db, token)).toBe(true);
    expect(await rowsFor(email)).toEqual([]);
    expect(await unsubscribe(db, token)).toBe(false);
    expect(await rowsFor("se.queda@example.cl")).toHaveLength(1);
  });

  it("returns false for a token that is unknown or malformed", async () => {
    const count = async () => (await db.selectFrom("subscribers").select("id").execute()).length;
    const before = await count();
    expect(await unsubscribe(db, "A".repeat(43))).toBe(false);
    expect(await unsubscribe(db, "")).toBe(false);
    expect(await unsubscribe(db, "' or 1=1 --")).toBe(false);
    expect(await unsubscribe(db, "x".repeat(500))).toBe(false);
    expect(await count()).toBe(before);
  });

  it("can subscribe again after unsubscribing, with a new token", async () => {
    const email = "vuelve@example.cl";
    await subscribe(db, email);
    const [first] = await rowsFor(email);
    expect(await unsubscribe(db, first?.unsubscribeToken ?? "")).toBe(true);
    await subscribe(db, email);
    const [second] = await rowsFor(email);
    expect(second?.unsubscribeToken).not.toBe(first?.unsubscribeToken);
  });
});

describe.each(dialectsUnderTest)("subscribers from before consent was recorded, on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("take their subscription time as their consent time", async () => {
    const migrator = new Migrator({ db: database.db, provider: migrationProvider });
    expect((await migrator.migrateTo("0001-subscribers")).error).toBeUndefined();
    await database.db
      .insertInto("subscribers")
      .values({
        id: crypto.randomUUID(),
        email: "antiguo@example.cl",
        unsubscribeToken: "a".repeat(43),
        createdAt: "2024-12-24T20:00:00.000Z",
      })
      .execute();
    await migrateToLatest(database.db);
    const row = await database.db
      .selectFrom("subscribers")
      .select(["createdAt", "consentedAt"])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ createdAt: "2024-12-24T20:00:00.000Z", consentedAt: "2024-12-24T20:00:00.000Z" });
  });
});

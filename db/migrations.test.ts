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

import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { postgresUrl, useMigratedDatabase } from "../../tests/support/databases";

// PostgreSQL only (tests/support/databases.ts prints why when it is not run).
describe.skipIf(!postgresUrl)("the PostgreSQL pool", () => {
  const database = useMigratedDatabase("postgres");

  it("survives the server closing its idle connections, and connects again", async () => {
    const { db } = database();
    await sql`select 1`.execute(db);
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [rows[0]!.name],
      );
    } finally {
      await admin.end();
    }
    // The pool hears of it on the idle connection; an unheard error would fail the run here.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(after.rows).toEqual([{ one: 1 }]);
  });
});

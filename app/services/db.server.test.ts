import { sql } from "kysely";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { insertRow, type Db } from "~/services/db.server";
import { dialectsUnderTest, postgresUrl, useMigratedDatabase } from "../../tests/support/databases";

describe.each(dialectsUnderTest)("insertRow (%s)", (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Db;
  beforeAll(() => {
    db = database().db;
  });

  const challenge = (signature: string) =>
    db
      .selectFrom("used_captcha_challenges")
      .selectAll()
      .where("signature", "=", signature)
      .executeTakeFirst();

  it("stores each row's own values when the compiled statement is reused", async () => {
    for (const [signature, expires] of [
      ["first", "2030-01-01T00:00:00.000Z"],
      ["second", "2031-02-02T00:00:00.000Z"],
      ["third", "2032-03-03T00:00:00.000Z"],
    ] as const) {
      expect(await insertRow(db, "used_captcha_challenges", { signature, expires_at: expires })).toBe(1n);
    }
    expect(await challenge("second")).toEqual({
      signature: "second",
      expires_at: "2031-02-02T00:00:00.000Z",
    });
    expect(await challenge("third")).toEqual({ signature: "third", expires_at: "2032-03-03T00:00:00.000Z" });
  });

  it("inserts nothing, and says so, when the conflict column is taken", async () => {
    const row = { signature: "taken", expires_at: "2030-01-01T00:00:00.000Z" };
    expect(await insertRow(db, "used_captcha_challenges", row, { ignoreConflictOn: "signature" })).toBe(1n);
    expect(
      await insertRow(
        db,
        "used_captcha_challenges",
        { ...row, expires_at: "2099-01-01T00:00:00.000Z" },
        { ignoreConflictOn: "signature" },
      ),
    ).toBe(0n);
    expect(await challenge("taken")).toEqual(row);
  });

  it("keeps nulls, and leaves out the columns that are undefined (their defaults apply)", async () => {
    const base = {
      kind: "x",
      to_address: "a@example.cl",
      subject: "s",
      text_body: "t",
      template_data: null,
      status: "pending" as const,
      attempts: 0,
      next_attempt_at: "2030-01-01T00:00:00.000Z",
      created_at: "2030-01-01T00:00:00.000Z",
    };
    await insertRow(db, "mail_queue", { ...base, id: "with-null", html_body: null });
    await insertRow(db, "mail_queue", { ...base, id: "without", html_body: undefined, attempts: undefined });
    const rows = await db
      .selectFrom("mail_queue")
      .select(["id", "html_body", "attempts"])
      .where("id", "in", ["with-null", "without"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: "with-null", html_body: null, attempts: 0 },
      { id: "without", html_body: null, attempts: 0 },
    ]);
  });
});

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

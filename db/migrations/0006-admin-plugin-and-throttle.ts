import { sql, type Kysely } from "kysely";

/**
 * Staff accounts through Better Auth's admin plugin, and a sign-in throttle that holds under
 * concurrency (issue 11; docs/decisions/026-admin-sign-in-throttle.md).
 *
 * 1. The admin plugin's columns, under our snake_case names: `role` (every account is "admin"),
 *    `banned`, `ban_reason`, `ban_expires` on `admin_users`, `impersonated_by` on `admin_sessions`
 *    (unused by us, but the plugin reads and writes it). Types as in 0004: `boolean` and
 *    `timestamptz` for what Better Auth writes. A disabled account is now a banned one: the rows
 *    disabled so far (`disabled_at`) are carried over, the time kept in `ban_reason`, and
 *    `disabled_at` is dropped, so that there is one truth.
 * 2. The throttle's counters replace the list of failures (`admin_sign_in_failures`): one row per
 *    client address (attempts in its current window), one per account (consecutive failures) and
 *    one per account and address that must wait (until when). Each is changed by one atomic
 *    statement (an upsert), so requests in flight at the same moment are counted one by one.
 */

function maxLength(name: string, max: number) {
  return sql`length(${sql.ref(name)}) <= ${sql.lit(max)}`;
}

/** A time Better Auth writes (see 0004). */
const authTime = "timestamptz";

/** Same as in 0002: SQLite DDL needs its own transaction for all-or-nothing. */
async function atomically(db: Kysely<unknown>, body: (db: Kysely<unknown>) => Promise<void>) {
  if (db.isTransaction) await body(db);
  else await db.transaction().execute(body);
}

export async function up(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    await db.schema
      .alterTable("admin_users")
      .addColumn("role", "varchar(32)", (column) =>
        column.notNull().defaultTo("admin").check(maxLength("role", 32)),
      )
      .execute();
    await db.schema
      .alterTable("admin_users")
      .addColumn("banned", "boolean", (column) => column.notNull().defaultTo(false))
      .execute();
    await db.schema
      .alterTable("admin_users")
      .addColumn("ban_reason", "text", (column) => column.check(maxLength("ban_reason", 500)))
      .execute();
    await db.schema.alterTable("admin_users").addColumn("ban_expires", authTime).execute();
    await db.schema
      .alterTable("admin_sessions")
      .addColumn("impersonated_by", "varchar(36)", (column) => column.check(maxLength("impersonated_by", 36)))
      .execute();

    // `true` as a literal: SQLite (3.23+) reads it as 1, PostgreSQL as its boolean.
    await sql`update admin_users set banned = true, ban_reason = ${"Disabled at "} || disabled_at
      where disabled_at is not null`.execute(db);
    await db.schema.alterTable("admin_users").dropColumn("disabled_at").execute();

    await db.schema.dropTable("admin_sign_in_failures").execute();

    // Per client address: sign-in attempts counted in the window that started at
    // window_started_at (a success gives its attempt back).
    await db.schema
      .createTable("admin_sign_in_addresses")
      .addColumn("ip", "varchar(64)", (column) => column.primaryKey().check(maxLength("ip", 64)))
      .addColumn("attempts", "integer", (column) => column.notNull())
      .addColumn("window_started_at", "varchar(32)", (column) =>
        column.notNull().check(maxLength("window_started_at", 32)),
      )
      .execute();
    await db.schema
      .createIndex("admin_sign_in_addresses_window_index")
      .on("admin_sign_in_addresses")
      .column("window_started_at")
      .execute();

    // Per account (a keyed hash of the e-mail typed, never the e-mail): consecutive failures.
    await db.schema
      .createTable("admin_sign_in_accounts")
      .addColumn("account_key", "varchar(64)", (column) =>
        column.primaryKey().check(maxLength("account_key", 64)),
      )
      .addColumn("failures", "integer", (column) => column.notNull())
      .addColumn("last_failed_at", "varchar(32)", (column) =>
        column.notNull().check(maxLength("last_failed_at", 32)),
      )
      .execute();
    await db.schema
      .createIndex("admin_sign_in_accounts_last_failed_index")
      .on("admin_sign_in_accounts")
      .column("last_failed_at")
      .execute();

    // An address that failed for an account waits until `until` before trying that account again.
    await db.schema
      .createTable("admin_sign_in_holds")
      .addColumn("account_key", "varchar(64)", (column) =>
        column.notNull().check(maxLength("account_key", 64)),
      )
      .addColumn("ip", "varchar(64)", (column) => column.notNull().check(maxLength("ip", 64)))
      .addColumn("until", "varchar(32)", (column) => column.notNull().check(maxLength("until", 32)))
      .addPrimaryKeyConstraint("admin_sign_in_holds_pk", ["account_key", "ip"])
      .execute();
    await db.schema
      .createIndex("admin_sign_in_holds_until_index")
      .on("admin_sign_in_holds")
      .column("until")
      .execute();
  });
}

export async function down(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    await db.schema.dropTable("admin_sign_in_holds").execute();
    await db.schema.dropTable("admin_sign_in_accounts").execute();
    await db.schema.dropTable("admin_sign_in_addresses").execute();
    await db.schema
      .createTable("admin_sign_in_failures")
      .addColumn("id", "varchar(36)", (column) => column.primaryKey().check(maxLength("id", 36)))
      .addColumn("ip", "varchar(64)", (column) => column.notNull().check(maxLength("ip", 64)))
      .addColumn("account_key", "varchar(64)", (column) =>
        column.notNull().check(maxLength("account_key", 64)),
      )
      .addColumn("failed_at", "varchar(32)", (column) => column.notNull().check(maxLength("failed_at", 32)))
      .execute();
    for (const [name, columns] of [
      ["admin_sign_in_failures_ip_index", ["ip", "failed_at"]],
      ["admin_sign_in_failures_account_index", ["account_key", "failed_at"]],
      ["admin_sign_in_failures_failed_at_index", ["failed_at"]],
    ] as const) {
      await db.schema
        .createIndex(name)
        .on("admin_sign_in_failures")
        .columns([...columns])
        .execute();
    }

    await db.schema
      .alterTable("admin_users")
      .addColumn("disabled_at", "varchar(32)", (column) => column.check(maxLength("disabled_at", 32)))
      .execute();
    // The time of disabling, where it was kept; otherwise the time of going back.
    await sql`update admin_users set disabled_at = case
        when ban_reason like ${"Disabled at %"} then substr(ban_reason, 13, 24)
        else ${new Date().toISOString()} end
      where banned = true`.execute(db);
    await db.schema.alterTable("admin_sessions").dropColumn("impersonated_by").execute();
    for (const column of ["ban_expires", "ban_reason", "banned", "role"]) {
      await db.schema.alterTable("admin_users").dropColumn(column).execute();
    }
  });
}

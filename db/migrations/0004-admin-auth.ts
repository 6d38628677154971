import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";

/**
 * Staff sign-in (issue 4, docs/product.md#d11, #d12; docs/decisions/018-admin-sign-in.md): the four tables
 * Better Auth reads and writes — accounts of people (`admin_users`), their sign-in sessions
 * (`admin_sessions`), their credentials (`admin_accounts`: the password hash, or later an OIDC
 * identity) and one-time tokens (`admin_verifications`) — plus what we add: the time an account was
 * disabled, and the failed sign-ins that throttle guessing.
 *
 * Better Auth's columns follow Better Auth's contract rather than decision 003, on purpose:
 * - Its times are `timestamptz`. On PostgreSQL Better Auth hands the driver Date objects and compares
 *   the Dates it reads back (a session is expired when `expiresAt < new Date()`), so the column must
 *   give back a Date; a varchar would give back a string and such a comparison is always false.
 *   SQLite takes any type name: `timestamptz` has NUMERIC affinity there, and Better Auth writes
 *   ISO-8601 strings (it knows SQLite has no date type), which stay text.
 * - `email_verified` is `boolean`: PostgreSQL's boolean, and 0/1 under NUMERIC affinity on SQLite
 *   (Better Auth converts both ways).
 * The same statements therefore run on both databases. Our own columns (`disabled_at`, the failure
 * record) keep the ISO-8601 text times of decision 003. Ids are UUIDs made by the application
 * (Better Auth is configured to make them with crypto.randomUUID()).
 *
 * Text columns whose values we decide carry a CHECK on their length, as in 0002 (SQLite ignores
 * varchar lengths). Values another party decides (a browser's User-Agent, an identity provider's
 * tokens) are plain text: a surprising length must not make a sign-in fail.
 */

type Column = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

function maxLength(name: string, max: number) {
  return sql`length(${sql.ref(name)}) <= ${sql.lit(max)}`;
}

/** A required text column of at most `max` characters. */
function text(name: string, max: number): Column {
  return (column) => column.notNull().check(maxLength(name, max));
}

/** An optional text column of at most `max` characters. */
function optionalText(name: string, max: number): Column {
  return (column) => column.check(maxLength(name, max));
}

/** A time Better Auth writes (see above). */
const authTime = "timestamptz";

/** Same as in 0002: SQLite DDL needs its own transaction for all-or-nothing. */
async function atomically(db: Kysely<unknown>, body: (db: Kysely<unknown>) => Promise<void>) {
  if (db.isTransaction) await body(db);
  else await db.transaction().execute(body);
}

export async function up(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    await db.schema
      .createTable("admin_users")
      .addColumn("id", "varchar(36)", (column) => column.primaryKey().check(maxLength("id", 36)))
      .addColumn("name", "varchar(200)", text("name", 200))
      // Lower-cased by Better Auth and by our provisioning; the sign-in name (docs/product.md#spec-5).
      .addColumn("email", "varchar(254)", (column) => text("email", 254)(column).unique())
      .addColumn("email_verified", "boolean", (column) => column.notNull().defaultTo(false))
      .addColumn("image", "text", optionalText("image", 2000))
      .addColumn("created_at", authTime, (column) => column.notNull())
      .addColumn("updated_at", authTime, (column) => column.notNull())
      // Ours: when an admin disabled the account (null: active). A disabled account cannot sign in
      // and its sessions are deleted; the row stays, because order history names its staff.
      .addColumn("disabled_at", "varchar(32)", optionalText("disabled_at", 32))
      .execute();

    await db.schema
      .createTable("admin_sessions")
      .addColumn("id", "varchar(36)", (column) => column.primaryKey().check(maxLength("id", 36)))
      .addColumn("token", "varchar(255)", (column) => text("token", 255)(column).unique())
      .addColumn("user_id", "varchar(36)", (column) =>
        column.notNull().references("admin_users.id").onDelete("cascade"),
      )
      .addColumn("expires_at", authTime, (column) => column.notNull())
      .addColumn("created_at", authTime, (column) => column.notNull())
      .addColumn("updated_at", authTime, (column) => column.notNull())
      .addColumn("ip_address", "varchar(64)", optionalText("ip_address", 64))
      .addColumn("user_agent", "text")
      .execute();
    await db.schema.createIndex("admin_sessions_user_index").on("admin_sessions").column("user_id").execute();

    await db.schema
      .createTable("admin_accounts")
      .addColumn("id", "varchar(36)", (column) => column.primaryKey().check(maxLength("id", 36)))
      // "credential" with the user's id for a password; an identity provider and its subject for OIDC.
      .addColumn("provider_id", "varchar(64)", text("provider_id", 64))
      .addColumn("account_id", "varchar(255)", text("account_id", 255))
      .addColumn("user_id", "varchar(36)", (column) =>
        column.notNull().references("admin_users.id").onDelete("cascade"),
      )
      .addColumn("password", "text", optionalText("password", 500))
      .addColumn("access_token", "text")
      .addColumn("refresh_token", "text")
      .addColumn("id_token", "text")
      .addColumn("access_token_expires_at", authTime)
      .addColumn("refresh_token_expires_at", authTime)
      .addColumn("scope", "text")
      .addColumn("created_at", authTime, (column) => column.notNull())
      .addColumn("updated_at", authTime, (column) => column.notNull())
      .execute();
    await db.schema.createIndex("admin_accounts_user_index").on("admin_accounts").column("user_id").execute();
    await db.schema
      .createIndex("admin_accounts_provider_account_index")
      .on("admin_accounts")
      .columns(["provider_id", "account_id"])
      .unique()
      .execute();

    await db.schema
      .createTable("admin_verifications")
      .addColumn("id", "varchar(36)", (column) => column.primaryKey().check(maxLength("id", 36)))
      .addColumn("identifier", "text", (column) => column.notNull())
      .addColumn("value", "text", (column) => column.notNull())
      .addColumn("expires_at", authTime, (column) => column.notNull())
      .addColumn("created_at", authTime, (column) => column.notNull())
      .addColumn("updated_at", authTime, (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex("admin_verifications_identifier_index")
      .on("admin_verifications")
      .column("identifier")
      .execute();

    // Failed sign-ins of the last minutes, the throttle's memory (per IP and per account). The
    // account is a keyed hash of the e-mail typed, never the e-mail itself (it may be a typo of
    // someone's address, or a password typed in the wrong box); rows older than the window are
    // deleted as new ones arrive.
    await db.schema
      .createTable("admin_sign_in_failures")
      .addColumn("id", "varchar(36)", (column) => column.primaryKey().check(maxLength("id", 36)))
      .addColumn("ip", "varchar(64)", text("ip", 64))
      .addColumn("account_key", "varchar(64)", text("account_key", 64))
      .addColumn("failed_at", "varchar(32)", text("failed_at", 32))
      .execute();
    await db.schema
      .createIndex("admin_sign_in_failures_ip_index")
      .on("admin_sign_in_failures")
      .columns(["ip", "failed_at"])
      .execute();
    await db.schema
      .createIndex("admin_sign_in_failures_account_index")
      .on("admin_sign_in_failures")
      .columns(["account_key", "failed_at"])
      .execute();
    await db.schema
      .createIndex("admin_sign_in_failures_failed_at_index")
      .on("admin_sign_in_failures")
      .column("failed_at")
      .execute();
  });
}

export async function down(database: Kysely<unknown>): Promise<void> {
  await atomically(database, async (db) => {
    await db.schema.dropTable("admin_sign_in_failures").execute();
    await db.schema.dropTable("admin_verifications").execute();
    await db.schema.dropTable("admin_accounts").execute();
    await db.schema.dropTable("admin_sessions").execute();
    await db.schema.dropTable("admin_users").execute();
  });
}

import type { Db } from "~/services/db.server";
import { isoTime, withAdminTables, type AdminAuthTables } from "~/services/admin-db-schema";

/**
 * Staff accounts as the admin screens see them (DECISIONS D12). Creating an account and checking
 * passwords belong to Better Auth (services/auth.server.ts); listing, disabling and enabling are
 * plain reads and writes of our own columns.
 */

export interface AdminAccountSummary {
  id: string;
  name: string;
  email: string;
  createdAt: string;
  /** ISO time the account was disabled; null while active. */
  disabledAt: string | null;
}

/** Every staff account, active ones first, then by name. */
export async function listAdminUsers(db: Db): Promise<AdminAccountSummary[]> {
  const rows = await withAdminTables(db)
    .selectFrom("admin_users")
    .select(["id", "name", "email", "created_at", "disabled_at"])
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      createdAt: isoTime(row.created_at),
      disabledAt: row.disabled_at,
    }))
    .sort(
      (a, b) =>
        Number(a.disabledAt !== null) - Number(b.disabledAt !== null) || a.name.localeCompare(b.name, "es"),
    );
}

export async function adminEmailExists(db: Db, email: string): Promise<boolean> {
  const row = await withAdminTables(db)
    .selectFrom("admin_users")
    .select("id")
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the account is disabled (an unknown id counts as disabled: it cannot sign in either). */
export async function isAdminDisabled(db: Db, userId: string): Promise<boolean> {
  const row = await withAdminTables(db)
    .selectFrom("admin_users")
    .select("disabled_at")
    .where("id", "=", userId)
    .executeTakeFirst();
  return !row || row.disabled_at !== null;
}

/**
 * Disables an account and ends all its sessions, in one transaction. False if there is no such
 * account or it already was disabled.
 */
export async function disableAdminUser(db: Db, userId: string, now: Date = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const tables = trx.withTables<AdminAuthTables>();
    const result = await tables
      .updateTable("admin_users")
      .set({ disabled_at: now.toISOString() })
      .where("id", "=", userId)
      .where("disabled_at", "is", null)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await tables.deleteFrom("admin_sessions").where("user_id", "=", userId).execute();
    return true;
  });
}

/** Lets a disabled account sign in again (with its old password). False if it was not disabled. */
export async function enableAdminUser(db: Db, userId: string): Promise<boolean> {
  const result = await withAdminTables(db)
    .updateTable("admin_users")
    .set({ disabled_at: null })
    .where("id", "=", userId)
    .where("disabled_at", "is not", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

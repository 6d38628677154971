import type { Db } from "~/infra/db.server";
import { isoTime, withAdminTables } from "~/infra/admin-db-schema";

/**
 * Staff accounts as the admin screens see them (DECISIONS D12). Creating, disabling and enabling an
 * account, and checking passwords, belong to Better Auth and its admin plugin
 * (services/auth.server.ts); here are the plain reads. A disabled account is what the plugin calls
 * "banned" (migration 0006).
 */

export interface AdminAccountSummary {
  id: string;
  name: string;
  email: string;
  createdAt: string;
  /** Disabled: it cannot sign in and has no session. */
  disabled: boolean;
}

/** Every staff account, active ones first, then by name. */
export async function listAdminUsers(db: Db): Promise<AdminAccountSummary[]> {
  const rows = await withAdminTables(db)
    .selectFrom("adminUsers")
    .select(["id", "name", "email", "createdAt", "banned"])
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      createdAt: isoTime(row.createdAt),
      disabled: Boolean(row.banned),
    }))
    .sort((a, b) => Number(a.disabled) - Number(b.disabled) || a.name.localeCompare(b.name, "es"));
}

/** One account, or undefined. */
export async function findAdminUser(
  db: Db,
  userId: string,
): Promise<{ id: string; name: string; disabled: boolean } | undefined> {
  const row = await withAdminTables(db)
    .selectFrom("adminUsers")
    .select(["id", "name", "banned"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return row && { id: row.id, name: row.name, disabled: Boolean(row.banned) };
}

export async function adminEmailExists(db: Db, email: string): Promise<boolean> {
  const row = await withAdminTables(db)
    .selectFrom("adminUsers")
    .select("id")
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

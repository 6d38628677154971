import type { Db } from "~/infra/db.server";
import { isoTime, withAdminTables } from "~/infra/admin-db-schema";

/**
 * Staff accounts as the admin screens read them (docs/product.md#d12). Creating, disabling and checking
 * passwords belong to Better Auth (services/auth.server.ts); a disabled account is what its admin
 * plugin calls "banned" (migration 0006): it cannot sign in and has no session.
 */

/** Every staff account, active ones first, then by name. */
export async function listAdminUsers(db: Db) {
  const rows = await withAdminTables(db)
    .selectFrom("adminUsers")
    .select(["id", "name", "email", "createdAt", "banned"])
    .execute();
  return rows
    .map(({ banned, createdAt, ...row }) => ({
      ...row,
      createdAt: isoTime(createdAt),
      disabled: Boolean(banned),
    }))
    .sort((a, b) => Number(a.disabled) - Number(b.disabled) || a.name.localeCompare(b.name, "es"));
}

/** One account, or undefined. */
export async function findAdminUser(db: Db, userId: string) {
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

/** Whether any staff account exists: until one does, the start-up summary and /admin/login say how to make it. */
export async function adminAccountExists(db: Db): Promise<boolean> {
  const row = await withAdminTables(db).selectFrom("adminUsers").select("id").limit(1).executeTakeFirst();
  return row !== undefined;
}

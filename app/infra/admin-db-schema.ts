import type { Db } from "~/infra/db.server";

/**
 * The staff sign-in tables (migrations 0004, 0006), kept apart from infra/db-schema.ts because
 * Better Auth owns most of their columns: its times are Date objects on PostgreSQL and ISO-8601 text
 * on SQLite, its booleans booleans or 0/1 (docs/decisions/018). Only the columns our code reads or
 * writes are typed; Better Auth's accounts and verifications tables are its own business.
 */
export type AdminAuthTables = {
  adminUsers: AdminUsersTable;
  adminSessions: AdminSessionsTable;
  adminSignInAddresses: { ip: string; attempts: number; windowStartedAt: string };
  /** `accountKey`: HMAC-SHA256 (hex) of the lower-cased e-mail typed, never the e-mail itself. */
  adminSignInAccounts: { accountKey: string; failures: number; lastFailedAt: string };
  /** The address may not try the account again before `until`. */
  adminSignInHolds: { accountKey: string; ip: string; until: string };
};

/** A time written by Better Auth: Date on PostgreSQL, ISO-8601 text on SQLite. */
export type AuthTime = Date | string;

export interface AdminUsersTable {
  id: string;
  name: string;
  /** Lower-cased; unique; the sign-in name. */
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  createdAt: AuthTime;
  updatedAt: AuthTime;
  /** Better Auth's admin plugin: always "admin" here. */
  role: string;
  /** A disabled account (the admin plugin's "ban"). */
  banned: boolean | number;
  banReason: string | null;
  banExpires: AuthTime | null;
}

export interface AdminSessionsTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: AuthTime;
  createdAt: AuthTime;
  updatedAt: AuthTime;
  ipAddress: string | null;
  userAgent: string | null;
  impersonatedBy: string | null;
}

/** The connection with the staff sign-in tables known to the type checker. */
export function withAdminTables(db: Db) {
  return db.withTables<AdminAuthTables>();
}

/** An AuthTime as ISO-8601 UTC text, the form the rest of the application uses. */
export function isoTime(value: AuthTime): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

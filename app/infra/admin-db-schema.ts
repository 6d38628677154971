import type { Db } from "~/infra/db.server";

/**
 * The staff sign-in tables of migration 0004 as Kysely sees them (docs/decisions/018). They are kept
 * apart from infra/db-schema.ts and added to a connection with `withAdminTables`, because Better
 * Auth owns most of their columns: its times come back as Date objects on PostgreSQL (timestamptz)
 * and as ISO-8601 strings on SQLite, and its booleans as booleans or 0/1. Code reading them goes
 * through `isoTime`.
 */
export type AdminAuthTables = {
  admin_users: AdminUsersTable;
  admin_sessions: AdminSessionsTable;
  admin_accounts: AdminAccountsTable;
  admin_verifications: AdminVerificationsTable;
  admin_sign_in_addresses: AdminSignInAddressesTable;
  admin_sign_in_accounts: AdminSignInAccountsTable;
  admin_sign_in_holds: AdminSignInHoldsTable;
};

/** A time written by Better Auth: Date on PostgreSQL, ISO-8601 text on SQLite. */
export type AuthTime = Date | string;

export interface AdminUsersTable {
  id: string;
  name: string;
  /** Lower-cased; unique; the sign-in name. */
  email: string;
  email_verified: boolean | number;
  image: string | null;
  created_at: AuthTime;
  updated_at: AuthTime;
  /** Better Auth's admin plugin (migration 0006): always "admin" here. */
  role: string;
  /** A disabled account (admin plugin "ban"): no sign-in, no session. Boolean, or 0/1 on SQLite. */
  banned: boolean | number;
  ban_reason: string | null;
  ban_expires: AuthTime | null;
}

export interface AdminSessionsTable {
  id: string;
  token: string;
  user_id: string;
  expires_at: AuthTime;
  created_at: AuthTime;
  updated_at: AuthTime;
  ip_address: string | null;
  user_agent: string | null;
  /** Admin plugin: never set by us (no impersonation). */
  impersonated_by: string | null;
}

export interface AdminAccountsTable {
  id: string;
  /** "credential" for a password. */
  provider_id: string;
  account_id: string;
  user_id: string;
  /** Better Auth's scrypt hash; null for an identity-provider account. */
  password: string | null;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: AuthTime | null;
  refresh_token_expires_at: AuthTime | null;
  scope: string | null;
  created_at: AuthTime;
  updated_at: AuthTime;
}

export interface AdminVerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: AuthTime;
  created_at: AuthTime;
  updated_at: AuthTime;
}

/** The sign-in throttle (migration 0006; models/admin-sign-in-throttle.server.ts). ISO-8601 times. */
export interface AdminSignInAddressesTable {
  ip: string;
  /** Attempts counted in the window that started at `window_started_at`. */
  attempts: number;
  window_started_at: string;
}

export interface AdminSignInAccountsTable {
  /** HMAC-SHA256 (hex) of the lower-cased e-mail typed: never the e-mail itself. */
  account_key: string;
  /** Consecutive failures (forgotten once the last one is older than the window). */
  failures: number;
  last_failed_at: string;
}

export interface AdminSignInHoldsTable {
  account_key: string;
  ip: string;
  /** The address may not try the account again before this time. */
  until: string;
}

/** The connection with the staff sign-in tables known to the type checker. */
export function withAdminTables(db: Db) {
  return db.withTables<AdminAuthTables>();
}

export type AdminDb = ReturnType<typeof withAdminTables>;

/** An AuthTime as ISO-8601 UTC text, the form the rest of the application uses. */
export function isoTime(value: AuthTime): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

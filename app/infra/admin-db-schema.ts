import type { Db } from "~/infra/db.server";

/**
 * The staff sign-in tables of migration 0004 as Kysely sees them (docs/decisions/018). They are kept
 * apart from infra/db-schema.ts and added to a connection with `withAdminTables`, because Better
 * Auth owns most of their columns: its times come back as Date objects on PostgreSQL (timestamptz)
 * and as ISO-8601 strings on SQLite, and its booleans as booleans or 0/1. Code reading them goes
 * through `isoTime`.
 */
export type AdminAuthTables = {
  adminUsers: AdminUsersTable;
  adminSessions: AdminSessionsTable;
  adminAccounts: AdminAccountsTable;
  adminVerifications: AdminVerificationsTable;
  adminSignInAddresses: AdminSignInAddressesTable;
  adminSignInAccounts: AdminSignInAccountsTable;
  adminSignInHolds: AdminSignInHoldsTable;
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
  /** Better Auth's admin plugin (migration 0006): always "admin" here. */
  role: string;
  /** A disabled account (admin plugin "ban"): no sign-in, no session. Boolean, or 0/1 on SQLite. */
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
  /** Admin plugin: never set by us (no impersonation). */
  impersonatedBy: string | null;
}

export interface AdminAccountsTable {
  id: string;
  /** "credential" for a password. */
  providerId: string;
  accountId: string;
  userId: string;
  /** Better Auth's scrypt hash; null for an identity-provider account. */
  password: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: AuthTime | null;
  refreshTokenExpiresAt: AuthTime | null;
  scope: string | null;
  createdAt: AuthTime;
  updatedAt: AuthTime;
}

export interface AdminVerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: AuthTime;
  createdAt: AuthTime;
  updatedAt: AuthTime;
}

/** The sign-in throttle (migration 0006; models/admin-sign-in-throttle.server.ts). ISO-8601 times. */
export interface AdminSignInAddressesTable {
  ip: string;
  /** Attempts counted in the window that started at `window_started_at`. */
  attempts: number;
  windowStartedAt: string;
}

export interface AdminSignInAccountsTable {
  /** HMAC-SHA256 (hex) of the lower-cased e-mail typed: never the e-mail itself. */
  accountKey: string;
  /** Consecutive failures (forgotten once the last one is older than the window). */
  failures: number;
  lastFailedAt: string;
}

export interface AdminSignInHoldsTable {
  accountKey: string;
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

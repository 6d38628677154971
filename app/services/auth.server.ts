import crypto from "node:crypto";
import { APIError, betterAuth } from "better-auth";
import { admin as adminPlugin } from "better-auth/plugins/admin";
import { data, redirect } from "react-router";
import { loginPathFor } from "~/lib/admin-paths";
import {
  recordSignInFailure,
  recordSignInSuccess,
  releaseSignInAttempt,
  reserveSignInAttempt,
  type ThrottleKeys,
} from "~/models/admin-sign-in-throttle.server";
import { adminEmailExists, findAdminUser } from "~/models/admin-users.server";
import { withAdminTables } from "~/infra/admin-db-schema";
import { dialectOf, getDb, type Db, type Dialect } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { logger } from "~/infra/logger.server";
import { resolvePersistedSecret } from "~/infra/secrets.server";

/**
 * Staff sign-in (issue 4; DECISIONS D11, D12; docs/decisions/018-admin-sign-in.md) with Better Auth:
 * e-mail and password only, accounts and sessions in our own database (migrations 0004, 0006), no
 * sign-up of any kind, no Better Auth HTTP endpoints mounted — the admin routes call `auth.api` on
 * the server, and every admin loader and action checks the session itself through `requireAdmin`.
 * Accounts are created, disabled and enabled through Better Auth's admin plugin (its `createUser`,
 * `banUser`, `unbanUser`); the sign-in throttle is ours (docs/decisions/026).
 */

/** Sessions end after this long without a request (Better Auth `session.expiresIn`). */
export const sessionInactivitySeconds = 2 * 60 * 60;
/** A session in use is pushed forward at most this often (Better Auth `session.updateAge`). */
export const sessionRefreshSeconds = 10 * 60;
/** However active, a session ends this long after sign-in: a new working day signs in again. */
export const sessionMaxAgeMs = 12 * 60 * 60_000;

/** Cookie names start with this (Better Auth adds `__Secure-` in front when the site is https). */
const cookiePrefix = "lifebox-admin";
/** The header through which we hand Better Auth the client IP we trust (server/app.ts TRUST_PROXY). */
const clientIpHeader = "x-lifebox-client-ip";

export interface AuthSettings {
  secret: string;
  siteUrl: string;
  dialect: Dialect;
}

/**
 * The configured secret, or the one kept in `dataDir/auth-secret` (created on first use, mode 600),
 * so sessions survive a restart and every process sharing DATA_DIR accepts them. Same scheme as the
 * captcha secret (services/captcha.server.ts).
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  return resolvePersistedSecret(configured, dataDir, "auth-secret");
}

// Which database a Kysely instance talks to: Better Auth converts times and booleans per engine.
export { dialectOf } from "~/infra/db.server";


export function createAuth(db: Db, { secret, siteUrl, dialect }: AuthSettings) {
  return betterAuth({
    appName: "LifeBox",
    baseURL: siteUrl,
    secret,
    // Our Kysely connection; transactions on, so a password change (sessions revoked, hash
    // replaced, new session) is all-or-nothing.
    database: { db, type: dialect, transaction: true },
    emailAndPassword: {
      enabled: true,
      // D12: accounts are provisioned (npm run admin:create, /admin/users), never self-registered.
      disableSignUp: true,
      // Our policy (SPEC §5) is checked by schemas/admin-auth.ts before Better Auth sees a password.
      minPasswordLength: 8,
      maxPasswordLength: 128,
    },
    // Our tables of migration 0004; their snake_case columns are the CamelCasePlugin's business
    // (infra/db.server.ts), so Better Auth's own field names need no mapping.
    user: { modelName: "admin_users" },
    session: {
      modelName: "admin_sessions",
      expiresIn: sessionInactivitySeconds,
      updateAge: sessionRefreshSeconds,
      // Every request reads the session row: signing out or disabling an account takes effect at once.
      cookieCache: { enabled: false },
    },
    account: {
      modelName: "admin_accounts",
      // No account of one person may be linked to another's by e-mail.
      accountLinking: { enabled: false },
    },
    verification: { modelName: "admin_verifications" },
    plugins: [
      // Creating, disabling ("ban") and enabling accounts, and refusing a session to a disabled
      // account whatever the way in (its session hook; the sign-in action answers that like a
      // wrong password). Every account is an admin (SPEC §6: one role). Its HTTP endpoints are
      // not mounted either: only our server code calls it, through `auth.api`.
      adminPlugin({
        defaultRole: "admin",
        adminRoles: ["admin"],
      }),
    ],
    databaseHooks: {
      session: {
        create: {
          async before(session) {
            return { data: { ...session, userAgent: session.userAgent?.slice(0, 500) ?? null } };
          },
        },
      },
    },
    // The sign-in throttle is ours (models/admin-sign-in-throttle.server.ts), kept in the database;
    // Better Auth's own limiter only guards its HTTP handler, which is not mounted.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      cookiePrefix,
      // httpOnly and SameSite=Lax are Better Auth's defaults, stated here; Secure when the public
      // site is https. The cookies go only to /admin.
      useSecureCookies: siteUrl.startsWith("https:"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/admin" },
      database: { generateId: () => crypto.randomUUID() },
      ipAddress: { ipAddressHeaders: [clientIpHeader] },
    },
    logger: {
      level: "warn",
      log(level, message, ...args) {
        const method = level === "debug" ? "debug" : level === "info" ? "info" : level;
        logger[method]({ args }, `Better Auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const instances = new WeakMap<Db, Auth>();

/** The Better Auth instance over the process database (one per connection: tests switch them). */
export function getAuth(db: Db = getDb()): Auth {
  let auth = instances.get(db);
  if (!auth) {
    const env = getEnv();
    auth = createAuth(db, {
      secret: resolveAuthSecret(env.AUTH_SECRET, env.dataDir),
      siteUrl: env.SITE_URL,
      dialect: dialectOf(db),
    });
    instances.set(db, auth);
  }
  return auth;
}

/** The signed-in staff member as every admin page knows them. */
export interface AdminUser {
  id: string;
  name: string;
  email: string;
}

export interface AdminSession {
  user: AdminUser;
  sessionId: string;
  /** Set-Cookie headers to send back (Better Auth extends the cookie when it extends the session). */
  headers: Headers;
}

/** The request's headers Better Auth may see, with the client IP we trust in our own header. */
function authHeaders(request: Request, clientIp?: string): Headers {
  const headers = new Headers();
  for (const name of ["cookie", "user-agent"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (clientIp) headers.set(clientIpHeader, clientIp.slice(0, 64));
  return headers;
}

/** Only the Set-Cookie headers of a Better Auth answer. */
function cookiesOf(source: Headers | undefined): Headers {
  const headers = new Headers();
  for (const cookie of source?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  return headers;
}

const sessionsByRequest = new WeakMap<Request, Promise<AdminSession | null>>();

/**
 * The request's staff session, or null: no cookie, a forged or expired one, a session deleted by a
 * sign-out, a disabled account, or a session older than `sessionMaxAgeMs`. Asked once per request
 * (the layout and the page loaders share the answer); `headers` carries Better Auth's cookie updates.
 */
export function getAdminSession(request: Request, db: Db = getDb()): Promise<AdminSession | null> {
  let pending = sessionsByRequest.get(request);
  if (!pending) {
    pending = readAdminSession(request, db);
    sessionsByRequest.set(request, pending);
  }
  return pending;
}

async function readAdminSession(request: Request, db: Db): Promise<AdminSession | null> {
  if (!request.headers.get("cookie")) return null;
  const auth = getAuth(db);
  const { headers, response } = await auth.api.getSession({
    headers: authHeaders(request),
    returnHeaders: true,
  });
  if (!response) return null;
  const { session, user } = response;
  const tooOld = Date.now() - new Date(session.createdAt).getTime() > sessionMaxAgeMs;
  if (user.banned || tooOld) {
    await withAdminTables(db).deleteFrom("adminSessions").where("id", "=", session.id).execute();
    return null;
  }
  return {
    user: { id: user.id, name: user.name, email: user.email },
    sessionId: session.id,
    headers: cookiesOf(headers),
  };
}

/**
 * For every admin page's loader and action: the signed-in staff member, or a redirect to the sign-in
 * page that comes back here (`?redirectTo=` the path and query asked for).
 */
export async function requireAdmin(request: Request, db?: Db): Promise<AdminSession> {
  const admin = await getAdminSession(request, db);
  if (admin) return admin;
  const url = new URL(request.url);
  throw redirect(loginPathFor(`${url.pathname}${url.search}`), {
    headers: { "Cache-Control": "no-store" },
  });
}

/** For admin data and resource routes (exports, JSON): the staff member, or a 401 answer. */
export async function requireAdminForData(request: Request, db?: Db): Promise<AdminSession> {
  const admin = await getAdminSession(request, db);
  if (admin) return admin;
  throw data(
    { error: "No autorizado: inicia sesión en el panel de administración." },
    { status: 401, headers: { "Cache-Control": "no-store" } },
  );
}

/** The account key of the sign-in throttle: HMAC-SHA256 of the lower-cased e-mail. */
export function accountKeyOf(email: string): string {
  const env = getEnv();
  return crypto
    .createHmac("sha256", resolveAuthSecret(env.AUTH_SECRET, env.dataDir))
    .update(`admin-sign-in:${email.trim().toLowerCase()}`)
    .digest("hex");
}

function throttleKeys(email: string, clientIp: string): ThrottleKeys {
  return { ip: clientIp.slice(0, 64), accountKey: accountKeyOf(email) };
}

/** What Better Auth's refusal says, for the log (never for the visitor). */
function codeOf(error: APIError): string | undefined {
  return (error.body as { code?: string } | undefined)?.code;
}

export type SignInOutcome =
  | { ok: true; headers: Headers }
  /** Wrong password, unknown e-mail or disabled account: never told apart (SPEC §8). */
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/**
 * Signs a staff member in, unless the throttle says this address must wait (docs/decisions/026):
 * the attempt is counted before the password is checked. Failures of any kind are recorded and
 * answered the same; anything else (the database is down) is thrown.
 */
export async function signInAdmin({
  email,
  password,
  request,
  clientIp,
  db = getDb(),
  now = new Date(),
}: {
  email: string;
  password: string;
  request: Request;
  clientIp: string;
  db?: Db;
  now?: Date;
}): Promise<SignInOutcome> {
  const keys = throttleKeys(email, clientIp);
  const decision = await reserveSignInAttempt(db, keys, now);
  if (!decision.allowed) {
    logger.warn({ ip: keys.ip }, "Error de inicio de sesión: demasiados intentos fallidos");
    return { ok: false, reason: "throttled", retryAfterSeconds: Math.ceil(decision.retryAfterMs / 1000) };
  }
  try {
    const headers = new Headers(authHeaders(request, clientIp));
    // A sign-in starts a new session: an old cookie of this browser plays no part.
    headers.delete("cookie");
    const result = await getAuth(db).api.signInEmail({
      body: { email: email.trim().toLowerCase(), password, rememberMe: true },
      headers,
      returnHeaders: true,
    });
    await recordSignInSuccess(db, keys);
    return { ok: true, headers: cookiesOf(result.headers) };
  } catch (error) {
    if (!(error instanceof APIError) || error.statusCode >= 500) {
      // Not a guess that failed: the address gets its attempt back.
      await releaseSignInAttempt(db, keys.ip).catch(() => {});
      throw error;
    }
    await recordSignInFailure(db, keys, now);
    logger.warn({ ip: keys.ip, code: codeOf(error) }, "Error de inicio de sesión:");
    return { ok: false, reason: "invalid" };
  }
}

/**
 * Ends the request's session on the server and expires the cookie. A failure is logged ('Error al
 * cerrar sesión:', SPEC §8) and the cookie is expired anyway: the browser always leaves signed out.
 */
export async function signOutAdmin(request: Request, db: Db = getDb()): Promise<Headers> {
  try {
    const { headers } = await getAuth(db).api.signOut({ headers: authHeaders(request), returnHeaders: true });
    const cookies = cookiesOf(headers);
    if (cookies.getSetCookie().length > 0) return cookies;
  } catch (error) {
    logger.error({ err: error }, "Error al cerrar sesión:");
  }
  // Without Better Auth's answer: expire the cookie ourselves (its name as Better Auth builds it).
  const secure = getEnv().SITE_URL.startsWith("https:");
  const cookies = new Headers();
  cookies.append(
    "Set-Cookie",
    `${secure ? "__Secure-" : ""}${cookiePrefix}.session_token=; Max-Age=0; Path=/admin; HttpOnly; SameSite=Lax${
      secure ? "; Secure" : ""
    }`,
  );
  return cookies;
}

export class AdminEmailTakenError extends Error {
  override name = "AdminEmailTakenError";
}

/**
 * Creates a staff account with a password (already checked against the policy of SPEC §5 by the
 * caller's schema), through Better Auth's admin plugin (`createUser`: the user and its credential in
 * one transaction, Better Auth's own hashing), e-mail counted as verified (an admin or the server's
 * operator vouches for it). From /admin/users, `request` is the signed-in admin's, and Better Auth
 * checks their session and role too; `npm run admin:create` calls it without one (the server's
 * operator).
 */
export async function createAdminAccount(
  { name, email, password }: { name: string; email: string; password: string },
  db: Db = getDb(),
  request?: Request,
): Promise<AdminUser> {
  const address = email.trim().toLowerCase();
  try {
    const { user } = await getAuth(db).api.createUser({
      body: { name: name.trim(), email: address, password, data: { emailVerified: true } },
      ...(request ? { headers: authHeaders(request) } : {}),
    });
    return { id: user.id, name: user.name, email: user.email };
  } catch (error) {
    if (error instanceof APIError && codeOf(error) === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
      throw new AdminEmailTakenError(address);
    }
    // Created by someone else in the meantime: the unique e-mail refused ours.
    if (await adminEmailExists(db, address)) throw new AdminEmailTakenError(address);
    throw error;
  }
}

/**
 * Disables another staff account (Better Auth's `banUser`, as the signed-in admin of `request`):
 * it can no longer sign in and its sessions end. False if there is no such account or it already
 * was disabled. The row stays: order history names its staff.
 */
export async function disableAdminAccount(
  request: Request,
  userId: string,
  db: Db = getDb(),
): Promise<boolean> {
  const account = await findAdminUser(db, userId);
  if (!account || account.disabled) return false;
  await getAuth(db).api.banUser({
    body: { userId, banReason: `Disabled at ${new Date().toISOString()}` },
    headers: authHeaders(request),
  });
  return true;
}

/** Lets a disabled account sign in again, with its old password (Better Auth's `unbanUser`). */
export async function enableAdminAccount(
  request: Request,
  userId: string,
  db: Db = getDb(),
): Promise<boolean> {
  const account = await findAdminUser(db, userId);
  if (!account?.disabled) return false;
  await getAuth(db).api.unbanUser({ body: { userId }, headers: authHeaders(request) });
  return true;
}

export type PasswordChangeOutcome =
  | { ok: true; headers: Headers }
  | { ok: false; reason: "wrong-password" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/**
 * Changes the signed-in staff member's password after checking the current one, and ends their
 * other sessions (this browser gets a new one). It goes through the sign-in throttle like a sign-in
 * (a wrong current password is a failure for the account), so a stolen session cannot be used to
 * guess the password.
 */
export async function changeAdminPassword({
  request,
  admin,
  currentPassword,
  newPassword,
  clientIp,
  db = getDb(),
}: {
  request: Request;
  admin: AdminSession;
  currentPassword: string;
  newPassword: string;
  clientIp: string;
  db?: Db;
}): Promise<PasswordChangeOutcome> {
  const keys = throttleKeys(admin.user.email, clientIp);
  const decision = await reserveSignInAttempt(db, keys);
  if (!decision.allowed) {
    return { ok: false, reason: "throttled", retryAfterSeconds: Math.ceil(decision.retryAfterMs / 1000) };
  }
  try {
    const { headers } = await getAuth(db).api.changePassword({
      body: { currentPassword, newPassword, revokeOtherSessions: true },
      headers: authHeaders(request, clientIp),
      returnHeaders: true,
    });
    await recordSignInSuccess(db, keys);
    return { ok: true, headers: cookiesOf(headers) };
  } catch (error) {
    if (error instanceof APIError && codeOf(error) === "INVALID_PASSWORD") {
      await recordSignInFailure(db, keys);
      return { ok: false, reason: "wrong-password" };
    }
    await releaseSignInAttempt(db, keys.ip).catch(() => {});
    throw error;
  }
}

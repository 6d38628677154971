import crypto from "node:crypto";
import { APIError, betterAuth } from "better-auth";
import { admin as adminPlugin } from "better-auth/plugins/admin";
import { data, redirect } from "react-router";
import { loginPathFor } from "~/lib/admin";
import {
  recordSignInFailure,
  recordSignInSuccess,
  releaseSignInAttempt,
  reserveSignInAttempt,
} from "~/models/admin-sign-in-throttle.server";
import { adminEmailExists, findAdminUser } from "~/models/admin-users.server";
import { withAdminTables } from "~/infra/admin-db-schema";
import { dialectOf, getDb, type Db, type Dialect } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { logger } from "~/infra/logger.server";
import { configuredSecret } from "~/infra/secrets.server";

// Staff sign-in through Better Auth's server API; no Better Auth HTTP endpoint is mounted
// (docs/decisions/018 and 026).

/** However active, a session ends this long after sign-in: a new working day signs in again. */
export const sessionMaxAgeMs = 12 * 60 * 60_000;
/** Cookie names start with this (Better Auth adds `__Secure-` in front when the site is https). */
const cookiePrefix = "lifebox-admin";
/** The header through which we hand Better Auth the client IP we trust (server/app.ts TRUST_PROXY). */
const clientIpHeader = "x-lifebox-client-ip";

export function createAuth(db: Db, settings: { secret: string; siteUrl: string; dialect: Dialect }) {
  const { secret, siteUrl, dialect } = settings;
  return betterAuth({
    appName: "LifeBox",
    baseURL: siteUrl,
    secret,
    // Transactions on: a password change (sessions revoked, hash replaced, new session) is all-or-nothing.
    database: { db, type: dialect, transaction: true },
    // D12: accounts are provisioned, never self-registered. The policy is schemas/admin-auth.ts.
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 8, maxPasswordLength: 128 },
    // Migration 0004's tables; the CamelCasePlugin (infra/db.server.ts) maps their columns.
    user: { modelName: "admin_users" },
    session: {
      modelName: "admin_sessions",
      // 2 hours without a request end a session; one in use is pushed forward at most every 10 min.
      expiresIn: 2 * 60 * 60,
      updateAge: 10 * 60,
      // Every request reads the session row: signing out or disabling an account takes effect at once.
      cookieCache: { enabled: false },
    },
    account: { modelName: "admin_accounts", accountLinking: { enabled: false } },
    verification: { modelName: "admin_verifications" },
    // Creating, disabling ("ban") and enabling accounts; its session hook refuses a disabled
    // account whatever the way in. docs/product.md#spec-6: one role.
    plugins: [adminPlugin({ defaultRole: "admin", adminRoles: ["admin"] })],
    databaseHooks: {
      session: {
        create: {
          before: async (session) => ({
            data: { ...session, userAgent: session.userAgent?.slice(0, 500) ?? null },
          }),
        },
      },
    },
    // The throttle is ours (decision 026); Better Auth's only guards its HTTP handler, not mounted.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      cookiePrefix,
      useSecureCookies: siteUrl.startsWith("https:"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/admin" },
      database: { generateId: () => crypto.randomUUID() },
      ipAddress: { ipAddressHeaders: [clientIpHeader] },
    },
    logger: {
      level: "warn",
      log(level, message, ...args) {
        logger[level]({ args }, `Better Auth: ${message}`);
      },
    },
  });
}

type Auth = ReturnType<typeof createAuth>;

const instances = new WeakMap<Db, Auth>();

/** The Better Auth instance over the process database (one per connection: tests switch them). */
function getAuth(db: Db = getDb()): Auth {
  let auth = instances.get(db);
  if (!auth) {
    const siteUrl = getEnv().SITE_URL;
    auth = createAuth(db, { secret: configuredSecret("auth"), siteUrl, dialect: dialectOf(db) });
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
 * (the layout and the page loaders share the answer).
 */
export function getAdminSession(request: Request): Promise<AdminSession | null> {
  let pending = sessionsByRequest.get(request);
  if (!pending) {
    pending = readAdminSession(request);
    sessionsByRequest.set(request, pending);
  }
  return pending;
}

async function readAdminSession(request: Request): Promise<AdminSession | null> {
  if (!request.headers.get("cookie")) return null;
  const db = getDb();
  const { headers, response } = await getAuth(db).api.getSession({
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
    headers: cookiesOf(headers),
  };
}

/** For admin pages: the signed-in staff member, or a redirect to the sign-in page that comes back. */
export async function requireAdmin(request: Request): Promise<AdminSession> {
  const admin = await getAdminSession(request);
  if (admin) return admin;
  const url = new URL(request.url);
  throw redirect(loginPathFor(`${url.pathname}${url.search}`), {
    headers: { "Cache-Control": "no-store" },
  });
}

/** For admin data and resource routes (exports, JSON): the staff member, or a 401 answer. */
export async function requireAdminForData(request: Request): Promise<AdminSession> {
  const admin = await getAdminSession(request);
  if (admin) return admin;
  throw data(
    { error: "No autorizado: inicia sesión en el panel de administración." },
    { status: 401, headers: { "Cache-Control": "no-store" } },
  );
}

/** The account key of the sign-in throttle: HMAC-SHA256 of the lower-cased e-mail. */
export function accountKeyOf(email: string): string {
  return crypto
    .createHmac("sha256", configuredSecret("auth"))
    .update(`admin-sign-in:${email.trim().toLowerCase()}`)
    .digest("hex");
}

/** What Better Auth's refusal says, for the log (never for the visitor). */
function codeOf(error: APIError): string | undefined {
  return (error.body as { code?: string } | undefined)?.code;
}

/**
 * Runs `check` (a password check by Better Auth) through the sign-in throttle (decision 026): the
 * attempt is counted before it. A refusal that `failure` names is a failed guess; any other error
 * gives the address its attempt back and is thrown (the database is down).
 */
async function throttled<Reason extends string>(
  email: string,
  clientIp: string,
  check: () => Promise<{ headers?: Headers | null }>,
  failure: (error: APIError) => Reason | undefined,
): Promise<
  | { ok: true; headers: Headers }
  | { ok: false; reason: Reason }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number }
> {
  const db = getDb();
  const keys = { ip: clientIp.slice(0, 64), accountKey: accountKeyOf(email) };
  const decision = await reserveSignInAttempt(db, keys);
  if (!decision.allowed) {
    logger.warn({ ip: keys.ip }, "Error de inicio de sesión: demasiados intentos fallidos");
    return { ok: false, reason: "throttled", retryAfterSeconds: Math.ceil(decision.retryAfterMs / 1000) };
  }
  try {
    const { headers } = await check();
    await recordSignInSuccess(db, keys);
    return { ok: true, headers: cookiesOf(headers ?? undefined) };
  } catch (error) {
    const reason = error instanceof APIError ? failure(error) : undefined;
    if (reason === undefined) {
      await releaseSignInAttempt(db, keys.ip).catch(() => {});
      throw error;
    }
    await recordSignInFailure(db, keys);
    logger.warn({ ip: keys.ip, code: codeOf(error as APIError) }, "Error de inicio de sesión:");
    return { ok: false, reason };
  }
}

/**
 * Signs a staff member in. A wrong password, an unknown e-mail and a disabled account are one
 * answer, "invalid" (docs/product.md#spec-8).
 */
export function signInAdmin(input: { email: string; password: string; request: Request; clientIp: string }) {
  const { email, password, request, clientIp } = input;
  // A sign-in starts a new session: an old cookie of this browser plays no part.
  const headers = authHeaders(request, clientIp);
  headers.delete("cookie");
  return throttled(
    email,
    clientIp,
    () =>
      getAuth().api.signInEmail({
        body: { email: email.trim().toLowerCase(), password, rememberMe: true },
        headers,
        returnHeaders: true,
      }),
    (error) => (error.statusCode < 500 ? "invalid" : undefined),
  );
}

/**
 * Ends the request's session on the server and expires the cookie. A failure is logged ('Error al
 * cerrar sesión:', docs/product.md#spec-8) and the cookie is expired anyway: the browser always leaves signed
 * out.
 */
export async function signOutAdmin(request: Request): Promise<Headers> {
  try {
    const { headers } = await getAuth().api.signOut({ headers: authHeaders(request), returnHeaders: true });
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
 * Creates a staff account (the password already checked against docs/product.md#spec-5's policy), e-mail
 * counted as verified. From /admin/users, `request` is the signed-in admin's and Better Auth checks their
 * session and role too; `npm run admin:create` calls it without one (the server's operator).
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
 * Disables ("bans": no sign-in, its sessions end) or enables another staff account, as the admin of
 * `request`. False if there is no such account or it already is so. The row stays: order history
 * names its staff.
 */
async function setAccountDisabled(request: Request, userId: string, disabled: boolean): Promise<boolean> {
  const account = await findAdminUser(getDb(), userId);
  if (!account || account.disabled === disabled) return false;
  const headers = authHeaders(request);
  if (disabled) {
    const banReason = `Disabled at ${new Date().toISOString()}`;
    await getAuth().api.banUser({ body: { userId, banReason }, headers });
  } else {
    await getAuth().api.unbanUser({ body: { userId }, headers });
  }
  return true;
}

export const disableAdminAccount = (request: Request, userId: string) =>
  setAccountDisabled(request, userId, true);
export const enableAdminAccount = (request: Request, userId: string) =>
  setAccountDisabled(request, userId, false);

/**
 * Changes the signed-in staff member's password after checking the current one, through the
 * sign-in throttle (a stolen session cannot be used to guess it), and ends their other sessions
 * (this browser gets a new one).
 */
export function changeAdminPassword(input: {
  request: Request;
  admin: AdminSession;
  currentPassword: string;
  newPassword: string;
  clientIp: string;
}) {
  const { request, admin, currentPassword, newPassword, clientIp } = input;
  return throttled(
    admin.user.email,
    clientIp,
    () =>
      getAuth().api.changePassword({
        body: { currentPassword, newPassword, revokeOtherSessions: true },
        headers: authHeaders(request, clientIp),
        returnHeaders: true,
      }),
    (error) => (codeOf(error) === "INVALID_PASSWORD" ? "wrong-password" : undefined),
  );
}

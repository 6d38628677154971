import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv, type Env } from "~/infra/env.server";

/**
 * A secret from the environment, or else the one kept in `dataDir/fileName`: created on first use
 * (32 random bytes, hex, readable by the server's user only), so that it survives a restart and
 * every process sharing DATA_DIR uses the same one. Two processes starting together agree: the
 * second finds the file the first created.
 */
export function resolvePersistedSecret(
  configured: string | undefined,
  dataDir: string,
  fileName: string,
): string {
  if (configured) return configured;
  const file = path.join(dataDir, fileName);
  try {
    const stored = fs.readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("hex");
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return fs.readFileSync(file, "utf8").trim();
    throw error;
  }
}

const resolved = new WeakMap<Env, Partial<Record<"auth" | "captcha", string>>>();

/**
 * AUTH_SECRET (staff sessions, flash toasts) or CAPTCHA_SECRET, or its file in DATA_DIR: resolved
 * once per configuration, not read from disk on every request that signs or checks something.
 */
/**
 * A secret for one purpose ("lifebox-toast", a cookie's name), derived from AUTH_SECRET with
 * HMAC-SHA256: each use signs with its own key, and none of them is the staff sessions' key.
 */
export function purposeSecret(purpose: string): string {
  return crypto.createHmac("sha256", configuredSecret("auth")).update(purpose).digest("hex");
}

export function configuredSecret(name: "auth" | "captcha"): string {
  const env = getEnv();
  const known = resolved.get(env) ?? {};
  resolved.set(env, known);
  known[name] ??= resolvePersistedSecret(
    name === "auth" ? env.AUTH_SECRET : env.CAPTCHA_SECRET,
    env.dataDir,
    `${name}-secret`,
  );
  return known[name];
}

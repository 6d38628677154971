import crypto from "node:crypto";
import { createChallenge, randomInt, type Challenge, type Solution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { getEnv } from "~/services/env.server";
import { resolvePersistedSecret } from "~/services/secrets.server";

/**
 * The self-hosted anti-spam check of every public form (DECISIONS D13): an ALTCHA proof of work.
 * The server hands out signed challenges (GET /api/captcha); the browser's widget finds the counter
 * and posts the solution in the form's `altcha` field; the server checks the signature, the expiry
 * and the solution here, without touching the database. That a solution is used only once is
 * recorded by the submission itself (models/captcha-replay.server.ts), in its own transaction.
 *
 * Challenges are "deterministic": the server picks the counter, so the browser searches up to it,
 * while checking a solution costs one HMAC and one SHA-256, whatever the difficulty.
 */

export { captchaFieldName } from "~/lib/submission";
export const captchaAlgorithm = "SHA-256";
/** How long a challenge can be solved and used. */
export const captchaLifetimeMs = 10 * 60_000;
/** A payload larger than this is not one of ours (a real one is about 700 characters). */
const maxPayloadLength = 4_000;

export interface CaptchaSettings {
  secret: string;
  /** Largest counter the browser may have to find (env CAPTCHA_DIFFICULTY). */
  difficulty: number;
}

export type CaptchaCheck =
  | {
      ok: true;
      /** Identifies the challenge for the single-use record. */
      challengeId: string;
      expiresAt: Date;
    }
  | { ok: false; reason: "missing" | "invalid" | "expired" };

/** The two HMAC secrets, derived from the one configured so they differ. */
const derivedSecrets = new Map<string, { signature: string; key: string }>();

/** Derived once per configured secret: every challenge and every check needs them. */
function secrets(secret: string) {
  let derived = derivedSecrets.get(secret);
  if (!derived) {
    const derive = (label: string) => crypto.createHmac("sha256", secret).update(label).digest("hex");
    derived = { signature: derive("altcha-challenge"), key: derive("altcha-derived-key") };
    derivedSecrets.set(secret, derived);
  }
  return derived;
}

/** A new signed challenge, as the widget fetches it. */
export async function createCaptchaChallenge(
  settings: CaptchaSettings,
  now: Date = new Date(),
): Promise<Challenge> {
  const { signature, key } = secrets(settings.secret);
  return createChallenge({
    algorithm: captchaAlgorithm,
    cost: 1,
    counter: randomInt(settings.difficulty, Math.max(1, Math.floor(settings.difficulty / 10))),
    deriveKey,
    expiresAt: new Date(now.getTime() + captchaLifetimeMs),
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: key,
  });
}

interface Payload {
  challenge: Challenge;
  solution: Solution;
}

function parsePayload(value: string): Payload | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64").toString("utf8"));
    if (typeof parsed !== "object" || parsed === null) return undefined;
    const { challenge, solution } = parsed as Partial<Payload>;
    if (typeof challenge !== "object" || challenge === null || typeof challenge.parameters !== "object") {
      return undefined;
    }
    if (typeof challenge.signature !== "string" || typeof solution !== "object" || solution === null) {
      return undefined;
    }
    if (typeof solution.counter !== "number" || typeof solution.derivedKey !== "string") return undefined;
    return { challenge, solution };
  } catch {
    return undefined;
  }
}

/**
 * Checks the `altcha` field of a submission: a challenge of ours, not expired, correctly solved.
 * Never throws for bad input.
 */
export async function verifyCaptcha(
  settings: CaptchaSettings,
  value: FormDataEntryValue | null | undefined,
): Promise<CaptchaCheck> {
  if (typeof value !== "string" || value.trim() === "") return { ok: false, reason: "missing" };
  if (value.length > maxPayloadLength) return { ok: false, reason: "invalid" };
  const payload = parsePayload(value.trim());
  if (!payload) return { ok: false, reason: "invalid" };
  const verdict = checkSolution(payload, secrets(settings.secret).signature, Date.now());
  if (verdict !== "ok") return { ok: false, reason: verdict };
  const expiresAt = payload.challenge.parameters.expiresAt!;
  return { ok: true, challengeId: payload.challenge.signature!, expiresAt: new Date(expiresAt * 1000) };
}

/**
 * JSON with object keys sorted at every level (arrays as they are), as ALTCHA signs a challenge's
 * parameters. Written out by hand: it runs for every submission.
 */
function canonicalJson(value: unknown): string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return JSON.stringify(value);
  const record = value as Record<string, unknown>;
  let json = "{";
  for (const key of Object.keys(record).sort()) {
    if (record[key] === undefined) continue;
    if (json.length > 1) json += ",";
    json += `${JSON.stringify(key)}:${canonicalJson(record[key])}`;
  }
  return `${json}}`;
}

function equalHex(a: string, b: string): boolean {
  return a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * ALTCHA v2's check of a solution (altcha-lib verifySolution without the key signature), done
 * synchronously with node:crypto: the library imports an HMAC key through WebCrypto on every call,
 * which cost more than everything else here under load. Only challenges as we issue them pass
 * (SHA-256, cost 1, an expiry); the key is derived again from the posted counter, so neither the
 * counter nor the key can be altered. The tests check it against altcha-lib's own solver.
 */
function checkSolution(
  { challenge, solution }: Payload,
  signatureSecret: string,
  now: number,
): "ok" | "invalid" | "expired" {
  const parameters = challenge.parameters;
  if (typeof parameters.expiresAt !== "number") return "invalid";
  if (parameters.expiresAt < now / 1000) return "expired";
  const expected = crypto
    .createHmac("sha256", signatureSecret)
    .update(canonicalJson(parameters))
    .digest("hex");
  if (!equalHex(challenge.signature!, expected)) return "invalid";
  if (parameters.algorithm !== captchaAlgorithm || parameters.cost !== 1) return "invalid";
  const { counter, derivedKey } = solution;
  if (!Number.isInteger(counter) || counter < 0 || counter > 0xffffffff) return "invalid";
  if (!/^(?:[0-9a-f]{2})+$/.test(derivedKey) || !/^[0-9a-f]+$/.test(parameters.nonce + parameters.salt)) {
    return "invalid";
  }
  const password = Buffer.alloc(parameters.nonce.length / 2 + 4);
  password.write(parameters.nonce, "hex");
  password.writeUInt32BE(counter, password.length - 4);
  const key = crypto
    .createHash("sha256")
    .update(Buffer.from(parameters.salt, "hex"))
    .update(password)
    .digest()
    .subarray(0, parameters.keyLength ?? 32)
    .toString("hex");
  return equalHex(key, derivedKey) && key.startsWith(parameters.keyPrefix.toLowerCase()) ? "ok" : "invalid";
}

let current: CaptchaSettings | undefined;

/** This process's captcha settings, from the environment (the secret resolved once). */
export function getCaptchaSettings(): CaptchaSettings {
  if (!current) {
    const env = getEnv();
    current = {
      secret: resolveCaptchaSecret(env.CAPTCHA_SECRET, env.dataDir),
      difficulty: env.CAPTCHA_DIFFICULTY,
    };
  }
  return current;
}

/**
 * The configured secret, or the one kept in `dataDir/captcha-secret`, so challenges survive a
 * restart and every process shares them.
 */
export function resolveCaptchaSecret(configured: string | undefined, dataDir: string): string {
  return resolvePersistedSecret(configured, dataDir, "captcha-secret");
}

import crypto from "node:crypto";
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { FormName } from "~/lib/submission";
import { getEnv } from "~/infra/env.server";
import { resolvePersistedSecret } from "~/infra/secrets.server";

/**
 * The self-hosted anti-spam check of every public form (DECISIONS D13): an ALTCHA proof of work,
 * created and verified by altcha-lib. The widget fetches a signed challenge for its form
 * (GET /api/captcha?form=…), finds the counter and posts the solution in the form's `altcha` field;
 * the form's action verifies it here. A challenge names the form it was issued for, inside its
 * signed data, so a solution for the newsletter cannot pay for an order. That a solution is used
 * only once is recorded by the submission's own transaction (models/captcha-replay.server.ts).
 *
 * Challenges are "deterministic": the server picks the counter (the browser searches up to it) and
 * signs the key prefix it leads to, so the check costs one key derivation whatever the difficulty.
 */

export { captchaFieldName } from "~/lib/submission";
export const captchaAlgorithm = "SHA-256";
/** How long a challenge can be solved and used. */
export const captchaLifetimeMs = 10 * 60_000;
/** A payload larger than this is not one of ours (a real one is under 1,000 characters). */
const maxPayloadLength = 4_000;

export interface CaptchaSettings {
  secret: string;
  /** Largest counter the browser may have to find (env CAPTCHA_DIFFICULTY). */
  difficulty: number;
}

/** Why a solution was refused: not there, not ours (or for another form), or too old. */
export type CaptchaRefusal = "missing" | "invalid" | "expired";

export type CaptchaCheck =
  | {
      ok: true;
      /** Identifies the challenge for the single-use record. */
      challengeId: string;
      expiresAt: Date;
    }
  | { ok: false; reason: CaptchaRefusal };

/**
 * The HMAC secret altcha-lib signs challenges with, derived from the one configured. (No derived-key
 * signature: without it, altcha-lib's check derives the key again from the posted counter, so
 * neither the counter nor the key can be altered.)
 */
function secrets(secret: string) {
  return {
    hmacSignatureSecret: crypto.createHmac("sha256", secret).update("altcha-challenge").digest("hex"),
  };
}

/** A new signed challenge for `form`, as the widget fetches it. */
export async function createCaptchaChallenge(
  settings: CaptchaSettings,
  form: FormName,
  now: Date = new Date(),
): Promise<Challenge> {
  return createChallenge({
    algorithm: captchaAlgorithm,
    cost: 1,
    counter: randomInt(settings.difficulty, Math.max(1, Math.floor(settings.difficulty / 10))),
    deriveKey,
    data: { form },
    expiresAt: new Date(now.getTime() + captchaLifetimeMs),
    ...secrets(settings.secret),
  });
}

function parsePayload(value: string): { challenge: Challenge; solution: Solution } | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64").toString("utf8"));
    const { challenge, solution } = (parsed ?? {}) as { challenge?: Challenge; solution?: Solution };
    if (typeof challenge?.parameters !== "object" || challenge.parameters === null) return undefined;
    if (typeof challenge.signature !== "string" || typeof solution !== "object" || solution === null) {
      return undefined;
    }
    return { challenge, solution };
  } catch {
    return undefined;
  }
}

/**
 * Checks the `altcha` field of a submission of `form`: a challenge of ours, issued for this form,
 * not expired, correctly solved. Never throws for bad input.
 */
export async function verifyCaptcha(
  settings: CaptchaSettings,
  form: FormName,
  value: FormDataEntryValue | null | undefined,
): Promise<CaptchaCheck> {
  if (typeof value !== "string" || value.trim() === "") return { ok: false, reason: "missing" };
  if (value.length > maxPayloadLength) return { ok: false, reason: "invalid" };
  const payload = parsePayload(value.trim());
  if (!payload) return { ok: false, reason: "invalid" };
  const { parameters, signature } = payload.challenge;
  // Only challenges as we issue them: our algorithm and cost, an expiry, this form.
  if (parameters.algorithm !== captchaAlgorithm || parameters.cost !== 1)
    return { ok: false, reason: "invalid" };
  if (typeof parameters.expiresAt !== "number" || parameters.data?.form !== form) {
    return { ok: false, reason: "invalid" };
  }
  let verdict;
  try {
    verdict = await verifySolution({ ...payload, deriveKey, ...secrets(settings.secret) });
  } catch {
    // altcha-lib throws for parameters it cannot work with (an unknown algorithm, a bad length).
    return { ok: false, reason: "invalid" };
  }
  if (verdict.expired) return { ok: false, reason: "expired" };
  if (!verdict.verified) return { ok: false, reason: "invalid" };
  return { ok: true, challengeId: signature!, expiresAt: new Date(parameters.expiresAt * 1000) };
}

let current: { env: object; settings: CaptchaSettings } | undefined;

/** This process's captcha settings, from the environment (the secret kept in DATA_DIR if not set). */
export function getCaptchaSettings(): CaptchaSettings {
  const env = getEnv();
  if (current?.env !== env) {
    const secret = resolveCaptchaSecret(env.CAPTCHA_SECRET, env.dataDir);
    current = { env, settings: { secret, difficulty: env.CAPTCHA_DIFFICULTY } };
  }
  return current.settings;
}

/**
 * The configured secret, or the one kept in `dataDir/captcha-secret`, so challenges survive a
 * restart and every process shares them.
 */
export function resolveCaptchaSecret(configured: string | undefined, dataDir: string): string {
  return resolvePersistedSecret(configured, dataDir, "captcha-secret");
}

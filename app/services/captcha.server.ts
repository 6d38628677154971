import crypto from "node:crypto";
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { FormName } from "~/lib/submission";
import { getEnv } from "~/infra/env.server";
import { configuredSecret } from "~/infra/secrets.server";

// The ALTCHA proof of work of every public form, through altcha-lib: deterministic challenges,
// each bound to its form in its signed data (docs/decisions/015 and 025). Single use is recorded
// by the submission's transaction (models/captcha-replay.server.ts).

const algorithm = "SHA-256";
/** How long a challenge can be solved and used. */
export const captchaLifetimeMs = 10 * 60_000;
/** A payload larger than this is not one of ours (a real one is under 1,000 characters). */
const maxPayloadLength = 4_000;

export interface CaptchaSettings {
  secret: string;
  /** Largest counter the browser may have to find (env CAPTCHA_DIFFICULTY). */
  difficulty: number;
}

export type CaptchaCheck =
  | {
      ok: true;
      /** The challenge's signature, for the single-use record. */ challengeId: string;
      expiresAt: Date;
    }
  | { ok: false; reason: "missing" | "invalid" | "expired" };

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
    algorithm,
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
  const payload = value.length > maxPayloadLength ? undefined : parsePayload(value.trim());
  const parameters = payload?.challenge.parameters;
  // Only challenges as we issue them (our algorithm and cost, an expiry, this form) reach the check.
  if (
    !payload ||
    parameters?.algorithm !== algorithm ||
    parameters.cost !== 1 ||
    typeof parameters.expiresAt !== "number" ||
    parameters.data?.form !== form
  ) {
    return { ok: false, reason: "invalid" };
  }
  // altcha-lib throws for parameters it cannot work with (an unknown algorithm, a bad length).
  const verdict = await verifySolution({ ...payload, deriveKey, ...secrets(settings.secret) }).catch(
    () => undefined,
  );
  if (verdict?.expired) return { ok: false, reason: "expired" };
  if (!verdict?.verified) return { ok: false, reason: "invalid" };
  return {
    ok: true,
    challengeId: payload.challenge.signature!,
    expiresAt: new Date(parameters.expiresAt * 1000),
  };
}

/** This process's captcha settings, from the environment (the secret kept in DATA_DIR if not set). */
export function getCaptchaSettings(): CaptchaSettings {
  return { secret: configuredSecret("captcha"), difficulty: getEnv().CAPTCHA_DIFFICULTY };
}

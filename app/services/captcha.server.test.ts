import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { solveChallenge, type Challenge, type Solution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { afterEach, describe, expect, it } from "vitest";
import {
  captchaLifetimeMs,
  createCaptchaChallenge,
  verifyCaptcha,
  type CaptchaSettings,
} from "~/services/captcha.server";
import { resolvePersistedSecret } from "~/infra/secrets.server";

const settings: CaptchaSettings = { secret: "s".repeat(64), difficulty: 50 };
const otherSettings: CaptchaSettings = { secret: "o".repeat(64), difficulty: 50 };

/** The `altcha` field as the browser's widget posts it. */
function encodePayload(challenge: Challenge, solution: Solution): string {
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** A challenge of `captchaSettings`, solved by brute force as the browser does. */
async function solved(captchaSettings: CaptchaSettings = settings, now?: Date) {
  const challenge = await createCaptchaChallenge(captchaSettings, "contact", now);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("The challenge could not be solved");
  return { challenge, solution, payload: encodePayload(challenge, solution) };
}

describe("verifyCaptcha", () => {
  it("accepts a solved challenge and identifies it by its signature", async () => {
    const before = Date.now();
    const { challenge, payload } = await solved();
    const check = await verifyCaptcha(settings, "contact", payload);
    expect(check).toEqual({ ok: true, challengeId: challenge.signature, expiresAt: expect.any(Date) });
    if (!check.ok) throw new Error("unreachable");
    expect(check.challengeId).toMatch(/^[0-9a-f]{64}$/);
    // Expiry is kept in whole seconds.
    const expires = check.expiresAt.getTime();
    expect(expires).toBeGreaterThan(before + captchaLifetimeMs - 2_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + captchaLifetimeMs);
  });

  it("accepts surrounding white space around the payload", async () => {
    const { payload } = await solved();
    expect((await verifyCaptcha(settings, "contact", `  ${payload}\n`)).ok).toBe(true);
  });

  it("gives every challenge its own identity", async () => {
    const first = await verifyCaptcha(settings, "contact", (await solved()).payload);
    const second = await verifyCaptcha(settings, "contact", (await solved()).payload);
    if (!first.ok || !second.ok) throw new Error("expected both to verify");
    expect(first.challengeId).not.toBe(second.challengeId);
  });

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["empty", ""],
    ["spaces only", "   \n"],
  ])("says missing when the field is %s", async (_label, value) => {
    expect(await verifyCaptcha(settings, "contact", value)).toEqual({ ok: false, reason: "missing" });
  });

  it("says missing when the field is a file, not text", async () => {
    const file = new File(["x"], "altcha.txt");
    expect(await verifyCaptcha(settings, "contact", file)).toEqual({ ok: false, reason: "missing" });
  });

  it.each([
    ["plain text", "not a captcha"],
    ["base64 junk", Buffer.from("\u0000\u0001garbage{").toString("base64")],
    ["base64 of a JSON number", Buffer.from("42").toString("base64")],
    ["base64 of JSON null", Buffer.from("null").toString("base64")],
    ["base64 of an empty object", Buffer.from("{}").toString("base64")],
    [
      "a challenge without solution",
      Buffer.from(JSON.stringify({ challenge: { parameters: {}, signature: "ab" } })).toString("base64"),
    ],
    [
      "a solution without challenge",
      Buffer.from(JSON.stringify({ solution: { counter: 1, derivedKey: "ab" } })).toString("base64"),
    ],
    [
      "a challenge without parameters",
      Buffer.from(
        JSON.stringify({ challenge: { signature: "ab" }, solution: { counter: 1, derivedKey: "ab" } }),
      ).toString("base64"),
    ],
  ])("says invalid for %s", async (_label, value) => {
    expect(await verifyCaptcha(settings, "contact", value)).toEqual({ ok: false, reason: "invalid" });
  });

  it("says invalid for an oversized payload, even one that would otherwise verify", async () => {
    const { challenge, solution } = await solved();
    const padded = encodePayload(challenge, { ...solution, padding: "x".repeat(5_000) } as Solution);
    expect(padded.length).toBeGreaterThan(4_000);
    expect(await verifyCaptcha(settings, "contact", padded)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyCaptcha(settings, "contact", "A".repeat(10_000))).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("says invalid for a tampered derived key", async () => {
    const { challenge, solution } = await solved();
    const last = solution.derivedKey.at(-1) === "0" ? "1" : "0";
    const tampered = { ...solution, derivedKey: `${solution.derivedKey.slice(0, -1)}${last}` };
    expect(await verifyCaptcha(settings, "contact", encodePayload(challenge, tampered))).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it.each([
    ["negative", -1],
    ["fractional", 1.5],
    ["beyond 32 bits", 2 ** 32],
    ["textual", "7"],
  ])("says invalid for a %s counter", async (_label, counter) => {
    const { challenge, solution } = await solved();
    const tampered = { ...solution, counter } as unknown as Solution;
    expect(await verifyCaptcha(settings, "contact", encodePayload(challenge, tampered))).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("says invalid for a tampered counter", async () => {
    const { challenge, solution } = await solved();
    const tampered = { ...solution, counter: solution.counter + 1 };
    expect(await verifyCaptcha(settings, "contact", encodePayload(challenge, tampered))).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("says invalid for tampered challenge parameters", async () => {
    const { challenge, solution } = await solved();
    const later = { ...challenge.parameters, expiresAt: (challenge.parameters.expiresAt ?? 0) + 3_600 };
    expect(
      await verifyCaptcha(settings, "contact", encodePayload({ ...challenge, parameters: later }, solution)),
    ).toEqual({ ok: false, reason: "invalid" });
    const { signature: _signature, ...unsigned } = challenge;
    expect(await verifyCaptcha(settings, "contact", encodePayload(unsigned, solution))).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("says invalid for a challenge signed with another secret", async () => {
    const { payload } = await solved(otherSettings);
    expect(await verifyCaptcha(otherSettings, "contact", payload)).toMatchObject({ ok: true });
    expect(await verifyCaptcha(settings, "contact", payload)).toEqual({ ok: false, reason: "invalid" });
  });

  it("says expired for a challenge older than its lifetime", async () => {
    const longAgo = new Date(Date.now() - captchaLifetimeMs - 60_000);
    const { payload } = await solved(settings, longAgo);
    expect(await verifyCaptcha(settings, "contact", payload)).toEqual({ ok: false, reason: "expired" });
  });

  it("still accepts a challenge created a little less than its lifetime ago", async () => {
    const recently = new Date(Date.now() - captchaLifetimeMs + 60_000);
    const { payload } = await solved(settings, recently);
    expect((await verifyCaptcha(settings, "contact", payload)).ok).toBe(true);
  });
});

describe("a solution is bound to its form", () => {
  it("pays for the form its challenge was issued for, and for no other", async () => {
    const challenge = await createCaptchaChallenge(settings, "newsletter");
    const solution = await solveChallenge({ challenge, deriveKey });
    const payload = encodePayload(challenge, solution!);
    expect((await verifyCaptcha(settings, "newsletter", payload)).ok).toBe(true);
    for (const form of ["order", "quote", "contact"] as const) {
      expect(await verifyCaptcha(settings, form, payload)).toEqual({ ok: false, reason: "invalid" });
    }
  });

  it("cannot be moved to another form by editing the challenge's data (the signature breaks)", async () => {
    const { challenge, solution } = await solved();
    const moved = { ...challenge, parameters: { ...challenge.parameters, data: { form: "order" } } };
    expect(await verifyCaptcha(settings, "order", encodePayload(moved, solution))).toEqual({
      ok: false,
      reason: "invalid",
    });
  });
});

describe("createCaptchaChallenge", () => {
  it("makes signed SHA-256 challenges that expire after the lifetime", async () => {
    const now = new Date("2030-01-01T00:00:00.000Z");
    const challenge = await createCaptchaChallenge(settings, "contact", now);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.algorithm).toBe("SHA-256");
    expect(challenge.parameters.expiresAt).toBe((now.getTime() + captchaLifetimeMs) / 1000);
    expect(challenge.parameters.data).toEqual({ form: "contact" });
  });

  it("keeps the counter the browser must find within the difficulty", async () => {
    for (let i = 0; i < 5; i++) {
      const { solution } = await solved();
      expect(solution.counter).toBeGreaterThanOrEqual(0);
      expect(solution.counter).toBeLessThanOrEqual(settings.difficulty);
    }
  });
});

describe("the captcha secret (resolvePersistedSecret)", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-captcha-test-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("creates a secret file readable only by its owner, and reuses it", () => {
    const dataDir = path.join(tempDir(), "nested", "data");
    const secret = resolvePersistedSecret(undefined, dataDir, "captcha-secret");
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dataDir, "captcha-secret");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, "utf8").trim()).toBe(secret);
    expect(resolvePersistedSecret(undefined, dataDir, "captcha-secret")).toBe(secret);
    expect(resolvePersistedSecret("", dataDir, "captcha-secret")).toBe(secret);
  });

  it("prefers the configured secret and then writes no file", () => {
    const dataDir = tempDir();
    const configured = "c".repeat(40);
    expect(resolvePersistedSecret(configured, dataDir, "captcha-secret")).toBe(configured);
    expect(fs.existsSync(path.join(dataDir, "captcha-secret"))).toBe(false);
  });

  it("prefers the configured secret over a stored one", () => {
    const dataDir = tempDir();
    const stored = resolvePersistedSecret(undefined, dataDir, "captcha-secret");
    const configured = "c".repeat(40);
    expect(resolvePersistedSecret(configured, dataDir, "captcha-secret")).toBe(configured);
    expect(resolvePersistedSecret(undefined, dataDir, "captcha-secret")).toBe(stored);
  });

  it("uses a secret file written by someone else", () => {
    const dataDir = tempDir();
    const mine = "m".repeat(48);
    fs.writeFileSync(path.join(dataDir, "captcha-secret"), `${mine}\n`, { mode: 0o600 });
    expect(resolvePersistedSecret(undefined, dataDir, "captcha-secret")).toBe(mine);
  });

  it("signs challenges that only the same secret verifies", async () => {
    const dataDir = tempDir();
    const secret = resolvePersistedSecret(undefined, dataDir, "captcha-secret");
    const { payload } = await solved({ secret, difficulty: 50 });
    expect(
      (
        await verifyCaptcha(
          { secret: resolvePersistedSecret(undefined, dataDir, "captcha-secret"), difficulty: 50 },
          "contact",
          payload,
        )
      ).ok,
    ).toBe(true);
    expect(
      (
        await verifyCaptcha(
          { secret: resolvePersistedSecret(undefined, tempDir(), "captcha-secret"), difficulty: 50 },
          "contact",
          payload,
        )
      ).ok,
    ).toBe(false);
  });
});

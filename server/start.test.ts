import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * `node server.js` as an operator starts it (here in development mode, which needs no build): a
 * wrong setting is one message naming the variable, never a stack trace, and the process exits 1.
 */
const root = path.resolve(import.meta.dirname, "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-start-test-"));

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["server.js"], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "development", DATA_DIR: dataDir, VITEST: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe("starting the server with a wrong setting", () => {
  it.each([
    ["PORT", "abc", "- PORT:"],
    ["LOG_LEVEL", "verbose", "- LOG_LEVEL:"],
    ["DATABASE_URL", "mysql://shop", "- DATABASE_URL: must be a postgres:// or postgresql:// URL"],
  ])("%s=%s says so in one message and exits 1", async (variable, value, line) => {
    const { code, output } = await start({ [variable]: value });
    expect(code).toBe(1);
    expect(output).toContain(`LifeBox could not start.\nInvalid configuration:\n${line}`);
    // No stack trace: no "    at …" lines.
    expect(output).not.toMatch(/^\s+at\s/m);
  });

  it("on PostgreSQL without AUTH_SECRET and CAPTCHA_SECRET names both and exits 1, before connecting", async () => {
    // Several servers share one PostgreSQL but no DATA_DIR, where SQLite keeps the secrets it makes.
    const { code, output } = await start({
      DATABASE_URL: "postgres://shop@127.0.0.1:1/lifebox",
      AUTH_SECRET: "",
      CAPTCHA_SECRET: "",
    });
    expect(code).toBe(1);
    expect(output).toContain(
      "LifeBox could not start.\nInvalid configuration:\n" +
        "- AUTH_SECRET: is required on PostgreSQL (DATABASE_URL): every server must use the same one (e.g. openssl rand -hex 32)\n" +
        "- CAPTCHA_SECRET: is required on PostgreSQL (DATABASE_URL): every server must use the same one (e.g. openssl rand -hex 32)",
    );
    expect(output).not.toMatch(/^\s+at\s/m);
    expect(fs.existsSync(path.join(dataDir, "auth-secret"))).toBe(false);
  });
});

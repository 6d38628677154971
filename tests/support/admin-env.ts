import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { vi } from "vitest";

/**
 * The configuration of an admin test file (a data folder of its own, an auth secret, quiet logs),
 * set before anything reads it: the configuration is read once per process. Call it inside
 * `vi.hoisted`, and `removeAdminTestEnv` after the file's tests.
 */
export function stubAdminTestEnv(name: string) {
  const values = {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `lifebox-${name}-test-`)),
    AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
    SITE_URL: "",
    LOG_LEVEL: "silent",
  };
  for (const [variable, value] of Object.entries(values)) vi.stubEnv(variable, value);
  return values;
}

export function removeAdminTestEnv(values: { DATA_DIR: string }) {
  vi.unstubAllEnvs();
  fs.rmSync(values.DATA_DIR, { recursive: true, force: true });
}

import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumFlags, findChromium } from "./scripts/lib/chromium.mjs";

/**
 * End-to-end tests drive Chromium against the production build served by server.js, with a
 * throwaway database. The browser is found by scripts/lib/chromium.mjs (CHROMIUM_PATH, a system
 * Chromium or Chrome, else the one inside the npm package @sparticuz/chromium; never a download).
 * The main process unpacks the packaged one, if needed, before the workers load this file.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
/** The server's data folder; tests read its database to check what was (not) stored. */
export const dataDir = path.join(os.tmpdir(), `lifebox-e2e-${port}`);

const browser = await findChromium();
const chromium = {
  executablePath: browser.executablePath,
  args: chromiumFlags,
  env: { ...process.env, ...browser.env },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL,
    locale: "es-CL",
    trace: "off",
    launchOptions: chromium,
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined, launchOptions: chromium } },
  ],
  webServer: {
    // A fresh data folder (database, outbox, captcha secret) for every run.
    command: `node -e "require('fs').rmSync(process.argv[1], { recursive: true, force: true })" ${dataDir} && node scripts/build-if-needed.mjs && node server.js`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    // The server's warnings and errors (LOG_LEVEL below) show among the tests' lines, so that a
    // failure seen once in CI comes with what the server logged at the time.
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "100000",
      DATABASE_URL: "",
      // Quick proof of work in tests (the server's check costs the same at any difficulty), and a
      // form rate limit the parallel journeys do not reach (integration tests cover the limit).
      CAPTCHA_DIFFICULTY: "2000",
      FORM_RATE_LIMIT: "1000",
    },
  },
});

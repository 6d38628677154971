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

/**
 * A second shop paid through Webpay Plus (issue 22), against the local stand-in for Transbank's API
 * (scripts/payments-stand-in.mjs) on its own port: tests/e2e/payments.spec.ts. The first shop keeps
 * the payment links (PAYMENT_PROVIDER=link) the other journeys were written for.
 */
export const paymentsPort = port + 1;
export const paymentsBaseURL = `http://localhost:${paymentsPort}`;
export const paymentsDataDir = path.join(os.tmpdir(), `lifebox-e2e-${paymentsPort}`);
export const standInPort = port + 90;
export const standInURL = `http://127.0.0.1:${standInPort}`;

/** What every shop server of the tests runs with. */
const shopEnv = {
  NODE_ENV: "production",
  // Errors only: the refusals the tests provoke on purpose (another site's post, a wrong captcha or
  // password) are warnings and stay out of the tests' output; a client's mistake is never an error,
  // so what prints is a real failure. The tests that read warnings start a server of their own
  // (server.spec.ts). Decision 076.
  LOG_LEVEL: "error",
  RATE_LIMIT_PER_MINUTE: "100000",
  DATABASE_URL: "",
  // Quick proof of work in tests (the server's check costs the same at any difficulty), and a
  // form rate limit the parallel journeys do not reach (integration tests cover the limit).
  CAPTCHA_DIFFICULTY: "2000",
  FORM_RATE_LIMIT: "1000",
  // The gallery tests upload more photos than a customer may in 10 minutes.
  GALLERY_UPLOAD_RATE_LIMIT: "1000",
};

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
  // Started one after the other: the first builds, the others use its build.
  webServer: [
    {
      // A fresh data folder (database, outbox, captcha secret) for every run.
      command: `node -e "require('fs').rmSync(process.argv[1], { recursive: true, force: true })" ${dataDir} && node scripts/build-if-needed.mjs && node server.js`,
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      // The server's errors (LOG_LEVEL above) show among the tests' lines, so that a failure seen
      // once in CI comes with what the server logged at the time.
      stdout: "pipe",
      stderr: "pipe",
      env: { ...shopEnv, PORT: String(port), DATA_DIR: dataDir, PAYMENT_PROVIDER: "link" },
    },
    {
      command: `node scripts/payments-stand-in.mjs --port ${standInPort}`,
      url: `${standInURL}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `node -e "require('fs').rmSync(process.argv[1], { recursive: true, force: true })" ${paymentsDataDir} && node server.js`,
      url: `${paymentsBaseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        ...shopEnv,
        PORT: String(paymentsPort),
        DATA_DIR: paymentsDataDir,
        SITE_URL: paymentsBaseURL,
        PAYMENT_PROVIDER: "webpay",
        // Transbank's test commerce (the default), answered by the stand-in; a production server
        // believes a payment server that is not Transbank's only when told so.
        WEBPAY_API_URL: standInURL,
        PAYMENTS_ALLOW_STAND_IN: "1",
      },
    },
  ],
});

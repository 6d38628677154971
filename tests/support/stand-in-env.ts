import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { vi } from "vitest";
import { startPaymentStandIn } from "../../scripts/payments-stand-in.mjs";

/**
 * The configuration of a test file of the shop paid through Webpay (issue 22), with the payment
 * stand-in started on a port of its own: a data folder, the test captcha, quiet logs, no SMTP. Set
 * before anything reads the configuration (it is read once per process): call it inside
 * `vi.hoisted`, and `stopStandInEnv` after the file's tests.
 */
export async function stubStandInEnv(name: string) {
  const server = await startPaymentStandIn();
  const values = {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `lifebox-${name}-test-`)),
    CAPTCHA_DIFFICULTY: "50",
    FORM_RATE_LIMIT: "1000",
    LOG_LEVEL: "silent",
    SMTP_URL: "",
    SITE_URL: "https://tienda.lifebox.test",
    PAYMENT_PROVIDER: "webpay",
    WEBPAY_API_URL: server.url,
    WEBPAY_COMMERCE_CODE: server.webpay.commerceCode,
    WEBPAY_API_KEY: server.webpay.apiKey,
  };
  for (const [variable, value] of Object.entries(values)) vi.stubEnv(variable, value);
  return { server, dataDir: values.DATA_DIR };
}

export async function stopStandInEnv(env: Promise<Awaited<ReturnType<typeof stubStandInEnv>>>) {
  const { server, dataDir } = await env;
  await server.close();
  vi.unstubAllEnvs();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

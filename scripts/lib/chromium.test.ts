import http from "node:http";
import type { AddressInfo } from "node:net";
import { chromium } from "@playwright/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { chromiumFlags, findChromium } from "./chromium.mjs";

/**
 * Goal (issue 14): the browser tests and Lighthouse find a browser by themselves, and on a machine
 * without one they drive the Chromium inside the npm package, never downloading one.
 */

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("findChromium", () => {
  it("takes CHROMIUM_PATH first, and names it when it is not an executable file", async () => {
    vi.stubEnv("CHROMIUM_PATH", process.execPath);
    await expect(findChromium()).resolves.toEqual({
      executablePath: process.execPath,
      env: {},
      source: "CHROMIUM_PATH",
    });
    vi.stubEnv("CHROMIUM_PATH", "/nonexistent/chromium");
    await expect(findChromium()).rejects.toThrow(
      "CHROMIUM_PATH=/nonexistent/chromium is not an executable file",
    );
  });

  it("without a system browser, unpacks the npm package's Chromium, which drives a page", async () => {
    vi.stubEnv("CHROMIUM_PATH", "");
    vi.stubEnv("LIFEBOX_CHROMIUM", "npm");
    const found = await findChromium();
    expect(found.source).toBe("@sparticuz/chromium");

    const server = http.createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end('<!doctype html><html lang="es-CL"><title>Prueba</title><h1>Kit de emergencia ñandú</h1>');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const browser = await chromium.launch({
      executablePath: found.executablePath,
      args: chromiumFlags,
      env: { ...process.env, ...found.env },
    });
    try {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      await expect(page.title()).resolves.toBe("Prueba");
      await expect(page.locator("h1").textContent()).resolves.toBe("Kit de emergencia ñandú");
      // Text is laid out with a real font (the package's, through FONTCONFIG_PATH).
      expect((await page.locator("h1").boundingBox())!.width).toBeGreaterThan(100);
    } finally {
      await browser.close();
      server.close();
    }
  }, 120_000);
});

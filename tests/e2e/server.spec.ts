import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort, startServer, stopServer, waitForHealth } from "../../scripts/lib/server-process.mjs";

/**
 * Goal: the production server (server.js serving server/app.ts) answers static files with the right
 * caching and the security headers that apply to files, compresses what it renders, and puts the
 * page policy (CSP with a nonce) on pages; a visitor who leaves mid-request costs it no error.
 */

test.describe("production server", () => {
  test("fingerprinted assets are cached for a year, other public files for an hour", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset, "the home page links a script under /assets/").toBeTruthy();
    const script = await request.get(asset!);
    expect(script.status()).toBe(200);
    expect(script.headers()["content-type"]).toMatch(/javascript/);
    expect(script.headers()["cache-control"]).toContain("max-age=31536000");
    expect(script.headers()["cache-control"]).toContain("immutable");

    const icon = await request.get("/favicon.svg");
    expect(icon.status()).toBe(200);
    expect(icon.headers()["cache-control"]).toBe("public, max-age=3600");
    // Files get the headers that apply to any answer, not the page policy.
    for (const file of [script, icon]) {
      expect(file.headers()["x-content-type-options"]).toBe("nosniff");
      expect(file.headers()["permissions-policy"]).toContain("camera=()");
      expect(file.headers()["content-security-policy"]).toBeUndefined();
    }
  });

  test("a missing asset is the site's 404 page", async ({ request }) => {
    const response = await request.get("/assets/no-such-file-1234.js");
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('lang="es-CL"');
  });

  test("pages are compressed and carry the security headers with a fresh nonce", async ({ request }) => {
    const first = await request.get("/", { headers: { "accept-encoding": "gzip" } });
    expect(first.status()).toBe(200);
    expect(first.headers()["content-encoding"]).toBe("gzip");
    expect(first.headers()["x-content-type-options"]).toBe("nosniff");
    expect(first.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(first.headers()["permissions-policy"]).toBe(
      "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    );
    const nonce = (policy: string | undefined) => /script-src 'self' 'nonce-([^']+)'/.exec(policy ?? "")?.[1];
    const firstNonce = nonce(first.headers()["content-security-policy"]);
    expect(firstNonce).toBeTruthy();
    expect(await first.text()).toContain(`nonce="${firstNonce}"`);
    const second = await request.get("/");
    expect(nonce(second.headers()["content-security-policy"])).not.toBe(firstNonce);
  });

  test("/api/captcha answers a fresh signed challenge for the form each time, never cached or indexed", async ({
    request,
  }) => {
    const first = await request.get("/api/captcha?form=order");
    expect(first.status()).toBe(200);
    expect(first.headers()["content-type"]).toMatch(/^application\/json/);
    expect(first.headers()["cache-control"]).toBe("no-store");
    expect(first.headers()["x-robots-tag"]).toBe("noindex");
    const challenge = (await first.json()) as { parameters?: Record<string, unknown>; signature?: string };
    expect(typeof challenge.signature).toBe("string");
    expect(challenge.parameters?.data).toEqual({ form: "order" });
    const second = (await (await request.get("/api/captcha?form=order")).json()) as { signature?: string };
    expect(second.signature).not.toBe(challenge.signature);
    // A challenge is issued for one of the four public forms only.
    for (const query of ["", "?form=admin", "?form="]) {
      expect((await request.get(`/api/captcha${query}`)).status()).toBe(400);
    }
  });

  test("visitors who leave before their answer, and clients' mistakes, leave no error in the server's log", async () => {
    test.setTimeout(90_000);
    // A server of its own, so that its log is this test's to read.
    const port = await freePort(0);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-leaving-"));
    const server = startServer({ port, dataDir, env: { LOG_LEVEL: "warn" } });
    let log = "";
    server.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString()));
    server.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
    try {
      await waitForHealth(`http://127.0.0.1:${port}`, server);
      // Each sends a page request and resets the connection at once: by the time the request is
      // past express.static's look at the disk, its socket has no address any more.
      const sendAndLeave = () =>
        new Promise<void>((resolve) => {
          const socket = net.connect(port, "127.0.0.1", () =>
            socket.write("GET /productos HTTP/1.1\r\nHost: localhost\r\n\r\n", () => {
              socket.resetAndDestroy();
              resolve();
            }),
          );
          socket.on("error", () => resolve());
        });
      for (let round = 0; round < 10; round++) await Promise.all(Array.from({ length: 30 }, sendAndLeave));
      // Clients' mistakes (issue 21): each is answered with a 4xx and is at most a warning.
      const site = `http://127.0.0.1:${port}`;
      const form = { "content-type": "application/x-www-form-urlencoded" };
      const crossSite = { ...form, origin: "https://otro-sitio.example" };
      const mistakes: Array<[string, RequestInit]> = [
        // Posts from another site's page, to a page and to its data (React Router's own refusals).
        ["/galeria.data", { method: "POST", headers: crossSite, body: "intent=like" }],
        ["/galeria", { method: "POST", headers: crossSite, body: "intent=like" }],
        ["/productos/kit-essential.data", { method: "POST", headers: crossSite, body: "a=b" }],
        ["/contacto.data", { method: "POST", headers: crossSite, body: "website=" }],
        // A body of another type, a post where there is no action, a path that does not decode.
        ["/galeria", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }],
        ["/contacto.data", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }],
        ["/no-existe", { method: "POST", headers: form, body: "a=b" }],
        ["/no-existe.data", { method: "POST", headers: form, body: "a=b" }],
        ["/productos", { method: "POST", headers: form, body: "a=b" }],
        ["/healthz", { method: "POST", headers: form, body: "a=b" }],
        ["/api/captcha", { method: "POST", headers: form, body: "a=b" }],
        ["/%E0%A4%A", { method: "GET" }],
        ["/galeria?pagina=abc", { method: "GET" }],
        ["/pedido/no-es-un-pedido", { method: "GET" }],
      ];
      for (const [where, init] of mistakes) {
        const answer = await fetch(`${site}${where}`, { ...init, redirect: "manual" });
        expect(answer.status, `${init.method} ${where}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${init.method} ${where}`).toBeLessThan(500);
      }
      // The server goes on serving those who stay.
      const page = await fetch(`http://127.0.0.1:${port}/productos`);
      expect(page.status).toBe(200);
    } finally {
      await stopServer(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // Warnings are the logger's JSON lines below level 50; anything else (an error, a stack trace
    // printed by Express) is an error line.
    const isWarning = (line: string) => {
      try {
        return (JSON.parse(line) as { level?: number }).level! < 50;
      } catch {
        return false;
      }
    };
    const errors = log.split("\n").filter((line) => line.trim() !== "" && !isWarning(line));
    expect(errors.slice(0, 5), `${errors.length} error lines`).toEqual([]);
    // A warning is one line about the request, without a stack trace.
    const stacks = log.split("\n").filter((line) => line.includes('"stack"'));
    expect(stacks.slice(0, 3), `${stacks.length} lines with a stack`).toEqual([]);
  });
});

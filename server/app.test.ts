import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maxSubmissionBytes } from "~/services/submissions.server";
import { app, serverOptions } from "./app";

// The production server creates requests and responses with the Express app's prototypes, so that
// Express never has to change them (docs/decisions/023).
describe("serverOptions", () => {
  const seen: Array<{ request: boolean; response: boolean }> = [];
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    server = http.createServer(serverOptions(), (req, res) => {
      seen.push({
        request: Object.getPrototypeOf(req) === app.request,
        response: Object.getPrototypeOf(res) === app.response,
      });
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.end(`${req.method} ${req.url} ${req.headers["x-probe"]}`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("creates requests and responses that already have the app's prototypes", async () => {
    const answer = await fetch(`${base}/a/path?q=1`, { headers: { "x-probe": "yes" } });
    expect(await answer.text()).toBe("GET /a/path?q=1 yes");
    const posted = await fetch(`${base}/form`, { method: "POST", body: "a=1" });
    expect(await posted.text()).toBe("POST /form undefined");
    expect(seen).toEqual([
      { request: true, response: true },
      { request: true, response: true },
    ]);
  });

  it("serves the app with them: an oversized form body is refused with the security headers", async () => {
    const served = http.createServer(serverOptions(), app);
    await new Promise<void>((resolve) => served.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = served.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/contacto`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "x".repeat(maxSubmissionBytes + 1),
      });
      expect(answer.status).toBe(413);
      expect(await answer.text()).toBe("El envío es demasiado grande.");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
    } finally {
      await new Promise<void>((resolve) => served.close(() => resolve()));
    }
  });
});

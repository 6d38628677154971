import fs from "node:fs";
import http from "node:http";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { baseURL, dataDir } from "../../playwright.config";
import { adminPassword, createAdmin } from "./admin-support";
import { uniqueEmail } from "./forms-support";

/**
 * Goal: the back office holds against requests no browser of ours sends (issue 11 "Hardened"),
 * over real HTTP against the production build: a form posted from another site cannot sign the
 * admin out or change their sidebar, and a sign-in post that is not a form — or is endless — is
 * answered with a 4xx in Spanish, never a 5xx, and without the server reading it all.
 */

const email = uniqueEmail("admin-origen");
test.beforeAll(() => {
  createAdmin(email, "Olga Origen");
});

const evil = { Origin: "https://evil.example" };
const noRedirects = { maxRedirects: 0 } as const;

/** Signs in as a script would (no Origin header, like a same-site browser form) and keeps the cookie. */
async function signIn(request: APIRequestContext) {
  const answer = await request.post("/admin/login", {
    form: { email, password: adminPassword },
    ...noRedirects,
  });
  expect(answer.status()).toBe(302);
  expect(answer.headers().location).toBe("/admin/dashboard");
}

const dashboardStatus = async (request: APIRequestContext) =>
  (await request.get("/admin/dashboard", noRedirects)).status();

test("a form posted from another site neither signs the admin out nor changes their sidebar", async ({
  request,
}) => {
  await signIn(request);
  expect(await dashboardStatus(request)).toBe(200);

  const logout = await request.post("/admin/logout", { headers: evil, form: {}, ...noRedirects });
  expect(logout.status()).toBe(400);
  expect(logout.headers()["set-cookie"]).toBeUndefined();
  expect(await dashboardStatus(request)).toBe(200);

  const sidebar = await request.post("/admin/sidebar", {
    headers: evil,
    form: { collapsed: "true", redirectTo: "/admin/users" },
    ...noRedirects,
  });
  expect(sidebar.status()).toBe(400);
  expect(sidebar.headers()["set-cookie"]).toBeUndefined();

  // The same posts from the site itself work.
  const own = { Origin: baseURL };
  const toggled = await request.post("/admin/sidebar", {
    headers: own,
    form: { collapsed: "true", redirectTo: "/admin/users" },
    ...noRedirects,
  });
  expect([toggled.status(), toggled.headers().location]).toEqual([302, "/admin/users"]);
  const signedOut = await request.post("/admin/logout", { headers: own, form: {}, ...noRedirects });
  expect([signedOut.status(), signedOut.headers().location]).toEqual([302, "/admin/login"]);
  expect(await dashboardStatus(request)).toBe(302);
});

/** A raw POST to the sign-in page, so that headers and body are exactly what a client chose. */
function rawPost(headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseURL}/admin/login`, { method: "POST", headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

test("a sign-in post that is not a form gets a 4xx with a Spanish reason, never a 5xx", async () => {
  const malformed = "No pudimos leer el formulario. Recarga la página e intenta nuevamente.";
  const cases: Array<[string, Record<string, string>, string, number]> = [
    ["no Content-Type", {}, "email=a&password=b", 415],
    ["text/plain", { "content-type": "text/plain" }, "email=a&password=b", 415],
    ["JSON", { "content-type": "application/json" }, '{"email":"a","password":"b"}', 415],
    ["broken multipart", { "content-type": "multipart/form-data; boundary=x" }, "--x\r\nroto", 400],
  ];
  for (const [name, headers, body, status] of cases) {
    const answer = await rawPost({ ...headers, "content-length": String(Buffer.byteLength(body)) }, body);
    expect({ name, status: answer.status }).toEqual({ name, status });
    expect(answer.text, name).toContain(malformed);
  }
});

/** The server's resident memory (MB), found by its data folder: Linux only. */
function serverMemoryMb(): number | undefined {
  for (const pid of fs.readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    try {
      const environ = fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
      const command = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (!command.includes("server.js") || !environ.includes(`DATA_DIR=${dataDir}`)) continue;
      const rss = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      return rss ? Number(rss) / 1024 : undefined;
    } catch {
      // Not ours, or gone.
    }
  }
  return undefined;
}

test("an endless chunked sign-in post (300 MB) is refused with 413 as it streams in, memory flat", async () => {
  const before = serverMemoryMb();
  expect(before, "the test server's process, found by its DATA_DIR").toBeDefined();
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  const limit = 300 * 1024 * 1024;
  const answer = await new Promise<{ status: number; text: string; sentMb: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(`${baseURL}/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" },
    });
    request.on("response", (response) => {
      answered = true;
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (part: string) => (text += part));
      response.on("end", () => {
        resolve({
          status: response.statusCode ?? 0,
          text,
          sentMb: sent / 1024 / 1024,
        });
        request.destroy();
      });
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < limit) {
        sent += chunk.byteLength;
        if (!request.write(chunk)) {
          request.once("drain", pump);
          return;
        }
      }
      if (!answered) request.end();
    };
    pump();
  });
  expect(answer.status).toBe(413);
  expect(answer.text).toContain("El envío es demasiado grande.");
  // Answered long before the body ended; the rest is never read (the connection just waits).
  expect(answer.sentMb).toBeLessThan(64);
  expect(serverMemoryMb()! - before!).toBeLessThan(50);
  // The server is fine afterwards.
  expect((await rawPost({ "content-type": "text/plain", "content-length": "1" }, "x")).status).toBe(415);
});

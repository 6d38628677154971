import http from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminLoginTexts } from "~/content/admin";
import { submissionMessages } from "~/content/forms";
import { migrateToLatest, setDatabase, type DbHandle } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { signInThrottle } from "~/models/admin-sign-in-throttle.server";
import { createAdminAccount } from "~/services/auth.server";
import { solvedCaptcha } from "../tests/support/captcha";
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from "../tests/support/databases";
import { createApp } from "./app";

/**
 * Two servers of one shop on one database (issue 14; docs/decisions/046-several-servers.md): two
 * Express apps (createApp twice, two HTTP servers), each loading the routes through its own Vite, so
 * that nothing a module keeps in memory is shared between them, as between two processes. What one
 * server records, the other must see: the form rate limit (on PostgreSQL, where the limiters count
 * in the database), a captcha solution used once, the sign-in throttle and the admin's session.
 */
const testEnv = vi.hoisted(async () => {
  const crypto = await import("node:crypto");
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const values = {
    DATA_DIR: mkdtempSync(join(tmpdir(), "lifebox-several-servers-test-")),
    // What several servers must share, from the environment (PostgreSQL requires them).
    AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
    CAPTCHA_SECRET: crypto.randomBytes(32).toString("hex"),
    RATE_LIMIT_PER_MINUTE: "100000",
    // The tests speak for several visitors through X-Forwarded-For, as a load balancer sends it.
    TRUST_PROXY: "1",
    CAPTCHA_DIFFICULTY: "50",
    SITE_URL: "",
    LOG_LEVEL: "silent",
  };
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
  return values;
});

/** The routes of each server, loaded by a Vite of its own. */
const vites: ViteDevServer[] = [];

beforeAll(async () => {
  for (let index = 0; index < 2; index++) {
    vites.push(await createServer({ server: { middlewareMode: true, hmr: false }, logLevel: "silent" }));
  }
}, 60_000);

afterAll(async () => {
  for (const vite of vites) await vite.close();
  vi.unstubAllEnvs();
  const { rmSync } = await import("node:fs");
  rmSync((await testEnv).DATA_DIR, { recursive: true, force: true });
});

let visitor = 0;
/** A visitor IP no other test uses. */
const nextVisitor = () => `198.51.100.${++visitor}`;

describe.each(dialectsUnderTest)("two servers on one %s database", (dialect) => {
  let database: TestDatabase;
  /** The second server's own connection (SQLite) or pool (PostgreSQL) to the same database. */
  let secondHandle: DbHandle;
  const servers: http.Server[] = [];
  const urls: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    // The routes of both servers read the process database (getDb()); each app's limiters count
    // through its own handle.
    setDatabase(database);
    secondHandle = database.openAnother();
    for (const [index, handle] of [database, secondHandle].entries()) {
      const vite = vites[index]!;
      const build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
      const server = http.createServer(createApp({ env: getEnv(), db: handle.db, build }));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      servers.push(server);
      urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      // The first request compiles the routes: not part of any test's time.
      await fetch(`${urls[index]}/contacto`);
    }
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) await new Promise((resolve) => server.close(resolve));
    await secondHandle?.db.destroy();
    await database?.drop();
  });

  /** A form post to the first (0) or second (1) server, from the visitor `ip`. */
  function post(server: number, path: string, fields: Record<string, string>, ip: string) {
    return fetch(`${urls[server]}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
    });
  }

  // On SQLite, one server by nature, each process counts in its own memory (decision 046): these
  // two exist only on PostgreSQL (not skipped on SQLite, where they have nothing to check).
  if (dialect === "postgres") {
    it("refuses the 11th post of a form from one IP, whichever server gets it", async () => {
      expect(getEnv().FORM_RATE_LIMIT).toBe(10);
      // Posts alternate between the servers, as a round-robin load balancer sends them; for one
      // visitor the 11th reaches the first server, for the other the second.
      for (const firstServer of [0, 1]) {
        const ip = nextVisitor();
        const statuses: number[] = [];
        for (let index = 0; index < 12; index++) {
          const answer = await post((firstServer + index) % 2, "/contacto", { website: "" }, ip);
          statuses.push(answer.status);
          if (index === 10) expect(await answer.text()).toContain(submissionMessages.rateLimited);
        }
        expect(statuses.slice(0, 10)).not.toContain(429);
        expect(statuses.slice(10)).toEqual([429, 429]);
      }
    });

    it("counts posts that reach both servers at the same moment one by one", async () => {
      const ip = nextVisitor();
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, index) => post(index % 2, "/newsletter", { website: "" }, ip)),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status !== 429)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(14);
    });
  }

  it("refuses on one server a captcha solution used on the other", async () => {
    const altcha = await solvedCaptcha("contact");
    const fields = (name: string) => ({
      website: "",
      name,
      email: "pedro.soto@example.cl",
      subject: "Consulta por despacho",
      message: "¿Despachan a Punta Arenas? Gracias.",
      altcha,
    });
    const accepted = await post(0, "/contacto", fields("Pedro Soto"), nextVisitor());
    // Taken: the page answers with its success message (200), the message is stored.
    expect(accepted.status).toBe(200);
    expect(await database.db.selectFrom("contactMessages").select("name").execute()).toEqual([
      { name: "Pedro Soto" },
    ]);
    const replayed = await post(1, "/contacto", fields("Otra Persona"), nextVisitor());
    expect(replayed.status).toBe(403);
    expect(await replayed.text()).toContain(submissionMessages.captchaInvalid);
    const stored = await database.db.selectFrom("contactMessages").select("name").execute();
    expect(stored).toEqual([{ name: "Pedro Soto" }]);
  });

  it("holds the sign-in throttle across servers, and a session signed in on one is known to the other", async () => {
    const admin = { email: `equipo.${dialect}@lifebox.test`, name: "Equipo", password: "Refugio#2026" };
    await createAdminAccount(admin, database.db);
    const signIn = (server: number, email: string, password: string, ip: string) =>
      post(server, "/admin/login", { email, password }, ip);

    // Wrong passwords from one address (each for another e-mail, so that only the address's own
    // limit applies), alternating between the servers: once the address's attempts are used up,
    // even the right password is refused, on either server.
    const ip = nextVisitor();
    for (let attempt = 0; attempt < signInThrottle.perAddress; attempt++) {
      const wrong = await signIn(attempt % 2, `nadie.${attempt}@lifebox.test`, "Mala#1clave", ip);
      expect(wrong.status).toBe(401);
    }
    for (const server of [0, 1]) {
      const refused = await signIn(server, admin.email, admin.password, ip);
      expect(refused.status).toBe(429);
      expect(await refused.text()).toContain(adminLoginTexts.throttled(15));
    }

    // From another address: signed in on the first server, recognised by the second.
    const signedIn = await signIn(0, admin.email, admin.password, nextVisitor());
    expect(signedIn.status).toBe(302);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0]!)
      .join("; ");
    const dashboard = await fetch(`${urls[1]}/admin/dashboard`, {
      headers: { cookie, "x-forwarded-for": nextVisitor() },
      redirect: "manual",
    });
    expect(dashboard.status).toBe(200);
    // Without the cookie, the second server sends the visitor to sign in.
    const signedOut = await fetch(`${urls[1]}/admin/dashboard`, { redirect: "manual" });
    expect(signedOut.status).toBe(302);
  });
});

import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { passwordMessages } from "~/schemas/admin-auth";
import { withAdminTables } from "~/infra/admin-db-schema";
import { createAuth } from "~/services/auth.server";
import { openDatabase, type Dialect } from "~/infra/db.server";
import { dialectsUnderTest, postgresUrl } from "../tests/support/databases";

/**
 * `npm run admin:create` as an operator runs it: the real script in a child process, with the
 * server's configuration variables, against a real database (docs/product.md#d12; docs/decisions/018).
 */
const root = path.resolve(import.meta.dirname, "..");
const secret = "c3".repeat(32);
const tempDirs: string[] = [];

afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-admin-create-"));
  tempDirs.push(dir);
  return dir;
}

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["scripts/admin-create.mjs", ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        LOG_LEVEL: "silent",
        AUTH_SECRET: secret,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

/** A database of the dialect for the script, and the settings that select it. */
async function scriptDatabase(dialect: Dialect): Promise<{
  env: Record<string, string>;
  open: () => ReturnType<typeof openDatabase>;
  drop: () => Promise<void>;
}> {
  const dataDir = tempDataDir();
  if (dialect === "sqlite") {
    return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }), drop: async () => {} };
  }
  const name = `lifebox_cli_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return {
    // On PostgreSQL the shop's secrets come from the environment (docs/decisions/046).
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString(), CAPTCHA_SECRET: "d4".repeat(32) },
    open: () => openDatabase({ databaseUrl: url.toString(), dataDir }),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

describe("npm run admin:create", () => {
  it("refuses a weak password, saying why, and touches no database", async () => {
    const dataDir = tempDataDir();
    const { code, output } = await run(["--email", "ana@lifebox.test"], {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: "abcdefgh",
    });
    expect(code).toBe(1);
    expect(output).toContain("La contraseña no cumple la política");
    expect(output).toContain(passwordMessages.upper);
    expect(output).toContain(passwordMessages.digit);
    expect(output).toContain(passwordMessages.symbol);
    expect(fs.existsSync(path.join(dataDir, "lifebox.sqlite"))).toBe(false);
  });

  it("asks for the e-mail, and for a password when there is no terminal and no ADMIN_PASSWORD", async () => {
    const dataDir = tempDataDir();
    expect(await run([], { DATA_DIR: dataDir, ADMIN_PASSWORD: "Refugio#2026" })).toMatchObject({
      code: 1,
      output: expect.stringContaining("Falta --email"),
    });
    expect(await run(["--email", "ana@lifebox.test"], { DATA_DIR: dataDir })).toMatchObject({
      code: 1,
      output: expect.stringContaining("ADMIN_PASSWORD"),
    });
    expect(fs.existsSync(path.join(dataDir, "lifebox.sqlite"))).toBe(false);
  });

  describe.each(dialectsUnderTest)("on %s", (dialect) => {
    it("migrates the server's database and creates an admin who can sign in; never twice", async () => {
      const database = await scriptDatabase(dialect);
      try {
        const env = { ...database.env, ADMIN_PASSWORD: "Refugio#2026" };
        const first = await run(["--email", " Ana.Perez@LifeBox.test ", "--name", "Ana Pérez"], env);
        expect(first.output).toContain("Administrador creado: Ana Pérez <ana.perez@lifebox.test>");
        expect(first.code).toBe(0);

        const handle = database.open();
        try {
          const users = await withAdminTables(handle.db)
            .selectFrom("adminUsers")
            .select(["name", "email", "emailVerified", "role", "banned"])
            .execute();
          expect(
            users.map((user) => ({
              ...user,
              emailVerified: Boolean(user.emailVerified),
              banned: Boolean(user.banned),
            })),
          ).toEqual([
            {
              name: "Ana Pérez",
              email: "ana.perez@lifebox.test",
              emailVerified: true,
              role: "admin",
              banned: false,
            },
          ]);
          const auth = createAuth(handle.db, { secret, siteUrl: "http://localhost:3000", dialect });
          const signedIn = await auth.api.signInEmail({
            body: { email: "ana.perez@lifebox.test", password: "Refugio#2026" },
            headers: new Headers(),
          });
          expect(signedIn.user.email).toBe("ana.perez@lifebox.test");
        } finally {
          await handle.db.destroy();
        }

        const again = await run(["--email", "ana.perez@lifebox.test"], env);
        expect(again.code).toBe(1);
        expect(again.output).toContain("Ya existe un administrador con el email ana.perez@lifebox.test");
      } finally {
        await database.drop();
      }
    });
  });
});

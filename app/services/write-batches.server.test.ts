import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/services/db.server";
import { runInSharedTransaction } from "~/services/write-batches.server";
import { dialectsUnderTest, useMigratedDatabase } from "../../tests/support/databases";

/** A probe table whose foreign key is checked at COMMIT, so a test can make a commit fail. */
async function createProbeTable(db: Db) {
  await sql`create table batch_probe (
    id varchar(40) primary key,
    parent varchar(40) references batch_probe (id) deferrable initially deferred
  )`.execute(db);
}

function insertProbe(id: string, parent: string | null = null) {
  return async (trx: Db) => {
    await sql`insert into batch_probe (id, parent) values (${id}, ${parent})`.execute(trx);
    return id;
  };
}

async function storedIds(db: Db): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select id from batch_probe order by id`.execute(db);
  return rows.map((row) => row.id);
}

/** A unit that holds its transaction open until `release()` is called. */
function heldUnit(id: string) {
  let release!: () => void;
  let started!: () => void;
  const isRunning = new Promise<void>((resolve) => (started = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  const work = async (trx: Db) => {
    await sql`insert into batch_probe (id, parent) values (${id}, ${null})`.execute(trx);
    started();
    await gate;
    return id;
  };
  return { work, release, isRunning };
}

describe.each(dialectsUnderTest)("runInSharedTransaction (%s)", (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Db;

  beforeAll(async () => {
    db = database().db;
    await createProbeTable(db);
  });

  it("runs a lone unit at once and stores it", async () => {
    await expect(runInSharedTransaction(db, insertProbe("alone"))).resolves.toBe("alone");
    expect(await storedIds(db)).toContain("alone");
  });

  it("lets the units sent in the same turn share one transaction, even with none being written", async () => {
    // The child comes first: its deferred reference holds only if the parent is in the same COMMIT.
    const child = runInSharedTransaction(db, insertProbe("d-child", "d-parent"));
    const parent = runInSharedTransaction(db, insertProbe("d-parent"));
    await expect(child).resolves.toBe("d-child");
    await expect(parent).resolves.toBe("d-parent");
    expect(await storedIds(db)).toEqual(expect.arrayContaining(["d-child", "d-parent"]));
  });

  it("rolls back only the unit that fails; the others of its batch are stored", async () => {
    const first = heldUnit("a-first");
    const firstDone = runInSharedTransaction(db, first.work);
    await first.isRunning;
    // These three wait for the first transaction and then share the next one.
    const ok1 = runInSharedTransaction(db, insertProbe("a-ok-1"));
    const failing = runInSharedTransaction(db, async (trx) => {
      await insertProbe("a-failing")(trx);
      throw new Error("refused after writing");
    });
    const ok2 = runInSharedTransaction(db, insertProbe("a-ok-2"));
    first.release();

    await expect(firstDone).resolves.toBe("a-first");
    await expect(ok1).resolves.toBe("a-ok-1");
    await expect(failing).rejects.toThrow("refused after writing");
    await expect(ok2).resolves.toBe("a-ok-2");
    const ids = await storedIds(db);
    expect(ids).toEqual(expect.arrayContaining(["a-first", "a-ok-1", "a-ok-2"]));
    expect(ids).not.toContain("a-failing");
  });

  it("shares one transaction among the units that waited: a failed commit refuses them all", async () => {
    const first = heldUnit("b-first");
    const firstDone = runInSharedTransaction(db, first.work);
    await first.isRunning;
    const waiting = [
      runInSharedTransaction(db, insertProbe("b-1")),
      // Valid until COMMIT, which then fails on its dangling reference.
      runInSharedTransaction(db, insertProbe("b-dangling", "no-such-parent")),
      runInSharedTransaction(db, insertProbe("b-2")),
    ];
    first.release();

    await expect(firstDone).resolves.toBe("b-first");
    const settled = await Promise.allSettled(waiting);
    expect(settled.map((outcome) => outcome.status)).toEqual(["rejected", "rejected", "rejected"]);
    const ids = await storedIds(db);
    expect(ids).toContain("b-first");
    expect(ids.filter((id) => id.startsWith("b-") && id !== "b-first")).toEqual([]);
  });

  it("keeps working after a failed batch", async () => {
    await expect(runInSharedTransaction(db, insertProbe("c-after"))).resolves.toBe("c-after");
    expect(await storedIds(db)).toContain("c-after");
  });
});

import type { Db } from "~/services/db.server";

/**
 * Group commit for the public forms (docs/decisions/019-order-throughput.md).
 *
 * Every submission is a small transaction (the captcha challenge, the row, its e-mails). Committed
 * one by one, each rewrites the same dozen index and table pages into SQLite's write-ahead log, and
 * the commits, not the inserts, become the cost. Here submissions that arrive while a transaction
 * is being written wait for the next one and share it, each inside its own savepoint:
 *
 * - a unit's failure rolls back that unit only (its savepoint), never the others, so a submission
 *   is still stored completely or not at all;
 * - a unit's promise settles only after the shared COMMIT, so nothing is acknowledged before it is
 *   durable; if the COMMIT fails, every unit of the batch is refused;
 * - when nothing else is waiting a unit runs at once, alone: batching adds no delay, it only
 *   appears under load.
 */

export type UnitOfWork<T> = (trx: Db) => Promise<T>;

interface QueuedUnit {
  work: UnitOfWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Units written in one transaction at most: bounds the time a batch holds the database. */
export const maxUnitsPerBatch = 64;

class WriteBatcher {
  private queue: QueuedUnit[] = [];
  private running = false;

  constructor(private readonly db: Db) {}

  run<T>(work: UnitOfWork<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain() {
    this.running = true;
    try {
      while (this.queue.length > 0) await this.write(this.queue.splice(0, maxUnitsPerBatch));
    } finally {
      this.running = false;
    }
  }

  /** Writes one batch; settles every unit of it. Never throws. */
  private async write(batch: QueuedUnit[]) {
    const outcomes: Array<
      { unit: QueuedUnit; ok: true; value: unknown } | { unit: QueuedUnit; ok: false; error: unknown }
    > = [];
    let transaction;
    try {
      transaction = await this.db.startTransaction().execute();
      for (const unit of batch) {
        const savepoint = await transaction.savepoint("unit").execute();
        try {
          const value = await unit.work(savepoint);
          await savepoint.releaseSavepoint("unit").execute();
          outcomes.push({ unit, ok: true, value });
        } catch (error) {
          await savepoint.rollbackToSavepoint("unit").execute();
          await savepoint.releaseSavepoint("unit").execute();
          outcomes.push({ unit, ok: false, error });
        }
      }
      await transaction.commit().execute();
    } catch (error) {
      // The transaction could not be opened, a savepoint could not be rolled back, or the commit
      // failed: nothing of the batch is stored.
      if (transaction && !transaction.isCommitted && !transaction.isRolledBack) {
        await transaction
          .rollback()
          .execute()
          .catch(() => {});
      }
      for (const unit of batch) unit.reject(error);
      return;
    }
    for (const outcome of outcomes) {
      if (outcome.ok) outcome.unit.resolve(outcome.value);
      else outcome.unit.reject(outcome.error);
    }
  }
}

const batchers = new WeakMap<Db, WriteBatcher>();

/**
 * Runs `work` in a transaction shared with the other submissions that are waiting, inside its own
 * savepoint; resolves with its result once the transaction is committed, rejects with its error (or
 * the commit's) when nothing of it was stored.
 */
export function runInSharedTransaction<T>(db: Db, work: UnitOfWork<T>): Promise<T> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new WriteBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher.run(work);
}

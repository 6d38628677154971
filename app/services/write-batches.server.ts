import type { Db } from "~/services/db.server";

/**
 * Group commit for the public forms (docs/decisions/019-order-throughput.md, 022).
 *
 * Every submission is a small transaction (the captcha challenge, the row, its e-mails). Committed
 * one by one, each rewrites the same dozen index and table pages into SQLite's write-ahead log, and
 * the commits, not the inserts, become the cost. Here submissions that arrive while a transaction
 * is being written wait for the next one and share it:
 *
 * - a unit's failure never stores part of it, nor fails the others: the transaction is rolled back,
 *   the failing unit refused, and the others written again in a new one (units are pure database
 *   work, so running one again is safe; failures are rare, so the batch is not split up front);
 * - a unit's promise settles only after the shared COMMIT, so nothing is acknowledged before it is
 *   durable; if the COMMIT fails, every unit of the batch is refused;
 * - when nothing else is waiting a unit runs at the end of the event loop's turn, alone: batching
 *   adds no delay when idle; under load a batch waits a few milliseconds to gather more (below).
 */

export type UnitOfWork<T> = (trx: Db) => Promise<T>;

interface QueuedUnit {
  work: UnitOfWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Units written in one transaction at most: bounds the time a batch holds the database. */
export const maxUnitsPerBatch = 64;

/**
 * Under load (a batch ended less than loadWindowMs ago), a new batch waits up to gatherMs for
 * gatherUnits units before it starts, so that commits stay few; otherwise it starts at the end of
 * the current turn of the event loop, with whatever arrived in that turn.
 */
export const gatherMs = 3;
export const gatherUnits = 16;
const loadWindowMs = 20;

class WriteBatcher {
  private queue: QueuedUnit[] = [];
  private running = false;
  private scheduled: { cancel: () => void } | undefined;
  private lastBatchEnded = -Infinity;

  constructor(private readonly db: Db) {}

  run<T>(work: UnitOfWork<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.running) return;
      if (this.scheduled && this.queue.length >= gatherUnits) this.start();
      else if (!this.scheduled) this.schedule();
    });
  }

  private schedule() {
    if (performance.now() - this.lastBatchEnded < loadWindowMs) {
      const timer = setTimeout(() => this.start(), gatherMs);
      this.scheduled = { cancel: () => clearTimeout(timer) };
    } else {
      const immediate = setImmediate(() => this.start());
      this.scheduled = { cancel: () => clearImmediate(immediate) };
    }
  }

  private start() {
    this.scheduled?.cancel();
    this.scheduled = undefined;
    void this.drain();
  }

  private async drain() {
    this.running = true;
    try {
      while (this.queue.length > 0) await this.write(this.queue.splice(0, maxUnitsPerBatch));
    } finally {
      this.running = false;
      this.lastBatchEnded = performance.now();
    }
  }

  /** Writes one batch; settles every unit of it, once the batch is done. Never throws. */
  private async write(batch: QueuedUnit[]) {
    const refused: Array<{ unit: QueuedUnit; error: unknown }> = [];
    let units = batch;
    while (units.length > 0) {
      const attempt = await this.attempt(units);
      if (attempt.ok) {
        units.forEach((unit, index) => unit.resolve(attempt.values[index]));
        break;
      }
      if (attempt.failed === undefined) {
        // The transaction could not be opened or committed: nothing of the batch is stored.
        for (const unit of units) refused.push({ unit, error: attempt.error });
        break;
      }
      const failed = attempt.failed;
      refused.push({ unit: units[failed]!, error: attempt.error });
      units = units.filter((_unit, index) => index !== failed);
    }
    for (const { unit, error } of refused) unit.reject(error);
  }

  /** Runs `units` in one transaction: all committed, or none, with the error (and its unit). */
  private async attempt(
    units: QueuedUnit[],
  ): Promise<{ ok: true; values: unknown[] } | { ok: false; error: unknown; failed?: number }> {
    let transaction;
    try {
      transaction = await this.db.startTransaction().execute();
      const values: unknown[] = [];
      for (const [index, unit] of units.entries()) {
        try {
          values.push(await unit.work(transaction));
        } catch (error) {
          await transaction.rollback().execute();
          return { ok: false, error, failed: index };
        }
      }
      await transaction.commit().execute();
      return { ok: true, values };
    } catch (error) {
      if (transaction && !transaction.isCommitted && !transaction.isRolledBack) {
        await transaction
          .rollback()
          .execute()
          .catch(() => {});
      }
      return { ok: false, error };
    }
  }
}

const batchers = new WeakMap<Db, WriteBatcher>();

/**
 * Runs `work` in a transaction shared with the other submissions that are waiting; resolves with its
 * result once the transaction is committed, rejects with its error (or the commit's) when nothing of
 * it was stored.
 */
export function runInSharedTransaction<T>(db: Db, work: UnitOfWork<T>): Promise<T> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new WriteBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher.run(work);
}

import type { ClientRateLimitInfo, Options, Store } from "express-rate-limit";
import type { Db } from "~/infra/db.server";

// The request rate limits' counters in the database (docs/decisions/046-several-servers.md): an
// express-rate-limit store, so that servers sharing one database share their limits.

/**
 * A store for express-rate-limit (its documented `Store` interface) that keeps each client's hits
 * in `rate_limit_hits`, a fixed window per key as express-rate-limit's own memory store does. One
 * store per limiter, each with its own `prefix` (the keys of all limiters share the table).
 */
export class DatabaseRateLimitStore implements Store {
  /** The counts are shared by every server on the database (express-rate-limit's double-count check). */
  readonly localKeys = false;
  private windowMs = 60_000;

  constructor(
    private readonly db: Db,
    readonly prefix: string,
  ) {}

  init(options: Options) {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const row = await this.db
      .selectFrom("rateLimitHits")
      .select(["hits", "resetAt"])
      .where("key", "=", this.prefix + key)
      .where("resetAt", ">", new Date().toISOString())
      .executeTakeFirst();
    return row && { totalHits: Number(row.hits), resetTime: new Date(row.resetAt) };
  }

  /**
   * One statement: the key's first hit, or one more in its window (a new window when the old one
   * has ended), and the count read back. Requests to any server at the same moment are counted one
   * by one: PostgreSQL locks the row for the update, SQLite runs one statement at a time.
   */
  async increment(key: string): Promise<ClientRateLimitInfo> {
    const now = Date.now();
    const at = new Date(now).toISOString();
    const resetAt = new Date(now + this.windowMs).toISOString();
    const row = await this.db
      .insertInto("rateLimitHits")
      .values({ key: this.prefix + key, hits: 1, resetAt })
      .onConflict((conflict) =>
        conflict.column("key").doUpdateSet((eb) => {
          const windowOver = eb("rateLimitHits.resetAt", "<=", at);
          return {
            hits: eb
              .case()
              .when(windowOver)
              .then(eb.lit(1))
              .else(eb("rateLimitHits.hits", "+", eb.lit(1)))
              .end(),
            resetAt: eb.case().when(windowOver).then(resetAt).else(eb.ref("rateLimitHits.resetAt")).end(),
          };
        }),
      )
      .returning(["hits", "resetAt"])
      .executeTakeFirstOrThrow();
    return { totalHits: Number(row.hits), resetTime: new Date(row.resetAt) };
  }

  /** Takes a hit back (express-rate-limit's skipSuccessfulRequests/skipFailedRequests; unused here). */
  async decrement(key: string): Promise<void> {
    await this.db
      .updateTable("rateLimitHits")
      .set((eb) => ({ hits: eb("hits", "-", eb.lit(1)) }))
      .where("key", "=", this.prefix + key)
      .where("hits", ">", 0)
      .where("resetAt", ">", new Date().toISOString())
      .execute();
  }

  async resetKey(key: string): Promise<void> {
    await this.db
      .deleteFrom("rateLimitHits")
      .where("key", "=", this.prefix + key)
      .execute();
  }
}

/** Forgets the counts whose window ended by `now` (the hourly clean-up); returns how many. */
export async function purgeExpiredRateLimits(db: Db, now: Date = new Date()): Promise<number> {
  const result = await db
    .deleteFrom("rateLimitHits")
    .where("resetAt", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

import type { Options } from "express-rate-limit";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db, DbHandle } from "~/infra/db.server";
import { DatabaseRateLimitStore, purgeExpiredRateLimits } from "~/models/rate-limits.server";
import { dialectsUnderTest, useMigratedDatabase } from "../../tests/support/databases";

const t0 = new Date("2025-03-01T12:00:00.000Z");
const minute = 60_000;

/** A store as express-rate-limit sets it up: `init` with the limiter's options. */
function storeOn(db: Db, prefix: string, windowMs = 10 * minute) {
  const store = new DatabaseRateLimitStore(db, prefix);
  store.init({ windowMs } as Options);
  return store;
}

describe.each(dialectsUnderTest)("rate limit counts in the database on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Db;
  /** A second connection or pool to the same database, as a second server has. */
  let other: DbHandle;
  beforeAll(() => {
    db = database().db;
    other = database().openAnother();
  });
  afterAll(async () => {
    await other?.db.destroy();
  });
  beforeEach(async () => {
    await db.deleteFrom("rateLimitHits").execute();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(t0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("counts a key's hits in its window, then starts a new window", async () => {
    const store = storeOn(db, "form:");
    const end = new Date(t0.getTime() + 10 * minute);
    expect(await store.increment("contacto:203.0.113.1")).toEqual({ totalHits: 1, resetTime: end });
    vi.setSystemTime(t0.getTime() + 9 * minute);
    expect(await store.increment("contacto:203.0.113.1")).toEqual({ totalHits: 2, resetTime: end });
    expect(await store.get("contacto:203.0.113.1")).toEqual({ totalHits: 2, resetTime: end });
    // The window ended: the count starts again, with a window of its own.
    vi.setSystemTime(end);
    expect(await store.get("contacto:203.0.113.1")).toBeUndefined();
    expect(await store.increment("contacto:203.0.113.1")).toEqual({
      totalHits: 1,
      resetTime: new Date(end.getTime() + 10 * minute),
    });
    expect(await db.selectFrom("rateLimitHits").selectAll().execute()).toEqual([
      { key: "form:contacto:203.0.113.1", hits: 1, resetAt: "2025-03-01T12:20:00.000Z" },
    ]);
  });

  it("keeps each limiter's and each client's count apart", async () => {
    const site = storeOn(db, "site:", minute);
    const form = storeOn(db, "form:");
    await site.increment("203.0.113.2");
    await site.increment("203.0.113.2");
    expect((await form.increment("203.0.113.2")).totalHits).toBe(1);
    expect((await site.increment("203.0.113.3")).totalHits).toBe(1);
    expect((await site.increment("203.0.113.2")).totalHits).toBe(3);
  });

  it("counts every hit once when two servers count the same client at the same moment", async () => {
    const first = storeOn(db, "form:");
    const second = storeOn(other.db, "form:");
    const hits = await Promise.all(
      Array.from({ length: 60 }, (_, index) => (index % 2 === 0 ? first : second).increment("contacto:ip")),
    );
    // Each request got its own number: 1 to 60, none twice, none lost.
    expect(hits.map((hit) => hit.totalHits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 60 }, (_, index) => index + 1),
    );
    expect((await first.get("contacto:ip"))?.totalHits).toBe(60);
  });

  it("takes a hit back, and forgets a key", async () => {
    const store = storeOn(db, "chat:", minute);
    await store.increment("203.0.113.4");
    await store.increment("203.0.113.4");
    await store.decrement("203.0.113.4");
    expect((await store.get("203.0.113.4"))?.totalHits).toBe(1);
    await store.resetKey("203.0.113.4");
    expect(await store.get("203.0.113.4")).toBeUndefined();
    // Nothing to take back from a key never counted.
    await store.decrement("203.0.113.5");
    expect(await store.get("203.0.113.5")).toBeUndefined();
  });

  it("purges the counts whose window has ended", async () => {
    await storeOn(db, "site:", minute).increment("203.0.113.6");
    await storeOn(db, "form:").increment("contacto:203.0.113.6");
    expect(await purgeExpiredRateLimits(db, new Date(t0.getTime() + minute - 1))).toBe(0);
    expect(await purgeExpiredRateLimits(db, new Date(t0.getTime() + minute))).toBe(1);
    expect(await db.selectFrom("rateLimitHits").select("key").execute()).toEqual([
      { key: "form:contacto:203.0.113.6" },
    ]);
  });
});

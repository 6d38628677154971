import { beforeAll, describe, expect, it } from "vitest";
import { markChallengeUsed, purgeExpiredChallenges } from "~/models/captcha-replay.server";
import type { Db } from "~/infra/db.server";
import { dialectsUnderTest, useMigratedDatabase } from "../../tests/support/databases";

const signature = (label: string) => `${label}${"0".repeat(64 - label.length)}`;

describe.each(dialectsUnderTest)("captcha replay on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  let db: Db;
  beforeAll(() => {
    db = database().db;
  });

  it("accepts a challenge once and refuses its replay", async () => {
    const expiresAt = new Date("2025-03-01T12:20:00.000Z");
    expect(await markChallengeUsed(db, signature("a1"), expiresAt)).toBe(true);
    expect(await markChallengeUsed(db, signature("a1"), expiresAt)).toBe(false);
    expect(await markChallengeUsed(db, signature("a1"), new Date("2030-01-01T00:00:00.000Z"))).toBe(false);
    expect(await markChallengeUsed(db, signature("a2"), expiresAt)).toBe(true);
    const rows = await db.selectFrom("usedCaptchaChallenges").selectAll().orderBy("signature").execute();
    expect(rows).toEqual([
      { signature: signature("a1"), expiresAt: "2025-03-01T12:20:00.000Z" },
      { signature: signature("a2"), expiresAt: "2025-03-01T12:20:00.000Z" },
    ]);
  });

  it("accepts only one of many simultaneous uses", async () => {
    const expiresAt = new Date("2025-03-01T12:20:00.000Z");
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => markChallengeUsed(db, signature("race"), expiresAt)),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
  });

  it("refuses a signature that cannot be one without touching the database", async () => {
    expect(await markChallengeUsed(db, "", new Date())).toBe(false);
    expect(await markChallengeUsed(db, "x".repeat(129), new Date())).toBe(false);
    expect(await markChallengeUsed(db, "x".repeat(128), new Date("2025-01-01T00:00:00.000Z"))).toBe(true);
  });

  it("purges the challenges that have expired, and only those", async () => {
    await db.deleteFrom("usedCaptchaChallenges").execute();
    await markChallengeUsed(db, signature("old"), new Date("2025-03-01T10:00:00.000Z"));
    await markChallengeUsed(db, signature("edge"), new Date("2025-03-01T11:00:00.000Z"));
    await markChallengeUsed(db, signature("new"), new Date("2025-03-01T12:00:00.000Z"));
    expect(await purgeExpiredChallenges(db, new Date("2025-03-01T11:00:00.000Z"))).toBe(2);
    const left = await db.selectFrom("usedCaptchaChallenges").select("signature").execute();
    expect(left).toEqual([{ signature: signature("new") }]);
    // A purged challenge has expired, so the captcha itself refuses it; the table does not need it.
    expect(await purgeExpiredChallenges(db, new Date("2025-03-01T11:00:00.000Z"))).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { timeOrderedId, timeOrderedIdPattern } from "./time-ordered-id";

describe("timeOrderedId", () => {
  it("is a version 7 UUID carrying the time in its first 48 bits", () => {
    const at = Date.UTC(2026, 10, 23, 14, 30, 0, 123);
    const id = timeOrderedId(at);
    expect(id).toMatch(timeOrderedIdPattern);
    expect(parseInt(id.replaceAll("-", "").slice(0, 12), 16)).toBe(at);
  });

  it("sorts by time, as text too", () => {
    const ids = [1_000, 2_000, 1_700_000_000_000, 1_800_000_000_000].map((at) => timeOrderedId(at));
    expect([...ids].sort()).toEqual(ids);
  });

  it("differs within one millisecond (74 random bits)", () => {
    const at = Date.now();
    const ids = new Set(Array.from({ length: 1000 }, () => timeOrderedId(at)));
    expect(ids.size).toBe(1000);
  });
});

import { describe, expect, it } from "vitest";
import { formatAdminDateTime } from "~/lib/admin";

describe("formatAdminDateTime", () => {
  it("writes Chile's day and hour", () => {
    // 12:41 UTC is 09:41 in Santiago in November (UTC-3).
    expect(formatAdminDateTime("2026-11-22T12:41:00.000Z")).toBe("22-11-2026 09:41");
  });

  it("writes the hour after midnight as 00, never 24", () => {
    // 03:17 UTC is 00:17 in Santiago.
    expect(formatAdminDateTime("2026-11-12T03:17:00.000Z")).toBe("12-11-2026 00:17");
  });
});

import { describe, expect, it } from "vitest";
import { formatPrice } from "~/lib/format";

describe("formatPrice", () => {
  it.each([
    [219990, "$219.990"],
    [139990, "$139.990"],
    [539990, "$539.990"],
    [0, "$0"],
    [1234567, "$1.234.567"],
  ])("formats %i as %s", (pesos, expected) => {
    expect(formatPrice(pesos)).toBe(expected);
  });
});

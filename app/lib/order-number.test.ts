import { describe, expect, it } from "vitest";
import {
  generateOrderNumber,
  isOrderNumber,
  normalizeOrderNumber,
  orderNumberAlphabet,
  orderNumberPattern,
  type RandomSource,
} from "~/lib/order-number";

/** A random source that hands out the given bytes in order, then zeros. */
function bytesSource(values: number[]): RandomSource {
  let next = 0;
  return (bytes) => {
    for (let index = 0; index < bytes.length; index++) bytes[index] = values[next++] ?? 0;
    return bytes;
  };
}

describe("generateOrderNumber", () => {
  it("makes LB- plus six unambiguous characters", () => {
    for (let sample = 0; sample < 2000; sample++) {
      const number = generateOrderNumber();
      expect(number).toMatch(/^LB-[A-HJ-KM-NP-Z2-9]{6}$/);
      expect(isOrderNumber(number)).toBe(true);
    }
  });

  it("uses an alphabet without 0, O, 1, I or L", () => {
    expect(orderNumberAlphabet).toHaveLength(31);
    expect(new Set(orderNumberAlphabet).size).toBe(31);
    for (const ambiguous of "0O1IL") expect(orderNumberAlphabet).not.toContain(ambiguous);
    for (const character of orderNumberAlphabet)
      expect(`LB-${character.repeat(6)}`).toMatch(orderNumberPattern);
  });

  it("maps bytes to characters and skips the bytes that would bias it", () => {
    // 248..255 are skipped; 31 maps to the first character again.
    expect(generateOrderNumber(bytesSource([0, 255, 1, 248, 30, 31, 62, 247]))).toBe("LB-AB9AA9");
  });

  it("is deterministic for a given random source", () => {
    const bytes = [7, 3, 200, 14, 99, 120];
    expect(generateOrderNumber(bytesSource(bytes))).toBe(generateOrderNumber(bytesSource(bytes)));
  });

  it("asks for more bytes when a draw is not enough", () => {
    let calls = 0;
    const source: RandomSource = (bytes) => {
      calls++;
      bytes.fill(calls === 1 ? 255 : 2);
      return bytes;
    };
    expect(generateOrderNumber(source)).toBe("LB-CCCCCC");
    expect(calls).toBe(2);
  });

  it("gives up on a source that never yields a usable byte", () => {
    expect(() => generateOrderNumber((bytes) => bytes.fill(250))).toThrow(/usable bytes/);
  });

  it("spreads characters evenly", () => {
    const counts = new Map<string, number>();
    for (let sample = 0; sample < 5000; sample++) {
      for (const character of generateOrderNumber().slice(3)) {
        counts.set(character, (counts.get(character) ?? 0) + 1);
      }
    }
    expect(counts.size).toBe(31);
    const mean = (5000 * 6) / 31;
    for (const count of counts.values()) expect(Math.abs(count - mean)).toBeLessThan(mean * 0.25);
  });

  it("recognises only well-formed numbers", () => {
    expect(isOrderNumber("LB-7K3F9Q")).toBe(true);
    expect(isOrderNumber("LB-7K3F9")).toBe(false);
    expect(isOrderNumber("lb-7k3f9q")).toBe(false);
    expect(isOrderNumber("LB-0K3F9Q")).toBe(false);
    expect(isOrderNumber("LB-7K3F9QX")).toBe(false);
  });
});

describe("normalizeOrderNumber", () => {
  it("reads a number as customers type it", () => {
    for (const typed of ["LB-7K3F9Q", "lb-7k3f9q", " LB 7K3F9Q ", "lb7k3f9q", "7K3F9Q", "7k3-f9q"]) {
      expect(normalizeOrderNumber(typed), typed).toBe("LB-7K3F9Q");
    }
  });

  it("refuses what cannot be a number", () => {
    for (const typed of ["", "LB-", "LB-0K3F9Q", "LB-7K3F9", "LB-7K3F9QX", "pedido 7K3F9Q", "LBLB7K3F"]) {
      expect(normalizeOrderNumber(typed), typed).toBeNull();
    }
  });
});

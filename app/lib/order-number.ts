/**
 * Short order numbers customers can read out on the phone, e.g. "LB-7K3F9Q" (docs/product.md#d6). Six
 * characters from an alphabet without look-alikes (no 0/O, 1/I/L): 31^6 ≈ 887 million numbers, so
 * collisions are rare and the model retries them. Uses Web Crypto, so it runs in browsers as well.
 */
export const orderNumberAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const orderNumberLength = 6;
export const orderNumberPrefix = "LB-";
export const orderNumberPattern = /^LB-[A-HJ-KM-NP-Z2-9]{6}$/;

/** Fills `bytes` with random values and returns them, like `crypto.getRandomValues`. */
export type RandomSource = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array;

const webCrypto: RandomSource = (bytes) => globalThis.crypto.getRandomValues(bytes);

/**
 * Bytes at or above this are skipped (rejection sampling), so each character is equally likely:
 * 248 is the largest multiple of 31 that fits in a byte.
 */
const usableByteLimit = 256 - (256 % orderNumberAlphabet.length);
const maxDraws = 64;

export function generateOrderNumber(random: RandomSource = webCrypto): string {
  let number = orderNumberPrefix;
  for (let draw = 0; draw < maxDraws; draw++) {
    for (const byte of random(new Uint8Array(orderNumberLength * 2))) {
      if (byte >= usableByteLimit) continue;
      number += orderNumberAlphabet[byte % orderNumberAlphabet.length];
      if (number.length === orderNumberPrefix.length + orderNumberLength) return number;
    }
  }
  throw new Error("The random source gave no usable bytes for an order number");
}

export function isOrderNumber(value: string): boolean {
  return orderNumberPattern.test(value);
}

/**
 * An order number as a customer may type it ("lb-7k3f9q", "LB 7K3F9Q", "7K3F9Q") in its stored
 * form, or null when it cannot be one.
 */
export function normalizeOrderNumber(typed: string): string | null {
  const compact = typed.replace(/[\s-]/g, "").toUpperCase();
  const body =
    compact.startsWith("LB") && compact.length === 2 + orderNumberLength ? compact.slice(2) : compact;
  const number = `${orderNumberPrefix}${body}`;
  return isOrderNumber(number) ? number : null;
}

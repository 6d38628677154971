/**
 * Chilean RUT (Rol Único Tributario): a body of 1 to 8 digits plus a check digit (0–9 or K) computed
 * modulo 11. Every function accepts the shapes people type ("12.345.678-5", "123456785",
 * "12 345 678 k"). No Node imports: shared by the browser and the server.
 */

/** Dots, any whitespace and hyphen-like characters people type between the digits. */
const SEPARATORS = /[.\s\-\u2010-\u2015\u2212]/g;

/** A cleaned RUT: 1 to 8 body digits, then the check digit. */
const CLEAN_RUT = /^(\d{1,8})([0-9K])$/;

/** Removes dots, spaces and the hyphen and upper-cases the K: "12.345.678-k" → "12345678K". */
export function cleanRut(input: string): string {
  return input.replace(SEPARATORS, "").toUpperCase();
}

/**
 * The check digit of a RUT body (digits only), modulo 11: the body's digits, from the right, are
 * multiplied by 2, 3, 4, 5, 6, 7, 2, 3, … and summed; 11 minus the remainder of the sum divided by
 * 11 is the check digit, where 11 is written "0" and 10 is written "K".
 */
export function rutCheckDigit(body: string): string {
  if (!/^\d+$/.test(body)) throw new Error(`RUT body must be digits only, got "${body}"`);
  let sum = 0;
  let factor = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const digit = 11 - (sum % 11);
  if (digit === 11) return "0";
  if (digit === 10) return "K";
  return String(digit);
}

/** True when the input, once cleaned, is a body of 1 to 8 digits (not all zeros) and its check digit. */
export function isValidRut(input: string): boolean {
  const match = CLEAN_RUT.exec(cleanRut(input));
  if (!match) return false;
  const [, body = "", checkDigit] = match;
  if (/^0+$/.test(body)) return false;
  return rutCheckDigit(body) === checkDigit;
}

/**
 * Formats a RUT the Chilean way: "123456785" → "12.345.678-5", "7654321k" → "7.654.321-K".
 * Leading zeros of the body are dropped. The check digit is not verified (use isValidRut); input
 * that is not shaped like a RUT is returned trimmed and otherwise unchanged.
 */
export function formatRut(input: string): string {
  const match = CLEAN_RUT.exec(cleanRut(input));
  if (!match) return input.trim();
  const [, body = "", checkDigit = ""] = match;
  const digits = body.replace(/^0+(?=\d)/, "");
  return `${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".")}-${checkDigit}`;
}

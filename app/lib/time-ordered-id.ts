import crypto from "node:crypto";

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix time in milliseconds, then 74 random bits, written
 * like any other UUID. Rows keyed by it are appended at the end of their primary-key index instead
 * of landing on a random page of it, so a batch of inserts touches (and writes to SQLite's log) a
 * few pages rather than one per row (docs/decisions/024). For internal rows only, whose ids no
 * visitor sees: an order's id, the key of its public link, stays a random version 4.
 */
export function timeOrderedId(now: number = Date.now()): string {
  const bytes = crypto.randomBytes(16);
  bytes.writeUIntBE(Math.floor(now) % 2 ** 48, 0, 6);
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What timeOrderedId returns. */
export const timeOrderedIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

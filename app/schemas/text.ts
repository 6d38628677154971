import "~/schemas/zod-setup";
import { z } from "zod";
import { textFieldMessages } from "~/content/forms";

/**
 * The rules every text field of every form shares, public and admin (docs/decisions/028): trimmed,
 * no control characters (multi-line fields keep line breaks and tabs), a minimum counted in what a
 * person sees (`visibleLength`), a maximum in characters stored (as the inputs' maxLength).
 */

/** Any control character (`\p{Cc}`: U+0000–U+001F and U+007F–U+009F, line breaks included). */
const controlCharacter = /\p{Cc}/u;
/** A control character other than a line break or a tab. */
const controlCharacterExceptLineBreaks = /(?![\n\r\t])\p{Cc}/u;

/**
 * How many characters a person sees: format characters (zero-width spaces and joiners, byte-order
 * and direction marks) and combining marks (an accent typed apart from its letter) take no place of
 * their own, and a run of spaces, line breaks or control characters looks like one space.
 */
export function visibleLength(text: string): number {
  const seen = text
    .replace(/[\p{Cf}\p{M}]/gu, "")
    .replace(/[\s\p{Cc}]+/gu, " ")
    .trim();
  return [...seen].length;
}

/** Whether a text holds a control character (outside multi-line fields, a line break or tab too). */
export function hasControlCharacters(text: string, { multiline = false } = {}): boolean {
  return (multiline ? controlCharacterExceptLineBreaks : controlCharacter).test(text);
}

/** How many digits 0–9 a text has (a phone needs at least 8, whatever spaces or "+" surround them). */
export function digitCount(text: string): number {
  return text.replace(/[^0-9]/g, "").length;
}

interface TextRules {
  /** The message when the field is missing, is not text, or is shorter than `min`. */
  message: string;
  /** The fewest visible characters (`visibleLength`); no minimum when left out. */
  min?: number;
  /** The most characters stored; left out only where another rule bounds the value (the RUT). */
  max?: { length: number; message: string };
  /** Keeps line breaks and tabs (a message, notes). */
  multiline?: boolean;
}

/**
 * A text field: trimmed, without control characters, at least `min` visible characters and at most
 * `max` characters. A zod string, so a field adds its own rules after it (`.regex`, `.pipe`, …).
 * A value with a control character gets that one message, not a length complaint besides.
 */
export function visibleText({ message, min, max, multiline = false }: TextRules) {
  let text = z
    .string({ error: message })
    .trim()
    .refine((value) => !hasControlCharacters(value, { multiline }), {
      message: textFieldMessages.disallowedCharacters,
      abort: true,
    });
  if (min !== undefined) text = text.refine((value) => visibleLength(value) >= min, message);
  if (max !== undefined) text = text.max(max.length, max.message);
  return text;
}

/** "" (or only spaces) and null, as FormData gives them, count as a missing optional field. */
function blankToUndefined(value: unknown): unknown {
  return value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;
}

/** An optional field: blank or missing is `undefined`; anything else must pass `schema`. */
export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToUndefined, schema.optional());
}

/**
 * The CSV of the admin exports (docs/decisions/017-admin-lists.md): UTF-8 with a byte-order mark
 * (Excel reads the accents), RFC 4180 quoting, CRLF, and a semicolon between cells: Excel on a
 * Spanish (Chile) Windows splits on its list separator, the semicolon. A text cell a spreadsheet
 * would run as a formula (= + - @, tab, CR) gets an apostrophe in front; numbers stay numbers.
 * Text that starts with "+" (a phone number) is written as the text constant ="+56 9 …" instead,
 * which Excel shows as typed, without the apostrophe, and which cannot run anything.
 */

/** What a cell may hold: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null | undefined;

/** U+FEFF, written once at the start of the file. */
export const csvBom = "\uFEFF";

const formulaStart = /^[=+\-@\t\r]/;
/**
 * "+…" that fits in a formula's text constant: no quote that could end it, no line break, and at
 * most 255 characters (Excel's limit for a constant in a formula).
 */
const plusText = /^\+[^"\r\n]{0,254}$/;
const needsQuotes = /[";\r\n]/;

/** One cell, neutralised and quoted as needed. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = plusText.test(value) ? `="${value}"` : formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, with its line end. */
export function csvRow(cells: readonly CsvCell[]): string {
  return cells.map(csvCell).join(";") + "\r\n";
}

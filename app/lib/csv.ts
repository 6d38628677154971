/**
 * The CSV of the admin exports (docs/decisions/017-admin-lists.md): UTF-8 with a byte-order mark
 * (Excel reads the accents), RFC 4180 quoting, CRLF, and a semicolon between cells: Excel on a
 * Spanish (Chile) Windows splits on its list separator, the semicolon. A text cell a spreadsheet
 * would run as a formula (= + - @, tab, CR) gets an apostrophe in front; numbers stay numbers.
 */

/** What a cell may hold: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null | undefined;

/** U+FEFF, written once at the start of the file. */
export const csvBom = "\uFEFF";

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[";\r\n]/;

/** One cell, neutralised and quoted as needed. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, with its line end. */
export function csvRow(cells: readonly CsvCell[]): string {
  return cells.map(csvCell).join(";") + "\r\n";
}

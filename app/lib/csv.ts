/**
 * A CSV writer for the admin exports (docs/decisions/017-admin-lists.md): UTF-8 with a byte-order
 * mark, so Excel reads accents right; RFC 4180 quoting, with a semicolon between cells (a field
 * holding a semicolon, a double quote, CR or LF is wrapped in double quotes and its quotes
 * doubled); CRLF after every record. Pure functions, no Node imports.
 *
 * Semicolon, not comma: Excel splits a CSV it opens with the system's list separator, which on a
 * Spanish (Chile) Windows is the semicolon (the comma is the decimal sign there); a comma file
 * would show each record in one column. LibreOffice and Google Sheets detect either.
 *
 * Formula injection: a spreadsheet runs a cell that starts with = + - @ (and, in some programs, a
 * tab or a carriage return) as a formula, so a customer typing `=HYPERLINK(...)` in a form could
 * make the staff's spreadsheet act on it. Every text cell starting with one of those characters is
 * written with an apostrophe in front, which spreadsheets show as text. Numbers are written as they
 * are (a negative amount stays a number).
 */

/** What a cell may hold: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null | undefined;

/** U+FEFF, written once at the start of the file. */
export const csvBom = "\uFEFF";

/** Record separator (RFC 4180). */
export const csvLineEnd = "\r\n";

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[";\r\n]/;

/** Between the cells of a record. */
export const csvSeparator = ";";

/** One cell, neutralised and quoted as needed. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, with its line end. */
export function csvRow(cells: readonly CsvCell[]): string {
  return cells.map(csvCell).join(csvSeparator) + csvLineEnd;
}

/** A whole file held in memory (small exports and tests); large ones stream rows with csvRow. */
export function csvDocument(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  let text = csvBom + csvRow(header);
  for (const row of rows) text += csvRow(row);
  return text;
}

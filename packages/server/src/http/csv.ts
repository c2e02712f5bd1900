/**
 * CSV output shared by every CSV document the API writes (RFC 4180 fields, spreadsheet-formula
 * safe).
 */

/**
 * Characters that make a spreadsheet read a cell as a formula (or, for tab and carriage return, that
 * some spreadsheets strip before doing so): the OWASP "CSV injection" list.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell. A text value starting with `=`, `+`, `-`, `@`, tab or carriage return gets a leading
 * apostrophe, so a spreadsheet shows it as text instead of running it as a formula (e.g. a room
 * named `=HYPERLINK(...)`); then the field is quoted when it holds a comma, quote or line break
 * (RFC 4180, quotes doubled). Numbers are written as they are (a negative number stays a number);
 * null is the empty cell.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = typeof value === "number" ? String(value) : value;
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV document: `rows` of cells joined with commas, CRLF line ends, a final CRLF. */
export function csvDocument(rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

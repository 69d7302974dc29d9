/**
 * CSV text (RFC 4180) written once for the server's exports and the admin
 * app's: a cell with a comma, quote or line break is quoted, its quotes
 * doubled; rows end with CRLF. A file an owner opens in a spreadsheet
 * guards against formula injection: a visitor's answer starting with = + -
 * @ (or a tab or carriage return, which some spreadsheets skip before
 * reading a formula) gets a leading apostrophe, so it shows as text rather
 * than running as a formula (OWASP's advice). A feed read by machines
 * keeps its text as it is.
 */

export interface CsvOptions {
  /** Prefix cells a spreadsheet would read as a formula with an apostrophe. */
  guardFormulas: boolean;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** csvCell('a,b') → '"a,b"'; csvCell('=1+1', { guardFormulas: true }) → "'=1+1" */
export function csvCell(value: unknown, options: CsvOptions): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (options.guardFormulas && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(cells: readonly unknown[], options: CsvOptions): string {
  return cells.map((cell) => csvCell(cell, options)).join(',');
}

/** The header row and the rows, each line ended by CRLF. */
export function toCsv(columns: readonly string[], rows: readonly (readonly unknown[])[], options: CsvOptions): string {
  return [columns, ...rows].map((row) => `${csvRow(row, options)}\r\n`).join('');
}

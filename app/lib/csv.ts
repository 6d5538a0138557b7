/**
 * CSV output shared by every export (RFC 4180: comma separated, CRLF line ends, fields holding a
 * comma, a quote or a line break are quoted with inner quotes doubled).
 *
 * Formula injection: a spreadsheet runs a cell that starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return. Such a text cell is prefixed with `'` so it is always read as text. The one
 * exception is a plain decimal number (`-12.50`, `+3`): a spreadsheet reads it as a number, never
 * as a formula, and money columns must stay numbers. JavaScript numbers are written as they are
 * (a finite number's text is always a plain numeral); NaN and ±Infinity become empty cells.
 * Pure: safe on the server and in the browser.
 */

export type CsvCell = string | number | boolean | null | undefined;

/** Characters a spreadsheet treats as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number: never a formula, left as is so it stays numeric. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
/** Characters that force a field to be quoted. */
const NEEDS_QUOTES = /[",\r\n]/;

/** One text cell made safe for a spreadsheet (the `'` prefix when it could start a formula). */
export function neutralizeFormula(text: string): string {
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) return `'${text}`;
  return text;
}

/** One cell as CSV text: neutralized, then quoted when needed. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    text = String(value);
  } else if (typeof value === 'boolean') {
    text = value ? 'true' : 'false';
  } else {
    text = neutralizeFormula(value);
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows (the first is usually the header) as one CSV document ending with CRLF. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + (rows.length ? '\r\n' : '');
}

/** Integer cents as a plain decimal ('-1234' → '-12.34'), exact (no floating point). */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not integer cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The byte-order mark that makes spreadsheet programs read a CSV file as UTF-8 (accents). */
export const CSV_BOM = '\uFEFF';

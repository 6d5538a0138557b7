/**
 * CSV output shared by every export, written by csv-stringify (RFC 4180: comma separated, CRLF
 * line ends, fields holding a comma, a quote or a line break quoted with inner quotes doubled).
 * In French, as a French spreadsheet writes and opens it: `;` between fields and a decimal comma
 * in numbers (`-12,50`).
 *
 * Formula injection: a spreadsheet runs a cell that starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return. Such a text cell is prefixed with `'` so it is always read as text (a `cast`,
 * not csv-stringify's own `escape_formulas`, which would also prefix signed numbers). The one
 * exception is a plain decimal number (`-12.50`, `+3`): a spreadsheet reads it as a number, never
 * as a formula, and money columns must stay numbers. JavaScript numbers are written as they are
 * (a finite number's text is always a plain numeral); NaN and ±Infinity become empty cells.
 * Pure: safe on the server and in the browser.
 */

import { stringify, type Options } from 'csv-stringify/sync';
import type { Lang } from '~/lib/lang';

export type CsvCell = string | number | boolean | null | undefined;

/** Characters a spreadsheet treats as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number: never a formula, left as is so it stays numeric. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
/** A plain decimal number with a fractional part, whose point becomes a comma in French. */
const DECIMAL = /^([+-]?\d+)\.(\d+)$/;

/** How every export is written: CRLF line ends, RFC 4180 quoting, formula-safe text cells. */
function csvOptions(lang: Lang): Options {
  const decimal = (text: string) => (lang === 'fr' ? text.replace(DECIMAL, '$1,$2') : text);
  return {
    delimiter: lang === 'fr' ? ';' : ',',
    record_delimiter: 'windows',
    // A lone CR or LF inside a cell is quoted too (csv-stringify skips that once a delimiter is set).
    quote_record_delimiter: true,
    cast: {
      string: (value) => decimal(neutralizeFormula(value)),
      number: (value) => (Number.isFinite(value) ? decimal(String(value)) : ''),
      boolean: (value) => (value ? 'true' : 'false'),
    },
  };
}
const CSV_OPTIONS: Record<Lang, Options> = { en: csvOptions('en'), fr: csvOptions('fr') };

/** One text cell made safe for a spreadsheet (the `'` prefix when it could start a formula). */
export function neutralizeFormula(text: string): string {
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) return `'${text}`;
  return text;
}

/**
 * Rows (the first is usually the header) as one CSV document, every row ending with CRLF, in the
 * separators of `lang`.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[], lang: Lang = 'en'): string {
  return stringify(rows as CsvCell[][], CSV_OPTIONS[lang]);
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

/**
 * Reading a VIN pattern import file (CSV or XLSX) into checked rows. Nothing is written here:
 * the file is read whole, every bad row is reported (row, column, why) and the caller applies
 * the rows only when there is no error (`importVinPatterns` in vin-patterns.server.ts).
 *
 * Format: a header row with `Model`, `Year`, `Pattern` (required, any case and spacing, French
 * names accepted) and optional `Verified`, `No Check Digit` and `Make` columns; other columns are
 * ignored. CSV may carry a byte-order mark, CRLF line ends, quoted cells, blank rows and `;` as
 * separator (French spreadsheets); XLSX: the first sheet, numbers stored as numbers.
 */
import ExcelJS from 'exceljs';
import { CsvError, parse as parseCsv } from 'csv-parse/sync';
import { UPLOAD_MAX_BYTES, VIN_LENGTH } from '~/lib/constants';
import { VIN_ALPHABET, isValidVinPattern, normalizeVin, vinModelYear } from '~/lib/vin';

/** One problem of an import file: where (row and column as the spreadsheet shows them) and why (an i18n key). */
export type ImportError = {
  row: number | null;
  column: string | null;
  message: string;
  values?: Record<string, string>;
};

/** One checked row of the file. Undefined flags/make = the file does not say (defaults apply). */
export type PatternImportRow = {
  row: number;
  model: string;
  year: number;
  pattern: string;
  make: string | undefined;
  verified: boolean | undefined;
  noCheckDigit: boolean | undefined;
};

export type ParseResult =
  { ok: true; rows: PatternImportRow[] } | { ok: false; errors: ImportError[] };

/** Largest total uncompressed size of an XLSX (a zip): refuses zip bombs before unpacking. */
export const XLSX_MAX_UNCOMPRESSED_BYTES = 100 * 1024 * 1024;
/** Most data rows one import may carry. */
export const IMPORT_MAX_ROWS = 20_000;
/** Oldest model year a pattern may name (17-character VINs started with model year 1981). */
export const PATTERN_MIN_YEAR = 1981;
export const PATTERN_MAX_YEAR = 2100;
const MODEL_MAX = 100;
const MAKE_MAX = 50;
/** At most this many errors are listed (the file is refused anyway). */
const MAX_ERRORS = 200;

type Column = 'model' | 'year' | 'pattern' | 'make' | 'verified' | 'noCheckDigit';

/** Header spellings (lower case, accents, spaces, dashes and underscores removed). */
const HEADER_ALIASES: Record<string, Column> = {
  model: 'model',
  modele: 'model',
  year: 'year',
  modelyear: 'year',
  annee: 'year',
  anneemodele: 'year',
  pattern: 'pattern',
  vinpattern: 'pattern',
  motif: 'pattern',
  motifniv: 'pattern',
  make: 'make',
  marque: 'make',
  verified: 'verified',
  verifie: 'verified',
  nocheckdigit: 'noCheckDigit',
  sanschiffredecontrole: 'noCheckDigit',
};
const REQUIRED: Column[] = ['model', 'year', 'pattern'];
const DISPLAY: Record<Column, string> = {
  model: 'Model',
  year: 'Year',
  pattern: 'Pattern',
  make: 'Make',
  verified: 'Verified',
  noCheckDigit: 'No Check Digit',
};

const TRUE_WORDS = new Set([
  'yes',
  'y',
  'true',
  '1',
  'oui',
  'o',
  'vrai',
  'x',
  'verified',
  'verifie',
]);
const FALSE_WORDS = new Set(['no', 'n', 'false', '0', 'non', 'faux', 'unverified', 'nonverifie']);

function headerKey(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[\s_\-.]/g, '');
}

/** A table row: its row number in the file and its cells as text. */
type SourceRow = { row: number; cells: string[] };

function isBlank(cells: string[]): boolean {
  return cells.every((c) => c.trim() === '');
}

// ---------------------------------------------------------------- CSV

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Spreadsheets on Windows still save "CSV" in Windows-1252.
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function readCsv(
  bytes: Uint8Array,
): { ok: true; rows: SourceRow[] } | { ok: false; error: ImportError } {
  const text = decodeText(bytes).replace(/^\uFEFF/, '');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  try {
    const records = parseCsv(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return {
      ok: true,
      rows: records
        .map((r) => ({ row: r.info.lines, cells: r.record }))
        .filter((r) => !isBlank(r.cells)),
    };
  } catch (error) {
    if (error instanceof CsvError) {
      const line = typeof error.lines === 'number' ? error.lines : null;
      return {
        ok: false,
        error: {
          row: line,
          column: null,
          message: 'vin:import.errors.csv',
          values: { detail: error.message },
        },
      };
    }
    throw error;
  }
}

// ---------------------------------------------------------------- XLSX

/** Sum of the uncompressed sizes in a zip's central directory; null when it cannot be read safely. */
export function zipUncompressedSize(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const min = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= min; i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = view.getUint16(eocd + 10, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (entries === 0xffff || cdOffset === 0xffffffff) return null; // zip64: not expected here
  let total = 0;
  let p = cdOffset;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== 0x02014b50) return null;
    const size = view.getUint32(p + 24, true);
    if (size === 0xffffffff) return null;
    total += size;
    p +=
      46 +
      view.getUint16(p + 28, true) +
      view.getUint16(p + 30, true) +
      view.getUint16(p + 32, true);
  }
  return total;
}

/** The text of a cell as the sheet shows it (numbers stored as numbers give their digits). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    return result === undefined ||
      (typeof result === 'object' && result !== null && !(result instanceof Date))
      ? ''
      : cellText(result);
  }
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('error' in value) return String(value.error);
  return '';
}

async function readXlsx(
  bytes: Uint8Array,
): Promise<{ ok: true; rows: SourceRow[] } | { ok: false; error: ImportError }> {
  const size = zipUncompressedSize(bytes);
  if (size === null)
    return {
      ok: false,
      error: { row: null, column: null, message: 'vin:import.errors.xlsxUnreadable' },
    };
  if (size > XLSX_MAX_UNCOMPRESSED_BYTES) {
    return { ok: false, error: { row: null, column: null, message: 'vin:import.errors.tooLarge' } };
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Uint8Array.from(bytes).buffer);
  } catch {
    return {
      ok: false,
      error: { row: null, column: null, message: 'vin:import.errors.xlsxUnreadable' },
    };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet)
    return { ok: false, error: { row: null, column: null, message: 'vin:import.errors.empty' } };
  const rows: SourceRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(cellText(row.getCell(c).value).trim());
    if (!isBlank(cells)) rows.push({ row: rowNumber, cells });
  });
  return { ok: true, rows };
}

// ---------------------------------------------------------------- checks

function parseFlag(raw: string): boolean | undefined | 'bad' {
  const v = headerKey(raw);
  if (v === '') return undefined;
  if (TRUE_WORDS.has(v)) return true;
  if (FALSE_WORDS.has(v)) return false;
  return 'bad';
}

/** The checked rows of a table whose first row is the header. */
export function checkRows(table: SourceRow[]): ParseResult {
  const errors: ImportError[] = [];
  const [header, ...data] = table;
  if (!header)
    return { ok: false, errors: [{ row: null, column: null, message: 'vin:import.errors.empty' }] };

  const index = new Map<Column, number>();
  const names = new Map<Column, string>();
  header.cells.forEach((raw, i) => {
    const column = HEADER_ALIASES[headerKey(raw)];
    if (!column) return;
    if (index.has(column)) {
      errors.push({ row: header.row, column: raw, message: 'vin:import.errors.duplicateHeader' });
      return;
    }
    index.set(column, i);
    names.set(column, raw);
  });
  for (const column of REQUIRED) {
    if (!index.has(column)) {
      errors.push({
        row: header.row,
        column: DISPLAY[column],
        message: 'vin:import.errors.missingHeader',
      });
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  if (data.length === 0)
    return { ok: false, errors: [{ row: null, column: null, message: 'vin:import.errors.empty' }] };
  if (data.length > IMPORT_MAX_ROWS) {
    return {
      ok: false,
      errors: [
        {
          row: null,
          column: null,
          message: 'vin:import.errors.tooManyRows',
          values: { max: String(IMPORT_MAX_ROWS) },
        },
      ],
    };
  }

  const col = (c: Column) => names.get(c) ?? DISPLAY[c];
  const cell = (r: SourceRow, c: Column) => {
    const i = index.get(c);
    return i === undefined ? '' : (r.cells[i] ?? '').trim();
  };

  const rows: PatternImportRow[] = [];
  const seen = new Map<string, PatternImportRow>();
  for (const r of data) {
    const before = errors.length;
    const fail = (c: Column, message: string, values?: Record<string, string>) =>
      errors.push({ row: r.row, column: col(c), message, ...(values ? { values } : {}) });

    const model = cell(r, 'model').replace(/\s+/g, ' ');
    if (model === '') fail('model', 'vin:import.errors.required');
    else if (model.length > MODEL_MAX)
      fail('model', 'vin:import.errors.tooLong', { max: String(MODEL_MAX) });

    const yearText = cell(r, 'year');
    const year = /^\d{4}(\.0+)?$/.test(yearText) ? Number.parseInt(yearText, 10) : Number.NaN;
    if (yearText === '') fail('year', 'vin:import.errors.required');
    else if (!Number.isInteger(year) || year < PATTERN_MIN_YEAR || year > PATTERN_MAX_YEAR) {
      fail('year', 'vin:import.errors.year', {
        value: yearText,
        min: String(PATTERN_MIN_YEAR),
        max: String(PATTERN_MAX_YEAR),
      });
    }

    const pattern = normalizeVin(cell(r, 'pattern'));
    if (pattern === '') fail('pattern', 'vin:import.errors.required');
    else if (pattern.length !== VIN_LENGTH) {
      fail('pattern', 'vin:import.errors.patternLength', {
        value: pattern,
        length: String(pattern.length),
      });
    } else if (!isValidVinPattern(pattern)) {
      const bad = [...pattern].find((c) => c !== '*' && !VIN_ALPHABET.includes(c)) ?? '';
      fail('pattern', 'vin:import.errors.patternCharacter', { value: pattern, character: bad });
    } else if (pattern.slice(0, 3).includes('*')) {
      fail('pattern', 'vin:import.errors.patternMaker', { value: pattern });
    } else if (Number.isInteger(year) && pattern[9] !== '*') {
      const codeYear = vinModelYear(pattern);
      // Position 10 repeats every 30 years (M = 1991 and 2021).
      if (codeYear === null || (year - codeYear) % 30 !== 0) {
        fail('year', 'vin:import.errors.yearMismatch', { year: yearText, code: pattern[9] });
      }
    }

    const make = cell(r, 'make');
    if (make.length > MAKE_MAX)
      fail('make', 'vin:import.errors.tooLong', { max: String(MAKE_MAX) });

    const verified = parseFlag(cell(r, 'verified'));
    if (verified === 'bad')
      fail('verified', 'vin:import.errors.flag', { value: cell(r, 'verified') });
    const noCheckDigit = parseFlag(cell(r, 'noCheckDigit'));
    if (noCheckDigit === 'bad')
      fail('noCheckDigit', 'vin:import.errors.flag', { value: cell(r, 'noCheckDigit') });

    if (errors.length > before || verified === 'bad' || noCheckDigit === 'bad') {
      // (the flag checks narrow the types; a bad flag has already been reported)
      if (errors.length >= MAX_ERRORS) break;
      continue;
    }
    const row: PatternImportRow = {
      row: r.row,
      model,
      year,
      pattern,
      make: make === '' ? undefined : make,
      verified,
      noCheckDigit,
    };
    const earlier = seen.get(pattern);
    if (earlier) {
      const same =
        earlier.model === row.model &&
        earlier.year === row.year &&
        earlier.make === row.make &&
        earlier.verified === row.verified &&
        earlier.noCheckDigit === row.noCheckDigit;
      if (!same)
        fail('pattern', 'vin:import.errors.duplicateInFile', {
          value: pattern,
          other: String(earlier.row),
        });
      continue; // an identical repeat is harmless: kept once
    }
    seen.set(pattern, row);
    rows.push(row);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rows };
}

/** The kind of an upload from its first bytes (and name for a clear message). */
function sniff(bytes: Uint8Array): 'xlsx' | 'xls' | 'text' {
  if (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    bytes[2] === 0x03 &&
    bytes[3] === 0x04
  )
    return 'xlsx';
  if (
    bytes.length >= 4 &&
    bytes[0] === 0xd0 &&
    bytes[1] === 0xcf &&
    bytes[2] === 0x11 &&
    bytes[3] === 0xe0
  )
    return 'xls';
  return 'text';
}

/** Reads and checks an uploaded pattern file (CSV or XLSX). Nothing is written. */
export async function parseVinPatternFile(file: {
  name: string;
  bytes: Uint8Array;
}): Promise<ParseResult> {
  const one = (message: string): ParseResult => ({
    ok: false,
    errors: [{ row: null, column: null, message }],
  });
  if (file.bytes.length === 0) return one('vin:import.errors.empty');
  if (file.bytes.length > UPLOAD_MAX_BYTES) return one('vin:import.errors.tooLarge');
  const kind = sniff(file.bytes);
  if (kind === 'xls') return one('vin:import.errors.xls');
  if (kind === 'text' && /\.xlsx$/i.test(file.name)) return one('vin:import.errors.xlsxUnreadable');
  const table = kind === 'xlsx' ? await readXlsx(file.bytes) : readCsv(file.bytes);
  if (!table.ok) return { ok: false, errors: [table.error] };
  return checkRows(table.rows);
}

/** Reads a File (from a multipart form) and parses it. */
export async function parseVinPatternUpload(file: File): Promise<ParseResult> {
  if (file.size > UPLOAD_MAX_BYTES) {
    return {
      ok: false,
      errors: [{ row: null, column: null, message: 'vin:import.errors.tooLarge' }],
    };
  }
  return parseVinPatternFile({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
}

/**
 * Checking a VIN pattern import file (CSV or XLSX) into pattern rows. Nothing is written here:
 * the file is read whole (vin-import-file.server), every bad row is reported (row, column, why)
 * and the caller applies the rows only when there is no error (`importVinPatterns` in
 * vin-patterns.server.ts).
 *
 * Format: a header row with `Model`, `Year`, `Pattern` (required, any case and spacing, French
 * names accepted) and optional `Verified`, `No Check Digit` and `Make` columns; other columns are
 * ignored. CSV may carry a byte-order mark, CRLF line ends, quoted cells, blank rows and `;` as
 * separator (French spreadsheets); XLSX: the first sheet, numbers stored as numbers.
 */
import { UPLOAD_MAX_BYTES, VIN_LENGTH } from '~/lib/constants';
import { VIN_ALPHABET, isValidVinPattern, normalizeVin, vinModelYear } from '~/lib/vin';
import {
  readPatternTable,
  type ImportError,
  type SourceRow,
  IMPORT_MAX_ROWS,
} from '~/services/vin/vin-import-file.server';
import { readOffThread } from '~/services/events/files/upload-thread.server';

/** The answer when the upload worker ran out of memory on a pattern file (a file that inflates). */
const unreadablePatterns = {
  ok: false as const,
  error: { row: null, column: null, message: 'vin:import.errors.tooLarge' },
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

export { IMPORT_MAX_ROWS };
/** Oldest model year a pattern may name (17-character VINs started with model year 1981). */
const PATTERN_MIN_YEAR = 1981;
const PATTERN_MAX_YEAR = 2100;
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

// ---------------------------------------------------------------- checks

function parseFlag(raw: string): boolean | undefined | 'bad' {
  const v = headerKey(raw);
  if (v === '') return undefined;
  if (TRUE_WORDS.has(v)) return true;
  if (FALSE_WORDS.has(v)) return false;
  return 'bad';
}

/** The header's columns (where each is, and its name as written); duplicate or missing ones. */
function readHeader(header: SourceRow, errors: ImportError[]) {
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
  return { index, names };
}

type Problem = [Column, string, Record<string, string>];

/** What is wrong with a row's pattern (its length, a character, the maker, the year's code). */
function patternProblem(pattern: string, year: number, yearText: string): Problem | null {
  if (pattern === '') return ['pattern', 'vin:import.errors.required', {}];
  if (pattern.length !== VIN_LENGTH) {
    const values = { value: pattern, length: String(pattern.length) };
    return ['pattern', 'vin:import.errors.patternLength', values];
  }
  if (!isValidVinPattern(pattern)) {
    const bad = [...pattern].find((c) => c !== '*' && !VIN_ALPHABET.includes(c)) ?? '';
    return ['pattern', 'vin:import.errors.patternCharacter', { value: pattern, character: bad }];
  }
  if (pattern.slice(0, 3).includes('*'))
    return ['pattern', 'vin:import.errors.patternMaker', { value: pattern }];
  if (Number.isInteger(year) && pattern[9] !== '*') {
    const codeYear = vinModelYear(pattern);
    // Position 10 repeats every 30 years (M = 1991 and 2021).
    if (codeYear === null || (year - codeYear) % 30 !== 0)
      return ['year', 'vin:import.errors.yearMismatch', { year: yearText, code: pattern[9]! }];
  }
  return null;
}

/** Two rows of one pattern that say the same (an identical repeat is harmless). */
function sameRow(a: PatternImportRow, b: PatternImportRow): boolean {
  return (
    a.model === b.model &&
    a.year === b.year &&
    a.make === b.make &&
    a.verified === b.verified &&
    a.noCheckDigit === b.noCheckDigit
  );
}

/** The checked rows of a table whose first row is the header. */
function checkRows(table: SourceRow[]): ParseResult {
  const errors: ImportError[] = [];
  const [header, ...data] = table;
  if (!header)
    return { ok: false, errors: [{ row: null, column: null, message: 'vin:import.errors.empty' }] };

  const { index, names } = readHeader(header, errors);
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
    const problem = patternProblem(pattern, year, yearText);
    if (problem) {
      const [column, message, values] = problem;
      fail(column, message, Object.keys(values).length ? values : undefined);
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
      if (!sameRow(earlier, row))
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

/** Reads and checks an uploaded pattern file (CSV or XLSX). Nothing is written. */
export async function parseVinPatternFile(file: {
  name: string;
  bytes: Uint8Array;
}): Promise<ParseResult> {
  // Read on the upload worker in a built server (the event loop keeps answering meanwhile).
  const table = await readOffThread(
    { kind: 'vinPatterns', name: file.name, bytes: file.bytes },
    () => readPatternTable(file),
    unreadablePatterns,
  );
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

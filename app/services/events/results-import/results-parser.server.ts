/**
 * Parsing a results file in one of its three shapes: one class, all classes with a class
 * column, or a timing-system sheet where a row holding only a class name starts that class's
 * block. Pure: no database; applied by ~/services/events/results-upload.server.
 */
import type { ResultType } from '~/lib/constants';
import type { ImportProblem, ParseOutcome } from '~/services/events/files/import-problems.server';
import { headerKey, nameKey, normalizeAma } from '~/services/events/files/match-keys.server';
import { fromHeaderRow } from '~/services/events/results-import/header-row.server';
import { placeProblems, placesFromOrder } from '~/services/events/results-import/places.server';
import {
  builtInStatus,
  statusOutcome,
  type StatusChoices,
} from '~/services/events/results-import/status-words.server';
import {
  looksLikeHeader,
  mapChosenColumns,
  mapColumns,
  type ChosenColumns,
  type ColumnMap,
  type ResultColumn,
} from '~/services/events/results-import/result-columns.server';
import { cellText, type Cell, type SheetRow } from '~/services/events/files/sheet-cells.server';

/** One result row. `className` is set for the all-classes shapes, null for one class. */
export type ParsedResult = {
  row: number;
  className: string | null;
  place: number | null;
  resultType: ResultType;
  riderName: string;
  amaNumber: string | null;
  email: string | null;
  make: string | null;
  model: string | null;
  hometown: string | null;
};

/** The three results upload shapes. */
export type ResultShape =
  'upload-class-result' | 'upload-all-class-result' | 'upload-all-formatted-class-result';

/** A result type cell ('finish', 'DNF', 'DNS', 'DQ' and the status words of timing systems; blank is a finish), else null. */
function parseResultType(text: string): ResultType | null {
  const outcome = builtInStatus(text);
  return outcome === null || outcome === 'ignore' ? null : outcome;
}

/**
 * The uploader's answers from the mapping step: what each status value means (by statusKey), the
 * places corrected by file row (null: no place), and places taken from the file's order.
 */
export type ReadOptions = {
  statuses?: StatusChoices;
  placeFixes?: ReadonlyMap<number, number | null>;
  placesFromOrder?: boolean;
  /**
   * Which class each class value of the file feeds (by nameKey): a class of the event, or null
   * to leave its rows out. A value without an answer is refused as an unknown class. Without it
   * the file's class names are stored as written.
   */
  classes?: ReadonlyMap<string, string | null>;
};

/** A place cell: 1, '1', '1st', '2e', '3.' → the number; 'DNF'/'DNS'/'DQ' → that type; blank → null. */
function parsePlace(cell: Cell): { place: number | null; type?: ResultType } | null {
  if (typeof cell === 'number') {
    return Number.isSafeInteger(cell) && cell >= 1 && cell <= 100_000 ? { place: cell } : null;
  }
  const text = cellText(cell);
  if (text === '') return { place: null };
  const m = /^(\d{1,6})\s*(st|nd|rd|th|er|re|e|eme|ème|\.)?$/i.exec(text);
  if (m) {
    const n = Number(m[1]);
    return n >= 1 ? { place: n } : null;
  }
  const type = parseResultType(text);
  if (type && type !== 'finish') return { place: null, type };
  return null;
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function optional(cells: Cell[], map: ColumnMap, col: ResultColumn): string | null {
  const c = map[col];
  if (!c) return null;
  const text = cellText(cells[c.col]);
  return text === '' ? null : text;
}

/** One result row → a ParsedResult, or its problems. */
function parseResultRow(
  r: SheetRow,
  map: ColumnMap,
  className: string | null,
  problems: ImportProblem[],
  opts: ReadOptions,
): ParsedResult | 'ignored' | null {
  const start = problems.length;
  const cells = r.cells;
  let statusText = '';
  let status: ReturnType<typeof statusOutcome> = 'finish';
  if (map.resultType) {
    statusText = cellText(cells[map.resultType.col]);
    status = statusOutcome(statusText, opts.statuses);
    if (status === 'ignore') return 'ignored';
  }
  const placeCol = map.place;
  const placeCell = placeCol ? (cells[placeCol.col] ?? null) : null;
  const fixed = opts.placeFixes?.get(r.row);
  const placed = fixed !== undefined ? { place: fixed } : parsePlace(placeCell);
  if (!placed && placeCol) {
    problems.push({
      row: r.row,
      column: placeCol.header,
      code: 'badPlace',
      value: cellText(placeCell),
    });
  }
  let resultType: ResultType = placed?.type ?? 'finish';
  if (map.resultType) {
    if (status === null) {
      problems.push({
        row: r.row,
        column: map.resultType.header,
        code: 'badResultType',
        value: statusText,
      });
    } else if (statusText !== '' || !placed?.type) {
      resultType = status;
    }
  }
  const place = placed?.place ?? null;
  let riderName = map.name ? cellText(cells[map.name.col]) : '';
  if (riderName === '' && (map.first || map.last)) {
    riderName = [optional(cells, map, 'first'), optional(cells, map, 'last')]
      .filter(Boolean)
      .join(' ');
  }
  riderName = riderName.replace(/\s+/g, ' ').trim();
  if (riderName === '') {
    const col = map.name ?? map.first ?? map.last;
    problems.push({ row: r.row, column: col?.header ?? null, code: 'riderNameRequired' });
  }
  const email = optional(cells, map, 'email')?.toLowerCase() ?? null;
  if (email !== null && !EMAIL_RE.test(email)) {
    problems.push({
      row: r.row,
      column: map.email?.header ?? null,
      code: 'badEmail',
      value: email,
    });
  }
  if (problems.length > start) return null;
  return {
    row: r.row,
    className,
    place,
    resultType,
    riderName,
    amaNumber: normalizeAma(map.ama ? cells[map.ama.col] : null),
    email,
    make: optional(cells, map, 'make'),
    model: optional(cells, map, 'model'),
    hometown: optional(cells, map, 'hometown'),
  };
}

/** A results file as read: its results, what is wrong with it, and the rows left out (ignored). */
export type ResultsRead = {
  results: ParsedResult[];
  problems: ImportProblem[];
  ignored: number[];
  /** The place column's header as written (problems name it), null without one. */
  placeHeader: string | null;
};

function finish(read: ResultsRead, opts: ReadOptions): ResultsRead {
  const results = opts.placesFromOrder ? placesFromOrder(read.results) : read.results;
  const problems = [...read.problems, ...placeProblems(results, read.placeHeader)];
  if (!problems.length && results.length === 0)
    problems.push({ row: null, column: null, code: 'noResults' });
  problems.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  return { ...read, results, problems };
}

/** The class-block sheet: a row holding only a class name starts that class's block. */
function readClassBlocks(rows: SheetRow[], opts: ReadOptions): ResultsRead {
  const problems: ImportProblem[] = [];
  const results: ParsedResult[] = [];
  const ignored: number[] = [];
  let map: ColumnMap | null = null;
  let headerKeys = '';
  let currentClass: string | null = null;
  for (const r of rows) {
    const filled = r.cells.map((c) => cellText(c)).filter((t) => t !== '');
    const candidate = mapColumns(r.cells);
    if (looksLikeHeader(candidate)) {
      const keys = r.cells.map((c) => headerKey(cellText(c))).join('|');
      if (!map) {
        map = candidate;
        headerKeys = keys;
        // A title above the headers is not a class.
        currentClass = null;
        continue;
      }
      if (keys === headerKeys) continue; // a header repeated in each block
    }
    if (
      filled.length === 1 &&
      typeof r.cells.find((c) => cellText(c) !== '') === 'string' &&
      parsePlace(filled[0])?.place == null
    ) {
      currentClass = filled[0];
      continue;
    }
    // Rows above the first header are the sheet's titles.
    if (!map) continue;
    if (currentClass === null) {
      problems.push({ row: r.row, column: null, code: 'noClassBlock' });
      continue;
    }
    const parsed = parseResultRow(r, map, currentClass, problems, opts);
    if (parsed === 'ignored') ignored.push(r.row);
    else if (parsed) results.push(parsed);
  }
  if (!map) {
    return {
      results: [],
      ignored: [],
      placeHeader: null,
      problems: [{ row: rows[0]!.row, column: null, code: 'missingHeader', value: 'Place' }],
    };
  }
  return finish({ results, problems, ignored, placeHeader: map.place?.header ?? null }, opts);
}

/**
 * The class a row is stored in (null: the upload's one class), 'ignored' when the uploader left
 * its class value out, or 'refused' (its problem pushed).
 */
function rowClass(
  r: SheetRow,
  map: ColumnMap,
  shape: ResultShape,
  problems: ImportProblem[],
  opts: ReadOptions,
): { name: string | null } | 'ignored' | 'refused' {
  const all = shape === 'upload-all-class-result';
  if (!map.class || (!all && !opts.classes)) return { name: null };
  const text = cellText(r.cells[map.class.col]);
  if (text === '' && all) {
    problems.push({ row: r.row, column: map.class.header, code: 'missingClassName' });
    return 'refused';
  }
  if (!opts.classes) return { name: text };
  const chosen = opts.classes.get(nameKey(text));
  if (chosen === undefined) {
    problems.push({ row: r.row, column: map.class.header, code: 'unknownClass', value: text });
    return 'refused';
  }
  if (chosen === null) return 'ignored';
  return { name: all ? chosen : null };
}

/**
 * Reads a results file in one of the three shapes: one class, all classes with a class column, or
 * a timing-system sheet where a row holding only a class name starts that class's block. Title
 * rows above the headers are skipped. `chosen` is the uploader's column mapping (the mapping
 * step), used instead of the header words for the one-class and all-classes shapes (it counts
 * columns of the header row); `opts` carries the step's other answers.
 */
export function readResults(
  rows: SheetRow[],
  shape: ResultShape,
  chosen?: ChosenColumns,
  opts: ReadOptions = {},
): ResultsRead {
  if (rows.length === 0)
    return {
      results: [],
      ignored: [],
      placeHeader: null,
      problems: [{ row: null, column: null, code: 'emptyFile' }],
    };
  if (shape === 'upload-all-formatted-class-result') return readClassBlocks(rows, opts);

  const [header, ...data] = fromHeaderRow(rows);
  const map = chosen ? mapChosenColumns(header!.cells, chosen) : mapColumns(header!.cells);
  const missing: ImportProblem[] = [];
  if (!map.place)
    missing.push({ row: header!.row, column: null, code: 'missingHeader', value: 'Place' });
  if (!map.name && !(map.first && map.last))
    missing.push({ row: header!.row, column: null, code: 'missingHeader', value: 'Rider' });
  if (shape === 'upload-all-class-result' && !map.class) {
    missing.push({ row: header!.row, column: null, code: 'missingHeader', value: 'Class' });
  }
  if (missing.length) return { results: [], ignored: [], placeHeader: null, problems: missing };
  const problems: ImportProblem[] = [];
  const results: ParsedResult[] = [];
  const ignored: number[] = [];
  for (const r of data) {
    const cls = rowClass(r, map, shape, problems, opts);
    if (cls === 'refused') continue;
    const parsed = cls === 'ignored' ? cls : parseResultRow(r, map, cls.name, problems, opts);
    if (parsed === 'ignored') ignored.push(r.row);
    else if (parsed) results.push(parsed);
  }
  return finish({ results, problems, ignored, placeHeader: map.place?.header ?? null }, opts);
}

/** A results file parsed whole, or every problem found in it (see readResults). */
export function parseResults(
  rows: SheetRow[],
  shape: ResultShape,
  chosen?: ChosenColumns,
  opts: ReadOptions = {},
): ParseOutcome<ParsedResult[]> {
  const read = readResults(rows, shape, chosen, opts);
  return read.problems.length
    ? { ok: false, problems: read.problems }
    : { ok: true, value: read.results };
}

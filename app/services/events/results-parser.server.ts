/**
 * Parsing a results file (spec §7) in one of its three shapes: one class, all classes with a class
 * column, or a timing-system sheet where a row holding only a class name starts that class's
 * block. Pure: no database; applied by ~/services/events/results-upload.server.
 */
import type { ResultType } from '~/lib/constants';
import type { ImportProblem, ParseOutcome } from '~/services/events/import-problems.server';
import { headerKey, nameKey, normalizeAma, wordKey } from '~/services/events/match-keys.server';
import {
  looksLikeHeader,
  mapChosenColumns,
  mapColumns,
  type ChosenColumns,
  type ColumnMap,
  type ResultColumn,
} from '~/services/events/result-columns.server';
import { cellText, type Cell, type SheetRow } from '~/services/events/sheet-cells.server';

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

/** The three results upload shapes (spec §7 call names). */
export const RESULT_SHAPES = [
  'upload-class-result',
  'upload-all-class-result',
  'upload-all-formatted-class-result',
] as const;
export type ResultShape = (typeof RESULT_SHAPES)[number];

const RESULT_TYPE_WORDS: Record<string, ResultType> = {
  '': 'finish',
  finish: 'finish',
  finished: 'finish',
  fin: 'finish',
  f: 'finish',
  ok: 'finish',
  classified: 'finish',
  dnf: 'DNF',
  didnotfinish: 'DNF',
  dns: 'DNS',
  didnotstart: 'DNS',
  dq: 'DQ',
  dsq: 'DQ',
  disqualified: 'DQ',
};

/** A result type cell ('finish', 'DNF', 'DNS', 'DQ'; blank is a finish), else null. */
export function parseResultType(text: string): ResultType | null {
  return RESULT_TYPE_WORDS[wordKey(text)] ?? null;
}

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
): ParsedResult | null {
  const start = problems.length;
  const cells = r.cells;
  const placeCol = map.place;
  const placeCell = placeCol ? (cells[placeCol.col] ?? null) : null;
  const placed = parsePlace(placeCell);
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
    const text = cellText(cells[map.resultType.col]);
    const parsed = parseResultType(text);
    if (parsed === null) {
      problems.push({
        row: r.row,
        column: map.resultType.header,
        code: 'badResultType',
        value: text,
      });
    } else if (text !== '' || !placed?.type) {
      resultType = parsed;
    }
  }
  const place = placed?.place ?? null;
  if (placed && place === null && resultType === 'finish' && placeCol) {
    problems.push({ row: r.row, column: placeCol.header, code: 'placeRequired' });
  }
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

/** Checks that no two results of one class share a place. */
function checkDuplicatePlaces(list: ParsedResult[], map: ColumnMap, problems: ImportProblem[]) {
  const seen = new Set<string>();
  for (const r of list) {
    if (r.place === null) continue;
    const key = `${nameKey(r.className ?? '')}\u0000${r.place}`;
    if (seen.has(key)) {
      problems.push({
        row: r.row,
        column: map.place?.header ?? null,
        code: 'duplicatePlace',
        value: String(r.place),
      });
    }
    seen.add(key);
  }
}

/**
 * A results file in one of the three shapes: one class, all classes with a class column, or a
 * timing-system sheet where a row holding only a class name starts that class's block. `chosen`
 * is the promoter's column mapping (the mapping step), used instead of the header words for the
 * one-class and all-classes shapes.
 */
export function parseResults(
  rows: SheetRow[],
  shape: ResultShape,
  chosen?: ChosenColumns,
): ParseOutcome<ParsedResult[]> {
  const problems: ImportProblem[] = [];
  const results: ParsedResult[] = [];
  if (rows.length === 0)
    return { ok: false, problems: [{ row: null, column: null, code: 'emptyFile' }] };

  if (shape === 'upload-all-formatted-class-result') {
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
      if (!map) {
        return {
          ok: false,
          problems: [{ row: r.row, column: null, code: 'missingHeader', value: 'Place' }],
        };
      }
      if (currentClass === null) {
        problems.push({ row: r.row, column: null, code: 'noClassBlock' });
        continue;
      }
      const parsed = parseResultRow(r, map, currentClass, problems);
      if (parsed) results.push(parsed);
    }
    if (!map)
      return {
        ok: false,
        problems: [{ row: rows[0].row, column: null, code: 'missingHeader', value: 'Place' }],
      };
    if (!problems.length) checkDuplicatePlaces(results, map, problems);
    if (!problems.length && results.length === 0)
      problems.push({ row: null, column: null, code: 'noResults' });
    return problems.length ? { ok: false, problems } : { ok: true, value: results };
  }

  const [header, ...data] = rows;
  const map = chosen ? mapChosenColumns(header.cells, chosen) : mapColumns(header.cells);
  const missing: ImportProblem[] = [];
  if (!map.place)
    missing.push({ row: header.row, column: null, code: 'missingHeader', value: 'Place' });
  if (!map.name && !(map.first && map.last))
    missing.push({ row: header.row, column: null, code: 'missingHeader', value: 'Rider' });
  if (shape === 'upload-all-class-result' && !map.class) {
    missing.push({ row: header.row, column: null, code: 'missingHeader', value: 'Class' });
  }
  if (missing.length) return { ok: false, problems: missing };
  for (const r of data) {
    let className: string | null = null;
    if (shape === 'upload-all-class-result' && map.class) {
      className = cellText(r.cells[map.class.col]);
      if (className === '') {
        problems.push({ row: r.row, column: map.class.header, code: 'missingClassName' });
        continue;
      }
    }
    const parsed = parseResultRow(r, map, className, problems);
    if (parsed) results.push(parsed);
  }
  if (!problems.length) checkDuplicatePlaces(results, map, problems);
  if (!problems.length && results.length === 0)
    problems.push({ row: null, column: null, code: 'noResults' });
  return problems.length ? { ok: false, problems } : { ok: true, value: results };
}

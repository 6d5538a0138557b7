/**
 * Results straight from timing systems, the rules of the mapping step: when a file goes through
 * it, and what the step shows of a file under the uploader's answers (the columns, what each
 * status value means, corrected places, places from the file's order): its headers and first
 * rows, the distinct status values, the rows whose place must be settled, and the first rows as
 * they will be stored. Pure: no database, no request.
 */
import type { StatusOutcome, TimingChoice } from '~/lib/schemas/timing';
import type { ImportProblem, ProblemCode } from '~/services/events/files/import-problems.server';
import {
  isKnownHeader,
  mapChosenColumns,
  type ChosenColumns,
  type ColumnMap,
} from '~/services/events/results-import/result-columns.server';
import {
  classEntries,
  type ClassChoices,
  type ClassEntry,
} from '~/services/events/results-import/class-choices.server';
import { duplicatePlaceRows, missingPlaces } from '~/services/events/results-import/places.server';
import {
  builtInStatus,
  statusKey,
  type StatusChoices,
} from '~/services/events/results-import/status-words.server';
import type { RowOutcome } from '~/services/events/results-import/upload-dry-run.server';
import {
  readResults,
  type ParsedResult,
  type ResultShape,
  type ResultsRead,
} from '~/services/events/results-import/results-parser.server';
import { cellText, type Cell, type SheetRow } from '~/services/events/files/sheet-cells.server';

/** How many rows of the file the mapping step shows. */
const PREVIEW_ROWS = 8;
/** Most distinct status values listed (a column with more is not a status column). */
const MAX_STATUS_VALUES = 50;

/** The uploader's answers in the mapping step. */
export type TimingState = {
  columns: ChosenColumns;
  statuses: StatusChoices;
  /** Places corrected in the page, by file row (null: no place). */
  fixes: Map<number, number | null>;
  fromOrder: boolean;
  /** Which class each class value feeds; null when the step offers no such choice. */
  classes: ClassChoices | null;
};

/** The answers of a file nobody has answered for yet, or of a remembered header set. */
export function initialState(columns: ChosenColumns, statuses: StatusChoices = {}): TimingState {
  return { columns, statuses, fixes: new Map(), fromOrder: false, classes: null };
}

/** The problems the step lets the uploader settle: status values, places and classes. */
const SETTLED_IN_STEP: ProblemCode[] = [
  'unknownClass',
  'badResultType',
  'duplicatePlace',
  'missingPlace',
  'placeRequired',
  'badPlace',
];

/** The columns a shape cannot do without, under a mapping: Place, Rider, and Class for all classes. */
export function missingColumns(
  headers: Cell[],
  chosen: ChosenColumns,
  shape: ResultShape,
): ('Place' | 'Rider' | 'Class')[] {
  const map = mapChosenColumns(headers, chosen);
  const missing: ('Place' | 'Rider' | 'Class')[] = [];
  if (!map.place) missing.push('Place');
  if (!map.name && !(map.first && map.last)) missing.push('Rider');
  if (shape === 'upload-all-class-result' && !map.class) missing.push('Class');
  return missing;
}

/** The file read under the step's answers (places from the order when asked). */
export function readUnder(rows: SheetRow[], shape: ResultShape, state: TimingState): ResultsRead {
  return readResults(rows, shape, state.columns, {
    statuses: state.statuses,
    placeFixes: state.fixes,
    placesFromOrder: state.fromOrder,
    classes: state.classes ?? undefined,
  });
}

/**
 * Whether an upload goes through the mapping step (a file with one header row, not the
 * class-block shape): a header we neither know nor have an answer for, a status value we do not
 * know, or a place to settle (missing, repeated, unreadable). A file that lacks a needed column
 * with no header left to map is refused at once, as is a file whose only problems are others.
 * `answered` says which headers the uploader has mapped before.
 */
export function needsMapping(
  rows: SheetRow[],
  state: TimingState,
  shape: ResultShape,
  answered: boolean[] = [],
) {
  if (shape === 'upload-all-formatted-class-result' || rows.length === 0) return false;
  const headers = rows[0]!.cells;
  const unknown = headers.some((h, i) => {
    const text = cellText(h);
    return text !== '' && !isKnownHeader(text) && !answered[i];
  });
  if (missingColumns(headers, state.columns, shape).length) return unknown;
  if (unknown) return true;
  return readUnder(rows, shape, state).problems.some((p) => SETTLED_IN_STEP.includes(p.code));
}

/** A mapping as the form's choices ("ignore" for none). */
function toChoices(chosen: ChosenColumns, count: number): TimingChoice[] {
  return Array.from({ length: count }, (_, i) => chosen[i] ?? 'ignore');
}

/** The form's choices as a mapping (missing ones ignored). */
export function fromChoices(choices: TimingChoice[], count: number): ChosenColumns {
  return Array.from({ length: count }, (_, i) => {
    const c = choices[i];
    return c === undefined || c === 'ignore' ? null : c;
  });
}

/** One distinct status value of the file: as first written, how many rows, what it means. */
export type StatusEntry = {
  key: string;
  text: string;
  count: number;
  /** What we read it as without asking (null: a word we do not know). */
  builtIn: StatusOutcome | null;
  /** What it means now: the uploader's answer, else ours; null until answered. */
  outcome: StatusOutcome | null;
};

/** The distinct values of the status column under a mapping (none without one). */
export function statusEntries(rows: SheetRow[], state: TimingState): StatusEntry[] {
  const [header, ...data] = rows;
  if (!header) return [];
  const col = mapChosenColumns(header.cells, state.columns).resultType?.col;
  if (col === undefined) return [];
  const byKey = new Map<string, StatusEntry>();
  for (const r of data) {
    const text = cellText(r.cells[col]);
    const key = statusKey(text);
    const seen = byKey.get(key);
    if (seen) {
      seen.count += 1;
      continue;
    }
    const builtIn = builtInStatus(text);
    const outcome = Object.hasOwn(state.statuses, key) ? state.statuses[key]! : builtIn;
    byKey.set(key, { key, text, count: 1, builtIn, outcome });
  }
  // The values to answer first, then the ones we read ourselves.
  return [...byKey.values()]
    .sort((a, b) => Number(a.builtIn !== null) - Number(b.builtIn !== null))
    .slice(0, MAX_STATUS_VALUES);
}

/** The answers worth remembering: each value whose meaning is not what we read it as ourselves. */
export function statusesToRemember(entries: StatusEntry[]): StatusChoices {
  const out: StatusChoices = {};
  for (const e of entries)
    if (e.outcome !== null && e.outcome !== e.builtIn) out[e.key] = e.outcome;
  return out;
}

/** A row whose place must be settled (or was corrected in the page). */
export type PlaceEntry = {
  row: number;
  className: string | null;
  riderName: string;
  /** The place cell as the file writes it. */
  inFile: string;
  /** The place the row has now ('' for none). */
  place: string;
  issue: 'duplicate' | 'missing' | 'badPlace' | 'gap' | null;
  /** For a gap: the places nobody holds before this row's ('3', '2–4'). */
  missing: string | null;
  /** The other rows of the class with the same place. */
  sharedWith: number[];
};

function rowCells(rows: SheetRow[], row: number): Cell[] {
  return rows.find((r) => r.row === row)?.cells ?? [];
}

function nameIn(cells: Cell[], map: ColumnMap): string {
  const part = (c: ColumnMap['name']) => (c ? cellText(cells[c.col]) : '');
  const full = part(map.name);
  return full !== '' ? full : [part(map.first), part(map.last)].filter(Boolean).join(' ');
}

/** The rows whose place is missing, repeated or unreadable, and every row corrected in the page. */
export function placeEntries(
  rows: SheetRow[],
  shape: ResultShape,
  state: TimingState,
): PlaceEntry[] {
  const header = rows[0];
  if (!header) return [];
  const map = mapChosenColumns(header.cells, state.columns);
  // The file's own places (not renumbered): what the uploader is asked about.
  const read = readUnder(rows, shape, { ...state, fromOrder: false });
  const dup = duplicatePlaceRows(read.results);
  const issues = new Map<number, PlaceEntry['issue']>();
  for (const p of read.problems) {
    if (p.row === null) continue;
    if (p.code === 'placeRequired') issues.set(p.row, 'missing');
    if (p.code === 'badPlace') issues.set(p.row, 'badPlace');
  }
  const gaps = missingPlaces(read.results);
  for (const row of gaps.keys()) issues.set(row, 'gap');
  for (const row of dup.keys()) issues.set(row, 'duplicate');
  const wanted = new Set([...issues.keys(), ...state.fixes.keys()]);
  const byRow = new Map(read.results.map((r) => [r.row, r]));
  return [...wanted]
    .sort((a, b) => a - b)
    .map((row) => {
      const cells = rowCells(rows, row);
      const r: ParsedResult | undefined = byRow.get(row);
      const inFile = map.place ? cellText(cells[map.place.col]) : '';
      const fix = state.fixes.get(row);
      const place = fix !== undefined ? (fix ?? '') : (r?.place ?? '');
      return {
        row,
        className: r?.className ?? (map.class ? cellText(cells[map.class.col]) : null),
        riderName: r?.riderName ?? nameIn(cells, map),
        inFile,
        place: String(place),
        issue: issues.get(row) ?? null,
        missing: gaps.get(row) ?? null,
        sharedWith: (dup.get(row) ?? []).filter((x) => x !== row),
      };
    });
}

/** One row of the file as it will be stored (with what it would pay), left out, or why it cannot be. */
export type PreviewRow = {
  row: number;
  result: ParsedResult | null;
  ignored: boolean;
  problems: ImportProblem[];
  outcome: RowOutcome | null;
};

/** What the mapping page shows of a held file under the uploader's answers. */
export type TimingView = {
  headers: string[];
  recognised: boolean[];
  choices: TimingChoice[];
  sample: string[][];
  missing: ('Place' | 'Rider' | 'Class')[];
  statuses: StatusEntry[];
  classes: ClassEntry[];
  places: PlaceEntry[];
  fromOrder: boolean;
  preview: PreviewRow[];
  /** Every problem left in the whole file (nothing is stored while there is one). */
  problems: ImportProblem[];
  /** Rows that will be stored, and left out. */
  counts: { stored: number; ignored: number; paying: number | null };
};

/**
 * The mapping page of a file under the uploader's answers. `outcomes` is the dry run of the
 * upload (by file row) when the whole file reads cleanly.
 */
export function timingView(
  rows: SheetRow[],
  shape: ResultShape,
  state: TimingState,
  outcomes: Map<number, RowOutcome> | null = null,
  answered: boolean[] = [],
): TimingView {
  const header = rows[0]?.cells ?? [];
  const headers = header.map((c) => cellText(c));
  const missing = missingColumns(header, state.columns, shape);
  const read = missing.length ? null : readUnder(rows, shape, state);
  const byRow = new Map(read?.results.map((r) => [r.row, r]) ?? []);
  const ignored = new Set(read?.ignored ?? []);
  const preview: PreviewRow[] = read
    ? rows.slice(1, 1 + PREVIEW_ROWS).map((r) => ({
        row: r.row,
        result: byRow.get(r.row) ?? null,
        ignored: ignored.has(r.row),
        problems: read.problems.filter((p) => p.row === r.row),
        outcome: outcomes?.get(r.row) ?? null,
      }))
    : [];
  return {
    headers,
    recognised: headers.map((h, i) => h !== '' && (isKnownHeader(h) || Boolean(answered[i]))),
    choices: toChoices(state.columns, headers.length),
    sample: rows.slice(1, 1 + PREVIEW_ROWS).map((r) => headers.map((_, i) => cellText(r.cells[i]))),
    missing,
    statuses: missing.length ? [] : statusEntries(rows, state),
    classes: classEntries(rows, state.columns, state.classes),
    places: missing.length ? [] : placeEntries(rows, shape, state),
    fromOrder: state.fromOrder,
    preview,
    problems: read?.problems ?? [],
    counts: {
      stored: read?.results.length ?? 0,
      ignored: read?.ignored.length ?? 0,
      paying: outcomes ? [...outcomes.values()].filter((o) => o.payoutCents > 0).length : null,
    },
  };
}

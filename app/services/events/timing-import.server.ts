/**
 * Results straight from timing systems (issue 12.4), the rules of the mapping step: when a file
 * goes through it, what each of its columns is pre-set to, and its first rows as they will be
 * stored under a mapping. Pure: no database, no request.
 */
import type { TimingChoice } from '~/lib/schemas/timing';
import type { ImportProblem } from '~/services/events/import-problems.server';
import {
  mapChosenColumns,
  resultColumnOf,
  type ChosenColumns,
} from '~/services/events/result-columns.server';
import {
  parseResults,
  type ParsedResult,
  type ResultShape,
} from '~/services/events/results-parser.server';
import { cellText, type Cell, type SheetRow } from '~/services/events/sheet-cells.server';

/** How many rows of the file the mapping step shows. */
export const PREVIEW_ROWS = 5;

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

/**
 * Whether an upload goes through the mapping step: a file with one header row (not the class-block
 * shape) that lacks a column it needs under the pre-selected mapping, and has at least one header
 * we do not recognise (one the uploader could map). Every other file loads at once, as before.
 */
export function needsMapping(rows: SheetRow[], chosen: ChosenColumns, shape: ResultShape) {
  if (shape === 'upload-all-formatted-class-result' || rows.length === 0) return false;
  const headers = rows[0]!.cells;
  const unknown = headers.some((h) => cellText(h) !== '' && resultColumnOf(cellText(h)) === null);
  return unknown && missingColumns(headers, chosen, shape).length > 0;
}

/** A mapping as the form's choices ("ignore" for none). */
export function toChoices(chosen: ChosenColumns, count: number): TimingChoice[] {
  return Array.from({ length: count }, (_, i) => chosen[i] ?? 'ignore');
}

/** The form's choices as a mapping (missing ones ignored). */
export function fromChoices(choices: TimingChoice[], count: number): ChosenColumns {
  return Array.from({ length: count }, (_, i) => {
    const c = choices[i];
    return c === undefined || c === 'ignore' ? null : c;
  });
}

/** One row of the file as it will be stored, or why it cannot be. */
export type PreviewRow = { row: number; result: ParsedResult | null; problems: ImportProblem[] };

/** The first rows of a file as they will be stored under a mapping (each parsed on its own). */
export function previewRows(
  rows: SheetRow[],
  shape: ResultShape,
  chosen: ChosenColumns,
  count = PREVIEW_ROWS,
): PreviewRow[] {
  const [header, ...data] = rows;
  if (!header || missingColumns(header.cells, chosen, shape).length) return [];
  return data.slice(0, count).map((r) => {
    const out = parseResults([header, r], shape, chosen);
    return out.ok
      ? { row: r.row, result: out.value[0] ?? null, problems: [] }
      : { row: r.row, result: null, problems: out.problems };
  });
}

/** What the mapping page shows of a held file under a mapping. */
export type TimingView = {
  headers: string[];
  recognised: boolean[];
  choices: TimingChoice[];
  sample: string[][];
  missing: ('Place' | 'Rider' | 'Class')[];
  preview: PreviewRow[];
};

/** The mapping page of a file under a mapping: its headers, first rows, and those rows as stored. */
export function timingView(
  rows: SheetRow[],
  shape: ResultShape,
  chosen: ChosenColumns,
): TimingView {
  const header = rows[0]?.cells ?? [];
  const headers = header.map((c) => cellText(c));
  return {
    headers,
    recognised: headers.map((h) => h !== '' && resultColumnOf(h) !== null),
    choices: toChoices(chosen, headers.length),
    sample: rows.slice(1, 1 + PREVIEW_ROWS).map((r) => headers.map((_, i) => cellText(r.cells[i]))),
    missing: missingColumns(header, chosen, shape),
    preview: previewRows(rows, shape, chosen),
  };
}

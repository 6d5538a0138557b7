/**
 * Which class each class value of a results file feeds, chosen in the mapping step: a live-timing
 * export names its races ("450SX Main Event", "450SX Heat 1"), a club's sheet its own class
 * names. Each value feeds the event's class of the same name until the uploader says otherwise;
 * a value matching none waits for an answer (a class, or "leave these rows out"). Pure: no
 * database.
 */
import { nameKey } from '~/services/events/files/match-keys.server';
import { cellText, type SheetRow } from '~/services/events/files/sheet-cells.server';
import {
  mapChosenColumns,
  type ChosenColumns,
} from '~/services/events/results-import/result-columns.server';
import type { ResultShape } from '~/services/events/results-import/results-parser.server';

/** A class a value can feed: the event's classes (or the one class of a one-class upload). */
export type ClassTarget = { id: number; name: string };

/** Which class each value feeds (by nameKey): a class name, or null (rows left out). */
export type ClassChoices = ReadonlyMap<string, string | null>;

/** One class value of the file: as first written, how many rows, and what it feeds. */
export type ClassEntry = {
  key: string;
  text: string;
  count: number;
  /** The class it feeds (null: its rows are left out); unanswered when `answered` is false. */
  target: string | null;
  answered: boolean;
};

/** The distinct values of the file's class column under a mapping, in file order (null: no column). */
function classValues(rows: SheetRow[], columns: ChosenColumns) {
  const [header, ...data] = rows;
  const col = header ? mapChosenColumns(header.cells, columns).class?.col : undefined;
  if (col === undefined) return null;
  const values = new Map<string, { text: string; count: number }>();
  for (const r of data) {
    const text = cellText(r.cells[col]);
    if (text === '') continue;
    const seen = values.get(nameKey(text));
    if (seen) seen.count += 1;
    else values.set(nameKey(text), { text, count: 1 });
  }
  return values;
}

/**
 * The class choices of a file: the uploader's `answers` (a target's id, 'ignore', or '' for none)
 * over the values that name a target. Null when there is nothing to choose: no class column, or a
 * one-class upload whose file names at most one class (every row feeds that class).
 */
export function classChoices(
  rows: SheetRow[],
  columns: ChosenColumns,
  shape: ResultShape,
  targets: ClassTarget[],
  answers: { key: string; target?: string }[] = [],
): ClassChoices | null {
  const values = classValues(rows, columns);
  if (!values || (shape === 'upload-class-result' && values.size <= 1)) return null;
  const byName = new Map(targets.map((t) => [nameKey(t.name), t.name]));
  const byId = new Map(targets.map((t) => [String(t.id), t.name]));
  const choices = new Map<string, string | null>();
  for (const key of values.keys()) {
    const named = byName.get(key);
    if (named !== undefined) choices.set(key, named);
  }
  for (const a of answers) {
    if (!values.has(a.key)) continue;
    const target = a.target === 'ignore' ? null : byId.get(a.target ?? '');
    if (target === undefined) choices.delete(a.key);
    else choices.set(a.key, target);
  }
  return choices;
}

/** The class values the step lists, each with what it feeds now. */
export function classEntries(
  rows: SheetRow[],
  columns: ChosenColumns,
  choices: ClassChoices | null,
): ClassEntry[] {
  const values = choices ? classValues(rows, columns) : null;
  if (!values || !choices) return [];
  return [...values].map(([key, v]) => ({
    key,
    ...v,
    target: choices.get(key) ?? null,
    answered: choices.has(key),
  }));
}

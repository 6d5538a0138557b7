/**
 * The places of a results file once its rows are read: taken from the file's order when the
 * uploader asks for it, then checked (a finish needs a place; two finishers or retirements of one
 * class never share one). Pure: no database.
 */
import type { ImportProblem } from '~/services/events/files/import-problems.server';
import { nameKey } from '~/services/events/files/match-keys.server';
import type { ParsedResult } from '~/services/events/results-import/results-parser.server';

/** Whether a result's place counts: a finish or a DNF (a DNS or DQ never pays, whatever its place). */
function placed(r: ParsedResult): boolean {
  return r.resultType === 'finish' || r.resultType === 'DNF';
}

const classOf = (r: ParsedResult) => nameKey(r.className ?? '');

/**
 * Places from the file's order: in each class, the finishes and DNFs are numbered 1, 2, 3… in the
 * order the file lists them (live timing lists riders still circulating first, then those who
 * retired); DNS and DQ rows get no place.
 */
export function placesFromOrder(list: ParsedResult[]): ParsedResult[] {
  const next = new Map<string, number>();
  return list.map((r) => {
    if (!placed(r)) return { ...r, place: null };
    const n = (next.get(classOf(r)) ?? 0) + 1;
    next.set(classOf(r), n);
    return { ...r, place: n };
  });
}

/** The rows of each place two or more results of one class share (finishes and DNFs only). */
export function duplicatePlaceRows(list: ParsedResult[]): Map<number, number[]> {
  const byPlace = new Map<string, number[]>();
  for (const r of list) {
    if (r.place === null || !placed(r)) continue;
    const key = `${classOf(r)}\u0000${r.place}`;
    byPlace.set(key, [...(byPlace.get(key) ?? []), r.row]);
  }
  const rows = new Map<number, number[]>();
  for (const group of byPlace.values()) {
    if (group.length < 2) continue;
    for (const row of group) rows.set(row, group);
  }
  return rows;
}

/**
 * The place problems of a file: a finish without a place, and every result after the first that
 * repeats a place of its class.
 */
export function placeProblems(list: ParsedResult[], placeHeader: string | null): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const seen = new Set<string>();
  for (const r of list) {
    if (r.place === null) {
      if (r.resultType === 'finish')
        problems.push({ row: r.row, column: placeHeader, code: 'placeRequired' });
      continue;
    }
    if (!placed(r)) continue;
    const key = `${classOf(r)}\u0000${r.place}`;
    if (seen.has(key)) {
      problems.push({
        row: r.row,
        column: placeHeader,
        code: 'duplicatePlace',
        value: String(r.place),
      });
    }
    seen.add(key);
  }
  return problems;
}

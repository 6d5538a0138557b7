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

/** A missing place or run of places as written in a problem: '3', or '2–4'. */
const placeRun = (from: number, to: number) => (from === to ? String(from) : `${from}\u2013${to}`);

/**
 * The places of each class nobody holds, each on the row holding the next place (by file row):
 * places counted as in sport, where a tie skips the places it takes (1, 2, 2, 4 misses nothing;
 * 1, 2, 4 misses the 3rd; 2, 3 misses the 1st). Every result with a place counts.
 */
export function missingPlaces(list: ParsedResult[]): Map<number, string> {
  const byClass = new Map<string, ParsedResult[]>();
  for (const r of list) {
    if (r.place === null) continue;
    byClass.set(classOf(r), [...(byClass.get(classOf(r)) ?? []), r]);
  }
  const missing = new Map<number, string>();
  for (const group of byClass.values()) {
    const sorted = [...group].sort((a, b) => a.place! - b.place! || a.row - b.row);
    let prev = 0;
    sorted.forEach((r, i) => {
      const place = r.place!;
      // The first place this one may skip to: past the previous one and past a tie's share.
      const from = Math.max(prev + 1, i + 1);
      if (place > from) missing.set(r.row, placeRun(from, place - 1));
      prev = place;
    });
  }
  return missing;
}

/**
 * The place problems of a file: a finish without a place, every result after the first that
 * repeats a place of its class, and the places of a class nobody holds.
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
  for (const [row, value] of missingPlaces(list))
    problems.push({ row, column: placeHeader, code: 'missingPlace', value });
  return problems;
}

/**
 * A place nobody holds is flagged like a repeated one: places 1, 2, 4 miss the 3rd, a class
 * without a 1st place misses it; a tie written the sporting way (1, 2, 2, 4) misses nothing. In
 * the mapping step the row after the gap is listed with the places to settle.
 */
import { describe, expect, it } from 'vitest';
import { readCsv } from '~/services/events/files/csv-reader.server';
import { resultColumnOf } from '~/services/events/results-import/result-columns.server';
import { parseResults } from '~/services/events/results-import/results-parser.server';
import {
  initialState,
  needsMapping,
  placeEntries,
} from '~/services/events/results-import/timing-import.server';
import { cellText } from '~/services/events/files/sheet-cells.server';

const csv = (places: (number | string)[], cls = 'Pro') =>
  readCsv(['Place,Rider,Class', ...places.map((p, i) => `${p},Rider ${i + 1},${cls}`)].join('\n'));

const problems = (places: (number | string)[]) => {
  const read = parseResults(csv(places), 'upload-all-class-result');
  return read.ok ? [] : read.problems.map((p) => [p.row, p.code, p.value]);
};

describe('a missing place is flagged', () => {
  it('places 1, 2, 4 miss the 3rd (on the row holding the 4th)', () => {
    expect(problems([1, 2, 4])).toEqual([[4, 'missingPlace', '3']]);
  });

  it('a class without a 1st place misses it', () => {
    expect(problems([2, 3, 4])).toEqual([[2, 'missingPlace', '1']]);
  });

  it('several missing places in a row are one problem', () => {
    expect(problems([1, 5, 6])).toEqual([[3, 'missingPlace', '2–4']]);
  });

  it('a tie written the sporting way misses nothing; a DNS without a place neither', () => {
    // (the repeated place itself is flagged as such)
    expect(problems([1, 2, 2, 4, 'DNS'])).toEqual([[4, 'duplicatePlace', '2']]);
    expect(problems([1, 1, 4])).toEqual([
      [3, 'duplicatePlace', '1'],
      [4, 'missingPlace', '3'],
    ]);
  });

  it('each class is counted on its own', () => {
    const rows = readCsv('Place,Rider,Class\n1,A,Pro\n1,B,Vet\n3,C,Vet\n2,D,Pro\n');
    const read = parseResults(rows, 'upload-all-class-result');
    expect(read.ok ? [] : read.problems.map((p) => [p.row, p.code, p.value])).toEqual([
      [4, 'missingPlace', '2'],
    ]);
  });

  it('sends the file to the mapping step and lists the row after the gap', () => {
    const rows = csv([1, 2, 4]);
    const state = initialState(rows[0]!.cells.map((c) => resultColumnOf(cellText(c))));
    expect(needsMapping(rows, state, 'upload-all-class-result')).toBe(true);
    const entries = placeEntries(rows, 'upload-all-class-result', state);
    expect(entries.map((e) => [e.row, e.issue, e.missing])).toEqual([[4, 'gap', '3']]);
  });
});

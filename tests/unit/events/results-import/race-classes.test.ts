/**
 * The uploader picks which race of a live-timing export feeds which class: a race naming none of
 * the event's classes waits in the step for an answer; a race left out leaves its rows out; a
 * one-class upload of several races takes the one race chosen for it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readUpload } from '~/services/events/files/upload-reader.server';
import { cellText } from '~/services/events/files/sheet-cells.server';
import { classChoices } from '~/services/events/results-import/class-choices.server';
import { resultColumnOf } from '~/services/events/results-import/result-columns.server';
import {
  initialState,
  needsMapping,
  readUnder,
} from '~/services/events/results-import/timing-import.server';

const rows = await readUpload(
  new Uint8Array(fs.readFileSync(path.resolve('tests/fixtures/timing/ama-supercross.json'))),
);
const columns = rows[0]!.cells.map((c) => resultColumnOf(cellText(c)));
const targets = [
  { id: 11, name: '450SX' },
  { id: 12, name: '250SX West' },
];
const key = (race: string) => race.toLowerCase();

describe('a race per class', () => {
  it('races naming no class of the event send the file to the step, refused until answered', () => {
    const state = {
      ...initialState(columns),
      classes: classChoices(rows, columns, 'upload-all-class-result', targets),
    };
    expect(needsMapping(rows, state, 'upload-all-class-result')).toBe(true);
    const read = readUnder(rows, 'upload-all-class-result', state);
    expect(new Set(read.problems.map((p) => [p.code, p.value].join(' ')))).toEqual(
      new Set([
        'unknownClass 450SX Heat 1',
        'unknownClass 250SX West Main Event',
        'unknownClass 450SX Main Event',
      ]),
    );
  });

  it('each main event feeds its class, the heat is left out', () => {
    const answers = [
      { key: key('450SX Heat 1'), target: 'ignore' },
      { key: key('450SX Main Event'), target: '11' },
      { key: key('250SX West Main Event'), target: '12' },
    ];
    const state = {
      ...initialState(columns),
      classes: classChoices(rows, columns, 'upload-all-class-result', targets, answers),
    };
    const read = readUnder(rows, 'upload-all-class-result', state);
    expect(read.problems).toEqual([]);
    expect(read.ignored).toHaveLength(4);
    expect(read.results.filter((r) => r.className === '450SX').map((r) => r.riderName)).toEqual([
      'Chase Sexton',
      'Eli Tomac',
      'Ken Roczen',
      'Malcolm Stewart',
      'Justin Barcia',
      'Aaron Plessinger',
    ]);
    expect(read.results.filter((r) => r.className === '250SX West')).toHaveLength(5);
    expect(needsMapping(rows, state, 'upload-all-class-result')).toBe(false);
  });

  it('a one-class upload takes the race chosen for its class and leaves the others out', () => {
    const one = [targets[0]!];
    const answers = [
      { key: key('450SX Heat 1'), target: 'ignore' },
      { key: key('450SX Main Event'), target: '11' },
      { key: key('250SX West Main Event'), target: 'ignore' },
    ];
    const state = {
      ...initialState(columns),
      classes: classChoices(rows, columns, 'upload-class-result', one, answers),
    };
    const read = readUnder(rows, 'upload-class-result', state);
    expect(read.problems).toEqual([]);
    expect(read.results.map((r) => [r.className, r.place, r.riderName])[0]).toEqual([
      null,
      1,
      'Chase Sexton',
    ]);
    expect(read.results).toHaveLength(6);
  });

  it('a one-class upload of a file naming one class has no race to choose', () => {
    const single = rows.filter((r) => r.row === 1 || cellText(r.cells[0]) === '450SX Heat 1');
    expect(classChoices(single, columns, 'upload-class-result', [targets[0]!])).toBeNull();
  });
});

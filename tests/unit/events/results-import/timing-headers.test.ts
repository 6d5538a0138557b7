/**
 * Results straight from timing systems: exports shaped like MyLaps Speedhive, Orbits,
 * RaceResult and a live-timing page name their columns in their own words; each is recognised
 * (Competitor, Machine, Category, Licence, Pos/Rank, first and last name, Status), the race number
 * (#, No., Bib, Start Number) is recognised but not stored, and laps and times are left out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsv } from '~/services/events/files/csv-reader.server';
import {
  resultColumnOf,
  unrecognisedHeaders,
} from '~/services/events/results-import/result-columns.server';
import { parseResults } from '~/services/events/results-import/results-parser.server';

function text(file: string) {
  return fs.readFileSync(path.join(process.cwd(), 'tests/fixtures/timing', file), 'utf8');
}
function headers(file: string) {
  return text(file).split('\n')[0]!.split(',');
}
function parsed(file: string) {
  const out = parseResults(readCsv(text(file)), 'upload-all-class-result');
  if (!out.ok) throw new Error(JSON.stringify(out.problems));
  return out.value.map((r) => [r.className, r.place, r.resultType, r.riderName, r.hometown]);
}

describe('timing-system headers', () => {
  it('recognises a Speedhive-shaped export', () => {
    expect(headers('speedhive.csv').map(resultColumnOf)).toEqual([
      'place',
      'number',
      'name',
      'class',
      'make',
      null,
      null,
      null,
      'resultType',
    ]);
  });
  it('recognises a RaceResult-shaped export', () => {
    expect(headers('raceresult.csv').map(resultColumnOf)).toEqual([
      'place',
      'number',
      'first',
      'last',
      'class',
      'hometown',
      'ama',
      'resultType',
    ]);
  });
  it('recognises an Orbits-shaped export', () => {
    expect(headers('orbits.csv').map(resultColumnOf)).toEqual([
      'place',
      'number',
      'first',
      'last',
      'class',
      'hometown',
      null,
      null,
      null,
      null,
      'resultType',
    ]);
  });
  it('recognises a live-timing page export', () => {
    expect(headers('live-timing.csv').map(resultColumnOf)).toEqual([
      'place',
      'number',
      'name',
      'class',
      null,
      null,
      null,
    ]);
  });
  it('recognises every race-number header word, none of them as a stored column', () => {
    for (const h of ['#', 'No.', 'Number', 'Start Number', 'Bib', 'Dossard'])
      expect(resultColumnOf(h)).toBe('number');
  });
});

describe('timing-system files parse end to end', () => {
  it('Speedhive: Status DSQ becomes a DQ', () => {
    expect(parsed('speedhive.csv')).toEqual([
      ['250 B', 1, 'finish', 'Jake Turner', null],
      ['250 B', 2, 'finish', 'Ryan Ortiz', null],
      ['250 B', 3, 'DQ', 'Sam Lee', null],
    ]);
  });
  it('RaceResult: first and last names combine; Status DNF; City is the hometown', () => {
    expect(parsed('raceresult.csv')).toEqual([
      ['Open A', 1, 'finish', 'Ana Silva', 'Reno'],
      ['Open A', 2, 'DNF', 'Ben Moss', 'Fresno'],
    ]);
  });
  it('Orbits: First Name + Last Name, Hometown, Status DNF', () => {
    expect(parsed('orbits.csv')).toEqual([
      ['Open B', 1, 'finish', 'Lea Martin', 'Laval'],
      ['Open B', 2, 'finish', 'Max Roy', 'Quebec'],
      ['Open B', 3, 'DNF', 'Eve Cote', 'Levis'],
    ]);
  });
  it('live timing: Pos, No., Name, Class; laps, best lap and gap ignored', () => {
    expect(parsed('live-timing.csv')).toEqual([
      ['450 A', 1, 'finish', 'Tom Baker', null],
      ['450 A', 2, 'finish', 'Nico Blanc', null],
      ['450 A', 3, 'finish', 'Zoe Park', null],
    ]);
  });
  it('an unknown status is still named by row', () => {
    const out = parseResults(
      readCsv('Pos,No.,Name,Class,Status\n1,5,Tom Baker,450 A,Crashed\n'),
      'upload-all-class-result',
    );
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.problems[0]).toMatchObject({ row: 2, column: 'Status' });
  });
});

describe('a promoter-chosen column mapping', () => {
  const file = 'Pl,Car,Driver Name,Grp,Laps\n1,5,Tom Baker,450 A,12\n2,88,Nico Blanc,450 A,12\n';
  it('names the headers we cannot map (laps are known and not stored), and refuses the file without a mapping', () => {
    expect(unrecognisedHeaders(readCsv(file)[0]!.cells)).toEqual([
      'Pl',
      'Car',
      'Driver Name',
      'Grp',
    ]);
    expect(parseResults(readCsv(file), 'upload-all-class-result').ok).toBe(false);
  });
  it('parses the file with the chosen mapping; ignored columns are left out', () => {
    const out = parseResults(readCsv(file), 'upload-all-class-result', [
      'place',
      'number',
      'name',
      'class',
      null,
    ]);
    expect(out.ok && out.value.map((r) => [r.className, r.place, r.riderName])).toEqual([
      ['450 A', 1, 'Tom Baker'],
      ['450 A', 2, 'Nico Blanc'],
    ]);
  });
  it('duplicate places are still named by row under a chosen mapping', () => {
    const dup = 'Pl,Driver Name,Grp\n1,Tom Baker,450 A\n1,Nico Blanc,450 A\n';
    const out = parseResults(readCsv(dup), 'upload-all-class-result', ['place', 'name', 'class']);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.problems[0]!.row).toBe(3);
  });
});

/**
 * Results straight from timing systems (issue 12.4, header recognition only): exports shaped like
 * MyLaps Speedhive and RaceResult name their columns in their own words; each is recognised
 * (Competitor, Machine, Category, Licence, Rank, first and last name), and what we do not store
 * (No., Bib, Laps, times) is left out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resultColumnOf } from '~/services/events/result-columns.server';

function headers(file: string) {
  const text = fs.readFileSync(path.join(process.cwd(), 'tests/fixtures/timing', file), 'utf8');
  return text.split('\n')[0]!.split(',');
}

describe('timing-system headers', () => {
  it('recognises a Speedhive-shaped export', () => {
    expect(headers('speedhive.csv').map(resultColumnOf)).toEqual(['place', null, 'name', 'class', 'make', null, null, null, 'resultType']);
  });
  it('recognises a RaceResult-shaped export', () => {
    expect(headers('raceresult.csv').map(resultColumnOf)).toEqual(['place', null, 'first', 'last', 'class', 'hometown', 'ama', 'resultType']);
  });
});

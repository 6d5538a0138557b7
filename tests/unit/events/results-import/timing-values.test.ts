/**
 * Timing exports as they really are: status words of timing systems read as results (any case,
 * trimmed), the uploader's meaning for a word we do not know, title rows above the headers, places
 * repeated or missing (named, corrected, or taken from the file's order), and answers remembered
 * per promoter and header set.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { promoters } from '#db/schema';
import { readCsv } from '~/services/events/files/csv-reader.server';
import { headerRowIndex } from '~/services/events/results-import/header-row.server';
import { builtInStatus, statusOutcome } from '~/services/events/results-import/status-words.server';
import {
  initialState,
  placeEntries,
  statusEntries,
  statusesToRemember,
} from '~/services/events/results-import/timing-import.server';
import {
  preselectedColumns,
  rememberColumns,
  rememberedSet,
} from '~/services/events/results-import/timing-mappings.server';
import { parseResults, readResults } from '~/services/events/results-import/results-parser.server';
import { readUpload } from '~/services/events/files/upload-reader.server';
import { testDb } from '../../helpers/db';

const TIMING = path.join(process.cwd(), 'tests/fixtures/timing');
const csv = (f: string) => readCsv(fs.readFileSync(path.join(TIMING, f), 'utf8'));

describe('status words across timing systems', () => {
  it.each([
    ['Active', 'finish'],
    ['  RUNNING ', 'finish'],
    ['Finished', 'finish'],
    ['classified', 'finish'],
    ['', 'finish'],
    ['OUT', 'DNF'],
    ['Retired', 'DNF'],
    ['dnf', 'DNF'],
    ['NC', 'DNF'],
    ['Not Classified', 'DNF'],
    ['DNS', 'DNS'],
    ['Did not start', 'DNS'],
    ['DSQ', 'DQ'],
    ['dq', 'DQ'],
    ['Disqualifié', 'DQ'],
  ])('“%s” is read as %s', (word, outcome) => {
    expect(builtInStatus(word)).toBe(outcome);
  });

  it('a word we do not know is nobody’s until the uploader gives it a meaning', () => {
    expect(builtInStatus('Yes')).toBeNull();
    expect(statusOutcome('Yes')).toBeNull();
    expect(statusOutcome(' yes ', { yes: 'finish' })).toBe('finish');
    // The uploader's meaning wins over ours for that file's header set.
    expect(statusOutcome('NC', { nc: 'ignore' })).toBe('ignore');
  });

  it('a live-timing export with Active and OUT reads without asking; only its repeated place is named', () => {
    const out = parseResults(csv('live-timing-active-out.csv'), 'upload-class-result');
    expect(out).toEqual({
      ok: false,
      problems: [{ row: 6, column: 'Pos', code: 'duplicatePlace', value: '4' }],
    });
  });

  it('rows whose status means “leave the row out” are not stored', () => {
    const read = readResults(
      csv('speedhive-classified.csv'),
      'upload-all-class-result',
      undefined,
      {
        statuses: { yes: 'finish', no: 'ignore' },
      },
    );
    expect(read.problems).toEqual([]);
    expect(read.ignored).toEqual([5]);
    expect(read.results.map((r) => [r.riderName, r.resultType])).toEqual([
      ['Jake Turner', 'finish'],
      ['Ryan Ortiz', 'finish'],
      ['Sam Lee', 'finish'],
      ['Rob Hale', 'DNS'],
    ]);
  });

  it('the distinct values are listed once each, unknown first, with their counts', () => {
    const rows = csv('speedhive-classified.csv');
    const state = initialState(parseHeaders(rows[0]!.cells.map(String)), { yes: 'finish' });
    const entries = statusEntries(rows, state);
    expect(entries.map((e) => [e.text, e.count, e.builtIn, e.outcome])).toEqual([
      ['Yes', 3, null, 'finish'],
      ['No', 1, null, null],
      ['DNS', 1, 'DNS', 'DNS'],
    ]);
    expect(statusesToRemember(entries)).toEqual({ yes: 'finish' });
  });
});

function parseHeaders(headers: string[]) {
  const map: Record<string, 'place' | 'name' | 'class' | 'resultType'> = {
    Pos: 'place',
    Name: 'name',
    Class: 'class',
    Classified: 'resultType',
  };
  return headers.map((h) => map[h] ?? null);
}

describe('the header row', () => {
  it('is found below title rows in an XLSX; rows keep their sheet numbers', async () => {
    const rows = await readUpload(
      new Uint8Array(fs.readFileSync(path.join(TIMING, 'title-rows.xlsx'))),
    );
    expect(headerRowIndex(rows)).toBe(2);
    const read = readResults(rows, 'upload-class-result');
    expect(read.problems).toEqual([]);
    expect(read.results.map((r) => [r.row, r.place, r.riderName, r.resultType])).toEqual([
      [5, 1, 'Mia Grant', 'finish'],
      [6, 2, 'Owen Pike', 'finish'],
      [7, 3, 'Ivy Shaw', 'finish'],
      [8, 4, 'Eli Stone', 'DNF'],
      [9, 5, 'Noa Reyes', 'DQ'],
    ]);
  });

  it('is the first row when it is a header, and the first full-width row when no header is known', () => {
    expect(headerRowIndex(readCsv('Pos,Name\n1,Tom\n'))).toBe(0);
    expect(headerRowIndex(readCsv('Round 3\nP,Nr,Pilot,Cat\n1,5,Tom,450 A\n'))).toBe(1);
  });
});

describe('repeated and missing places', () => {
  const rows = csv('live-timing-active-out.csv');
  const chosen = parseHeaders(rows[0]!.cells.map(String)).map((c, i) =>
    i === 6 ? 'resultType' : c,
  ) as ReturnType<typeof parseHeaders>;

  it('every row sharing a place is shown with the others; a finisher with no place is shown too', () => {
    expect(placeEntries(rows, 'upload-class-result', initialState(chosen))).toEqual([
      expect.objectContaining({ row: 5, issue: 'duplicate', sharedWith: [6], place: '4' }),
      expect.objectContaining({ row: 6, issue: 'duplicate', sharedWith: [5], place: '4' }),
    ]);
    const missing = readCsv('Pos,Name\n1,Tom\n,Nico\n');
    expect(placeEntries(missing, 'upload-class-result', initialState(['place', 'name']))).toEqual([
      expect.objectContaining({ row: 3, issue: 'missing', riderName: 'Nico', place: '' }),
    ]);
  });

  it('a corrected place settles the row and stays listed as corrected', () => {
    const state = { ...initialState(chosen), fixes: new Map([[6, 5]]) };
    expect(
      readResults(rows, 'upload-class-result', chosen, { placeFixes: state.fixes }).problems,
    ).toEqual([]);
    expect(placeEntries(rows, 'upload-class-result', state)).toEqual([
      expect.objectContaining({ row: 6, issue: null, place: '5' }),
    ]);
  });

  it('places from the file’s order number finishers and DNFs per class; DNS and DQ get none', () => {
    const read = readResults(rows, 'upload-class-result', chosen, { placesFromOrder: true });
    expect(read.problems).toEqual([]);
    expect(read.results.map((r) => [r.place, r.resultType])).toEqual([
      [1, 'finish'],
      [2, 'finish'],
      [3, 'finish'],
      [4, 'finish'],
      [5, 'DNF'],
      [6, 'DNF'],
      [null, 'DNS'],
    ]);
  });
});

describe('remembered answers', () => {
  it('are kept per promoter and per header set: columns by position and status meanings', () => {
    const db = testDb();
    const a = db.insert(promoters).values({ name: 'A' }).returning().get();
    const b = db.insert(promoters).values({ name: 'B' }).returning().get();
    const headers = ['Pos', 'Nr', 'Pilot', 'Classified'];
    rememberColumns(db, a.id, headers, ['place', 'number', 'name', 'resultType'], {
      yes: 'finish',
    });
    expect(rememberedSet(db, a.id, headers)).toEqual({
      columns: ['place', 'number', 'name', 'resultType'],
      statuses: { yes: 'finish' },
    });
    // Another header set of the same promoter: no status meanings; columns per header.
    expect(rememberedSet(db, a.id, ['Pos', 'Pilot'])).toBeNull();
    expect(preselectedColumns(db, a.id, ['Pilot', 'Pos'])).toEqual(['name', 'place']);
    // Another promoter: nothing remembered.
    expect(rememberedSet(db, b.id, headers)).toBeNull();
    // Answered again: the newer answers replace the older.
    rememberColumns(db, a.id, headers, ['place', null, 'name', 'resultType'], { yes: 'DNF' });
    expect(rememberedSet(db, a.id, headers)?.statuses).toEqual({ yes: 'DNF' });
    expect(rememberedSet(db, a.id, headers)?.columns[1]).toBeNull();
  });
});

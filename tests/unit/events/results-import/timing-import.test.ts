/**
 * The mapping step of a results file from a timing system, its pure rules: a held
 * file is found only by its token, for the user and event it was uploaded by and to, and only until
 * it expires; a file goes through the step only when a needed column cannot be placed and it has a
 * header we do not know; the chosen mapping is what the preview shows and what is stored.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsv } from '~/services/events/files/csv-reader.server';
import { resultColumnOf } from '~/services/events/results-import/result-columns.server';
import {
  dropHeld,
  heldUpload,
  holdUpload,
  HELD_TTL_MS,
  sweepHeld,
} from '~/services/events/results-import/timing-held.server';
import {
  fromChoices,
  initialState,
  missingColumns,
  needsMapping,
  timingView,
} from '~/services/events/results-import/timing-import.server';
import { cellText } from '~/services/events/files/sheet-cells.server';

const fixture = (f: string) =>
  readCsv(fs.readFileSync(path.join(process.cwd(), 'tests/fixtures/timing', f), 'utf8'));
const recognised = (rows: ReturnType<typeof fixture>) =>
  rows[0]!.cells.map((c) => resultColumnOf(cellText(c)));
const words = (rows: ReturnType<typeof fixture>) => initialState(recognised(rows));
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'cc-held-'));
const upload = {
  userId: 7,
  eventId: 3,
  shape: 'upload-all-class-result' as const,
  classId: null,
  fileName: 'x.csv',
  rows: fixture('live-timing-page.csv'),
};

describe('a held upload', () => {
  it('is named by an unguessable token and found only by its user, for its event', () => {
    const dir = tmp();
    const token = holdUpload(dir, upload);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(holdUpload(dir, upload)).not.toBe(token);
    expect(heldUpload(dir, token, { userId: 7, eventId: 3 })?.rows).toEqual(upload.rows);
    expect(heldUpload(dir, token, { userId: 8, eventId: 3 })).toBeNull();
    expect(heldUpload(dir, token, { userId: 7, eventId: 4 })).toBeNull();
    expect(heldUpload(dir, token.slice(0, 42), { userId: 7, eventId: 3 })).toBeNull();
    expect(heldUpload(dir, '../../etc/passwd', { userId: 7, eventId: 3 })).toBeNull();
  });

  it('expires after 30 minutes and is deleted when met or swept', () => {
    const dir = tmp();
    const t0 = new Date('2026-11-23T10:00:00Z');
    const token = holdUpload(dir, upload, t0);
    const before = new Date(t0.getTime() + HELD_TTL_MS - 1);
    const after = new Date(t0.getTime() + HELD_TTL_MS);
    expect(heldUpload(dir, token, { userId: 7, eventId: 3 }, before)).not.toBeNull();
    expect(heldUpload(dir, token, { userId: 7, eventId: 3 }, after)).toBeNull();
    expect(fs.readdirSync(dir)).toEqual([]);
    const other = holdUpload(dir, upload, t0);
    sweepHeld(dir, after);
    expect(heldUpload(dir, other, { userId: 7, eventId: 3 }, before)).toBeNull();
  });

  it('is gone once dropped (stored or abandoned)', () => {
    const dir = tmp();
    const token = holdUpload(dir, upload);
    dropHeld(dir, token);
    expect(heldUpload(dir, token, { userId: 7, eventId: 3 })).toBeNull();
  });
});

describe('when a file goes through the mapping step', () => {
  it('a Speedhive-shaped export loads at once: every needed column is recognised', () => {
    const rows = fixture('speedhive.csv');
    expect(needsMapping(rows, words(rows), 'upload-all-class-result')).toBe(false);
  });
  it('a live-timing page (P, Nr, Pilot, Cat) goes through it: Place, Rider and Class are missing', () => {
    const rows = fixture('live-timing-page.csv');
    expect(missingColumns(rows[0]!.cells, recognised(rows), 'upload-all-class-result')).toEqual([
      'Place',
      'Rider',
      'Class',
    ]);
    expect(needsMapping(rows, words(rows), 'upload-all-class-result')).toBe(true);
  });
  it('a header we do not know goes through it, until the uploader has answered for it', () => {
    const rows = readCsv('Pos,Name,Grp\n1,Tom Baker,450 A\n');
    expect(needsMapping(rows, words(rows), 'upload-class-result')).toBe(true);
    expect(needsMapping(rows, words(rows), 'upload-class-result', [true, true, true])).toBe(false);
    // All classes without a class column and no header left to map: refused at once, as before.
    expect(needsMapping(rows, words(rows), 'upload-all-class-result', [true, true, true])).toBe(
      false,
    );
    const known = readCsv('Pos,Name,Laps,Best Lap\n1,Tom Baker,12,1:45.2\n');
    expect(needsMapping(known, words(known), 'upload-class-result')).toBe(false);
  });
  it('a file with no header we could map is refused as before, not sent to the step', () => {
    const rows = readCsv('Pos,Class\n1,450 A\n');
    expect(needsMapping(rows, words(rows), 'upload-all-class-result')).toBe(false);
  });
  it('the class-block sheet never goes through it', () => {
    const rows = fixture('live-timing-page.csv');
    expect(needsMapping(rows, words(rows), 'upload-all-formatted-class-result')).toBe(false);
  });
});

describe('the chosen mapping', () => {
  const rows = fixture('live-timing-page.csv');
  const chosen = fromChoices(
    ['place', 'number', 'name', 'class', 'ignore', 'ignore', 'ignore', 'ignore'],
    8,
  );

  it('is what the preview shows: the first rows as they will be stored', () => {
    const { preview } = timingView(rows, 'upload-all-class-result', initialState(chosen));
    expect(
      preview.map((p) => [p.row, p.result?.className, p.result?.place, p.result?.riderName]),
    ).toEqual([
      [2, '450 A', 1, 'Tom Baker'],
      [3, '450 A', 2, 'Nico Blanc'],
      [4, '450 A', 3, 'Zoe Park'],
    ]);
  });
  it('shows no stored rows while a needed column has none, and names what is missing', () => {
    const view = timingView(
      rows,
      'upload-all-class-result',
      initialState(fromChoices(['place'], 8)),
    );
    expect(view.missing).toEqual(['Rider', 'Class']);
    expect(view.preview).toEqual([]);
    expect(view.choices).toEqual([
      'place',
      'ignore',
      'ignore',
      'ignore',
      'ignore',
      'ignore',
      'ignore',
      'ignore',
    ]);
    // P, Nr, Pilot and Cat are not ours; laps, times and the gap are known and not stored.
    expect(view.recognised).toEqual([false, false, false, false, true, true, true, true]);
  });
  it('names a row the mapping cannot store (the Gap column taken as the result)', () => {
    const wrong = fromChoices(
      ['place', 'ignore', 'name', 'class', 'ignore', 'ignore', 'ignore', 'resultType'],
      8,
    );
    const { preview } = timingView(rows, 'upload-all-class-result', initialState(wrong));
    expect(preview[0]!.result?.resultType).toBe('finish');
    expect(preview[1]!.problems).toEqual([
      { row: 3, column: 'Gap', code: 'badResultType', value: '2.114' },
    ]);
  });
});

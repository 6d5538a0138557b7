/** A series' schedule from a CSV or XLSX file: applied whole or refused whole with every problem. */
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '~/db.server';
import { events, series } from '#db/schema';
import type { Actor } from '~/services/platform/audit.server';
import {
  importSeriesEvents,
  parseEventsUpload,
  parseStartTime,
} from '~/services/events/management/event-import.server';
import { readCsv } from '~/services/events/files/csv-reader.server';
import { readUpload } from '~/services/events/files/upload-reader.server';
import { testDb } from '../../helpers/db';
import { makeAdmin, makeCategory, makeEvent, makePromoter, makeSeries } from '../../money/factory';

let db: DB;
let admin: Actor;
beforeEach(() => {
  db = testDb();
  admin = makeAdmin(db).actor;
});

const GOOD =
  '\ufeffTitle,Date,Time,Venue,City,State,Zip,Country,Race style\r\n' +
  'Round 1,2027-03-06,9:00 am,Sunset Raceway,"Phoenix, West",AZ,85001,,motocross\r\n' +
  'Round 2,2027-04-10,14:30,,Calgary,AB,T2P 1J9,CA,Off Road\r\n' +
  'Round 3,2027-05-01,,,,,,,\r\n';

describe('series schedule upload', () => {
  it('reads times as 24-hour HH:mm', () => {
    expect(['9:00 am', '2:30 PM', '14:30', '12 am', '7h45', '2 p.m.'].map(parseStartTime)).toEqual([
      '09:00',
      '14:30',
      '14:30',
      '00:00',
      '07:45',
      '14:00',
    ]);
    for (const bad of ['25:00', '13 pm', '9', 'noon', '12:75'])
      expect(parseStartTime(bad), bad).toBeNull();
  });

  it('adds every row as an event of the series, with the series’ promoter, program, country and race style as defaults', () => {
    const { promoter } = makePromoter(db);
    const cat = makeCategory(db, { name: 'Singles' });
    const s = makeSeries(db, { promoterId: promoter.id, categoryId: cat.id });
    db.update(series).set({ raceStyle: 'flat' }).where(eq(series.id, s.id)).run();
    const out = importSeriesEvents(db, s.id, readCsv(GOOD), admin);
    expect(out).toEqual({ ok: true, created: 3 });
    const list = db
      .select()
      .from(events)
      .where(eq(events.seriesId, s.id))
      .orderBy(events.date)
      .all();
    expect(
      list.map((e) => [e.title, e.date, e.startTime, e.city, e.country, e.currency, e.eventType]),
    ).toEqual([
      ['Round 1', '2027-03-06', '09:00', 'Phoenix, West', 'US', 'USD', 'motocross'],
      ['Round 2', '2027-04-10', '14:30', 'Calgary', 'CA', 'CAD', 'offroad'],
      ['Round 3', '2027-05-01', null, null, 'US', 'USD', 'flat'],
    ]);
    expect(list.every((e) => e.promoterId === promoter.id && e.categoryId === cat.id)).toBe(true);
    const after = db.select().from(series).where(eq(series.id, s.id)).get()!;
    expect([after.firstDate, after.lastDate, after.version]).toEqual([
      '2027-03-06',
      '2027-05-01',
      s.version + 1,
    ]);
  });

  it('refuses the whole file naming every bad cell, and adds nothing', () => {
    const s = makeSeries(db);
    const bad =
      'Titre,Date,Heure,Ville,Province,Pays,Style de course\n' +
      ',2027-03-06,,,,,\n' +
      'Ronde 2,06/03/2027,25:00,Montréal,ZZ,CA,rallye\n' +
      'Ronde 3,2027-05-01,,,,XX,\n';
    const out = importSeriesEvents(db, s.id, readCsv(bad), admin);
    if (out.ok || out.reason !== 'problems') throw new Error('expected problems');
    expect(out.problems.map((p) => [p.row, p.column, p.code])).toEqual([
      [2, 'Titre', 'missingTitle'],
      [3, 'Date', 'badDate'],
      [3, 'Heure', 'badTime'],
      [3, 'Province', 'badState'],
      [3, 'Style de course', 'badRaceStyle'],
      [4, 'Pays', 'badCountry'],
    ]);
    expect(db.select().from(events).where(eq(events.seriesId, s.id)).all()).toEqual([]);
  });

  it('needs the Title and Date headers', () => {
    const out = parseEventsUpload(readCsv('Name,When\nA,2027-01-01\n'), {
      country: 'US',
      raceStyle: null,
    });
    expect(out).toEqual({
      ok: false,
      problems: [
        { row: 1, column: null, code: 'missingHeader', value: 'Title' },
        { row: 1, column: null, code: 'missingHeader', value: 'Date' },
      ],
    });
  });

  it('refuses an event already in the series (same title and date), and one twice in the file', () => {
    const s = makeSeries(db);
    makeEvent(db, { seriesId: s.id, title: 'Round 1', date: '2027-03-06' });
    const out = importSeriesEvents(
      db,
      s.id,
      readCsv('Title,Date\nround 1,2027-03-06\nRound 2,2027-04-01\n'),
      admin,
    );
    expect(out.ok ? [] : 'problems' in out ? out.problems.map((p) => p.code) : []).toEqual([
      'duplicateEvent',
    ]);
    const twice = parseEventsUpload(readCsv('Title,Date\nA,2027-01-01\nA,2027-01-01\n'), {
      country: 'US',
      raceStyle: null,
    });
    expect(twice.ok ? [] : twice.problems.map((p) => [p.row, p.code])).toEqual([
      [3, 'duplicateEvent'],
    ]);
    expect(db.select().from(events).where(eq(events.seriesId, s.id)).all()).toHaveLength(1);
  });

  it('reads an XLSX with real date cells', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Schedule');
    sheet.addRow(['Title', 'Date', 'City']);
    sheet.addRow(['Opener', new Date(Date.UTC(2027, 2, 6)), 'Tucson']);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    const s = makeSeries(db);
    expect(importSeriesEvents(db, s.id, await readUpload(bytes), admin)).toEqual({
      ok: true,
      created: 1,
    });
    expect(db.select().from(events).where(eq(events.seriesId, s.id)).get()).toMatchObject({
      title: 'Opener',
      date: '2027-03-06',
      city: 'Tucson',
    });
  });
});

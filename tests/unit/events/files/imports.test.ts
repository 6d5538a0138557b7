/** Reading class-payout and results uploads: every fixture, and the mess real files bring. */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { checkZipSize } from '~/services/events/files/xlsx-reader.server';
import { parseClassUpload } from '~/services/events/management/class-upload-parser.server';
import {
  parseResults,
  type ParsedResult,
} from '~/services/events/results-import/results-parser.server';
import { readCsv } from '~/services/events/files/csv-reader.server';
import { readUpload, readUploadOutcome } from '~/services/events/files/upload-reader.server';
import { resultsFromJson } from '~/services/events/results-import/results-json.server';

const FIXTURES = path.resolve(process.cwd(), 'tests/fixtures/program');
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));

function ok<T>(outcome: { ok: true; value: T } | { ok: false; problems: unknown[] }): T {
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome.problems)}`);
  return outcome.value;
}

const brief = (r: ParsedResult) => [
  r.className,
  r.place,
  r.riderName,
  r.amaNumber,
  r.make,
  r.resultType,
];

async function xlsxBytes(
  rows: (string | number | null)[][],
  extraSheet = false,
): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('First');
  for (const r of rows) ws.addRow(r);
  if (extraSheet) wb.addWorksheet('Second').addRow(['Class', '1st']);
  const buf = await wb.xlsx.writeBuffer();
  return new Uint8Array(buf as ArrayBuffer);
}

describe('class upload (docs/rules.md "Classes and payouts")', () => {
  it('class-payouts.csv loads with exact values (CRLF, blank cells, payout types)', async () => {
    const classes = ok(parseClassUpload(await readUpload(fixture('class-payouts.csv'))));
    expect(classes).toEqual([
      {
        row: 2,
        name: '450 Pro',
        payoutType: 'cash',
        currency: 'USD',
        places: [
          { place: 1, amountCents: 100000 },
          { place: 2, amountCents: 50000 },
          { place: 3, amountCents: 25000 },
          { place: 4, amountCents: 10000 },
          { place: 5, amountCents: 5000 },
        ],
      },
      {
        row: 3,
        name: '250 Pro',
        payoutType: 'cash',
        currency: 'USD',
        places: [
          { place: 1, amountCents: 75000 },
          { place: 2, amountCents: 37500 },
          { place: 3, amountCents: 20000 },
        ],
      },
      {
        row: 4,
        name: '450 B',
        payoutType: 'dealerCredit',
        currency: 'USD',
        places: [
          { place: 1, amountCents: 30000 },
          { place: 2, amountCents: 20000 },
          { place: 3, amountCents: 10000 },
        ],
      },
      {
        row: 5,
        name: 'Vet 30+',
        payoutType: 'dealerCredit',
        currency: 'USD',
        places: [
          { place: 1, amountCents: 15000 },
          { place: 2, amountCents: 10000 },
          { place: 3, amountCents: 5000 },
        ],
      },
      { row: 6, name: 'Pee Wee', payoutType: 'noPayout', currency: 'USD', places: [] },
    ]);
  });

  it('class-payouts-bad.csv is refused naming both bad cells', async () => {
    const out = parseClassUpload(await readUpload(fixture('class-payouts-bad.csv')));
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.problems).toEqual([
      { row: 2, column: '1st', code: 'notANumber', value: '$1000' },
      { row: 3, column: '2nd', code: 'notANumber', value: 'three hundred' },
    ]);
  });

  it('a file without a Class header is refused naming the missing header', () => {
    const out = parseClassUpload(readCsv('Name,1st,2nd\n450 Pro,100,50\n'));
    expect(out).toEqual({
      ok: false,
      problems: [{ row: 1, column: null, code: 'missingHeader', value: 'Class' }],
    });
  });

  it('headers are case-sensitive, any number of place columns, decimals to cents, Type/Currency optional', () => {
    const out = ok(
      parseClassUpload(
        readCsv('Race Class,Place 1,2,3rd,Notes,10th\n"Open, Expert",125.50,99.9,0,x,1\n'),
      ),
    );
    expect(out).toEqual([
      {
        row: 2,
        name: 'Open, Expert',
        payoutType: 'dealerCredit',
        currency: null,
        places: [
          { place: 1, amountCents: 12550 },
          { place: 2, amountCents: 9990 },
          { place: 3, amountCents: 0 },
          { place: 10, amountCents: 100 },
        ],
      },
    ]);
    expect(parseClassUpload(readCsv('class,1st\nA,1\n')).ok).toBe(false); // 'class' is not 'Class'
  });

  it('bad payout types, currencies, negative and thousands-separated amounts are refused with row and column', () => {
    const out = parseClassUpload(
      readCsv(
        'Class,Type,Currency,1st,2nd\nA,Cheque,USD,-5,"1,000"\nB,cash,GBP,1,2\nA,cash,USD,1,2\n',
      ),
    );
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.problems).toEqual([
      { row: 2, column: 'Type', code: 'badPayoutType', value: 'Cheque' },
      { row: 2, column: '1st', code: 'notANumber', value: '-5' },
      { row: 2, column: '2nd', code: 'notANumber', value: '1,000' },
      { row: 3, column: 'Currency', code: 'badCurrency', value: 'GBP' },
      { row: 4, column: 'Class', code: 'duplicateClass', value: 'A' },
    ]);
  });

  it('XLSX class upload: numbers stored as numbers', async () => {
    const bytes = await xlsxBytes([
      ['Class', 'Payout Type', '1st', '2nd'],
      ['450 Pro', 'Cash', 1000, 125.5],
      [null, null, null, null],
      ['Vet', 'dealerCredit', 150, 0.1],
    ]);
    const out = ok(parseClassUpload(await readUpload(bytes)));
    expect(
      out.map((c) => [c.row, c.name, c.payoutType, c.places.map((p) => p.amountCents)]),
    ).toEqual([
      [2, '450 Pro', 'cash', [100000, 12550]],
      [4, 'Vet', 'dealerCredit', [15000, 10]],
    ]);
  });
});

describe('results uploads', () => {
  it('results-class.csv (one class; First + Last, AMA #, Make, Model, Result)', async () => {
    const list = ok(
      parseResults(await readUpload(fixture('results-class.csv')), 'upload-class-result'),
    );
    expect(list.map(brief)).toEqual([
      [null, 1, 'Jake Moreau', '112233', 'KTM', 'finish'],
      [null, 2, 'Sam Okafor', '223344', 'KTM', 'finish'],
      [null, 3, 'Ana Lindqvist', '334455', 'Honda', 'finish'],
      [null, 4, 'Marc Tremblay', '445566', 'KTM', 'finish'],
      [null, 5, 'Dee Walker', '556677', 'Yamaha', 'finish'],
      [null, 6, 'Luis Ortega', '667788', 'KTM', 'finish'],
      [null, 7, 'Kim Nguyen', '778899', 'Kawasaki', 'DNF'],
    ]);
    expect(list[0]).toMatchObject({
      row: 2,
      model: '450 SX-F',
      hometown: 'Tulare, CA',
      email: null,
    });
  });

  it('results-all.csv (a class column on each row; Pos, Rider, Bike, Status)', async () => {
    const list = ok(
      parseResults(await readUpload(fixture('results-all.csv')), 'upload-all-class-result'),
    );
    expect(list).toHaveLength(25);
    const count = (c: string) => list.filter((r) => r.className === c).length;
    expect([count('450 Pro'), count('450 B'), count('250 Pro'), count('Vet 30+')]).toEqual([
      7, 6, 6, 6,
    ]);
    expect(brief(list[0])).toEqual(['450 Pro', 1, 'Jake Moreau', '112233', 'KTM', 'finish']);
    expect(list[0].hometown).toBe('Tulare, CA');
    expect(brief(list[12])).toEqual(['450 B', 6, 'Luis Ortega', '667788', 'KTM', 'DNS']);
    expect(list[24]).toMatchObject({
      row: 26,
      className: 'Vet 30+',
      place: 6,
      riderName: 'Luis Ortega',
    });
  });

  it('results-formatted.xlsx (a row holding only a class name starts a block; first sheet only)', async () => {
    const list = ok(
      parseResults(
        await readUpload(fixture('results-formatted.xlsx')),
        'upload-all-formatted-class-result',
      ),
    );
    expect(list.map(brief)).toEqual([
      ['450 Pro', 1, 'Jake Moreau', '112233', 'KTM', 'finish'],
      ['450 Pro', 2, 'Sam Okafor', '223344', 'KTM', 'finish'],
      ['450 Pro', 3, 'Ana Lindqvist', '334455', 'Honda', 'finish'],
      ['450 Pro', 4, 'Marc Tremblay', '445566', 'KTM', 'finish'],
      ['450 Pro', 5, 'Dee Walker', '556677', 'Yamaha', 'finish'],
      ['450 Pro', 6, 'Luis Ortega', '667788', 'KTM', 'finish'],
      ['450 Pro', 7, 'Kim Nguyen', '778899', 'Kawasaki', 'finish'],
      ['Vet 30+', 1, 'Sam Okafor', '223344', 'KTM', 'finish'],
      ['Vet 30+', 2, 'Ana Lindqvist', '334455', 'Honda', 'finish'],
      ['Vet 30+', 3, 'Marc Tremblay', '445566', 'KTM', 'finish'],
      ['Vet 30+', 4, 'Dee Walker', '556677', 'Yamaha', 'finish'],
      ['Vet 30+', 5, 'Luis Ortega', '667788', 'KTM', 'finish'],
      ['Vet 30+', 6, 'Kim Nguyen', '778899', 'Kawasaki', 'finish'],
    ]);
    expect(list[0]).toMatchObject({ row: 3, model: '450 SX-F', hometown: 'Tulare, CA' });
    expect(list[7].row).toBe(11);
  });

  it('BOM, CRLF, quoted names with commas, accents, blank and trailing rows', () => {
    const text =
      '\uFEFFPlace,Rider Name,AMA Number,E-mail,Make,Hometown,Result Type\r\n' +
      '1,"Côté, Émile",00 1234,Emile@Example.TEST,KTM,"Montréal, QC",Finish\r\n' +
      '\r\n' +
      ',,,,,,\r\n' +
      '2,"O\'Brien ""Fast"" Jo",A-55,,KTM,Zürich,dnf\r\n' +
      '3,Ana Núñez,,,Husqvarna,,DQ\r\n' +
      '\r\n\r\n,,,\r\n';
    const rows = readCsv(new TextEncoder().encode(text));
    expect(rows.map((r) => r.row)).toEqual([1, 2, 5, 6]);
    const list = ok(parseResults(rows, 'upload-class-result'));
    expect(list).toEqual([
      {
        row: 2,
        className: null,
        place: 1,
        resultType: 'finish',
        riderName: 'Côté, Émile',
        amaNumber: '001234',
        email: 'emile@example.test',
        make: 'KTM',
        model: null,
        hometown: 'Montréal, QC',
      },
      {
        row: 5,
        className: null,
        place: 2,
        resultType: 'DNF',
        riderName: 'O\'Brien "Fast" Jo',
        amaNumber: 'A55',
        email: null,
        make: 'KTM',
        model: null,
        hometown: 'Zürich',
      },
      {
        row: 6,
        className: null,
        place: 3,
        resultType: 'DQ',
        riderName: 'Ana Núñez',
        amaNumber: null,
        email: null,
        make: 'Husqvarna',
        model: null,
        hometown: null,
      },
    ]);
  });

  it('Windows-1252 and semicolon-separated CSV (a French Excel export)', () => {
    const bytes = new Uint8Array([
      ...Buffer.from('Place;Pilote;AMA #\r\n1;', 'latin1'),
      ...Buffer.from('Hélène Côté', 'latin1'),
      ...Buffer.from(';42\r\n', 'latin1'),
    ]);
    const list = ok(parseResults(readCsv(bytes), 'upload-class-result'));
    expect(list[0]).toMatchObject({ place: 1, riderName: 'Hélène Côté', amaNumber: '42' });
  });

  it('XLSX results: numbers stored as numbers, first sheet only', async () => {
    const bytes = await xlsxBytes(
      [
        ['Class', 'Position', 'First Name', 'Last Name', 'AMA Number', 'Status'],
        ['450 Pro', 1, 'Jake', 'Moreau', 112233, 'finish'],
        ['450 Pro', 2, 'Sam', 'Okafor', 223344, 'DNF'],
      ],
      true,
    );
    const list = ok(parseResults(await readUpload(bytes), 'upload-all-class-result'));
    expect(list.map(brief)).toEqual([
      ['450 Pro', 1, 'Jake Moreau', '112233', null, 'finish'],
      ['450 Pro', 2, 'Sam Okafor', '223344', null, 'DNF'],
    ]);
  });

  it('every problem is collected with row and column; nothing is half-read', () => {
    const out = parseResults(
      readCsv(
        'Class,Place,Rider,Result\n450 Pro,1,A,finish\n450 Pro,x,B,finish\n450 Pro,3,,finish\n,4,D,finish\n450 Pro,1,E,finish\n450 Pro,5,F,crashed\n',
      ),
      'upload-all-class-result',
    );
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.problems).toEqual([
      { row: 3, column: 'Place', code: 'badPlace', value: 'x' },
      { row: 4, column: 'Rider', code: 'riderNameRequired' },
      { row: 5, column: 'Class', code: 'missingClassName' },
      { row: 6, column: 'Place', code: 'duplicatePlace', value: '1' },
      { row: 7, column: 'Result', code: 'badResultType', value: 'crashed' },
    ]);
    const dup = parseResults(readCsv('Place,Rider\n1,A\n1,B\n'), 'upload-class-result');
    expect(dup).toEqual({
      ok: false,
      problems: [{ row: 3, column: 'Place', code: 'duplicatePlace', value: '1' }],
    });
  });

  it('missing headers are named', () => {
    expect(parseResults(readCsv('Rider,AMA\nA,1\n'), 'upload-class-result')).toEqual({
      ok: false,
      problems: [{ row: 1, column: null, code: 'missingHeader', value: 'Place' }],
    });
    expect(parseResults(readCsv('Place,Rider\n1,A\n'), 'upload-all-class-result')).toEqual({
      ok: false,
      problems: [{ row: 1, column: null, code: 'missingHeader', value: 'Class' }],
    });
  });

  it('a formatted sheet with result rows before any class name is refused', () => {
    const out = parseResults(
      readCsv('Pos,Rider\n1,A\n450 Pro\n1,B\n'),
      'upload-all-formatted-class-result',
    );
    expect(out).toEqual({ ok: false, problems: [{ row: 2, column: null, code: 'noClassBlock' }] });
  });

  it('JSON results read like an upload', () => {
    const out = resultsFromJson(
      [
        {
          className: '450 Pro',
          place: 1,
          riderName: 'Jake Moreau',
          amaNumber: '112233',
          make: 'KTM',
        },
        { className: '450 Pro', place: 2, firstName: 'Sam', lastName: 'Okafor', resultType: 'DNF' },
      ],
      true,
    );
    expect(ok(out).map(brief)).toEqual([
      ['450 Pro', 1, 'Jake Moreau', '112233', 'KTM', 'finish'],
      ['450 Pro', 2, 'Sam Okafor', null, null, 'DNF'],
    ]);
    expect(resultsFromJson([{ place: 'first', riderName: 'X' }], false)).toEqual({
      ok: false,
      problems: [{ row: 1, column: 'place', code: 'badPlace', value: 'first' }],
    });
  });

  it('JSON results take the header words a file takes as their keys', () => {
    const out = resultsFromJson(
      [
        { Class: '250 Am', Pos: 1, 'Rider Name': 'Jake Moreau', 'AMA #': '112233', Bike: 'KTM' },
        { Class: '250 Am', Pos: '2', 'Rider Name': 'Sam Okafor', Status: 'DNF' },
      ],
      true,
    );
    expect(ok(out).map(brief)).toEqual([
      ['250 Am', 1, 'Jake Moreau', '112233', 'KTM', 'finish'],
      ['250 Am', 2, 'Sam Okafor', null, null, 'DNF'],
    ]);
    const french = resultsFromJson(
      [{ Classe: '250 Am', Position: 1, Prénom: 'Léa', 'Nom de famille': 'Roy', Statut: 'DNF' }],
      false,
    );
    expect(ok(french).map(brief)).toEqual([[null, 1, 'Léa Roy', null, null, 'DNF']]);
  });
});

describe('unreadable and oversized files', () => {
  it('an empty file, an old .xls and a broken zip are refused', async () => {
    expect(await readUploadOutcome(new Uint8Array())).toEqual({
      ok: false,
      problems: [{ row: null, column: null, code: 'emptyFile' }],
    });
    expect(
      await readUploadOutcome(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1])),
    ).toMatchObject({ ok: false, problems: [{ code: 'unsupportedFile' }] });
    expect(
      await readUploadOutcome(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])),
    ).toMatchObject({ ok: false, problems: [{ code: 'unreadableFile' }] });
  });

  it('an XLSX whose declared uncompressed size is too large is refused before it is unzipped', async () => {
    const bytes = await xlsxBytes([
      ['Class', '1st'],
      ['A', 1],
    ]);
    expect(checkZipSize(bytes)).toBeGreaterThan(0);
    expect(() => checkZipSize(bytes, 100)).toThrow();
  });
});

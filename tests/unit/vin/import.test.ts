/** VIN pattern import: good files, bad files refused whole, XLSX, BOM/CRLF, updates not duplicates. */
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { vinPatterns } from '#db/schema';
import type { DB } from '~/db.server';
import { SYSTEM_ACTOR } from '~/services/platform/audit.server';
import { zipUncompressedSize } from '~/services/vin/vin-import-file.server';
import { parseVinPatternFile } from '~/services/vin/vin-import.server';
import { importVinPatternFile, listVinPatterns } from '~/services/vin/vin-patterns.server';
import { testDb } from '../helpers/db';
import { fixture } from './helpers';

let db: DB;
beforeEach(() => {
  db = testDb();
});

const text = (s: string) => new TextEncoder().encode(s);
const file = (name: string, content: string | Uint8Array) =>
  new File([Uint8Array.from(typeof content === 'string' ? text(content) : content)], name);
const all = () => db.select().from(vinPatterns).all();

async function xlsx(rows: (string | number | null)[][]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Patterns');
  for (const r of rows) ws.addRow(r);
  wb.addWorksheet('Ignored').addRow(['Model', 'Year', 'Pattern']);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

describe('import: good files', () => {
  it('imports the shared fixture, verified by default; importing it again updates instead of duplicating', async () => {
    const first = await importVinPatternFile(
      db,
      file('vin-patterns.csv', fixture('vin-patterns.csv')),
      SYSTEM_ACTOR,
    );
    expect(first).toEqual({ ok: true, summary: { created: 40, updated: 0, total: 40 } });
    expect(all().every((p) => p.verified && !p.noCheckDigit && p.make === 'KTM')).toBe(true);
    expect(all().find((p) => p.pattern === 'VBKDUK89*PM******')).toMatchObject({
      model: '890 Duke R',
      year: 2023,
    });

    db.update(vinPatterns)
      .set({ verified: false })
      .where(eq(vinPatterns.pattern, 'VBKDUK89*PM******'))
      .run();
    const again = await importVinPatternFile(
      db,
      file('vin-patterns.csv', fixture('vin-patterns.csv')),
      SYSTEM_ACTOR,
    );
    expect(again).toEqual({ ok: true, summary: { created: 0, updated: 40, total: 40 } });
    expect(all()).toHaveLength(40);
    // The file does not say otherwise: imported patterns are verified.
    expect(all().find((p) => p.pattern === 'VBKDUK89*PM******')?.verified).toBe(true);
  });

  it('tolerates a BOM, CRLF, blank rows, quoted cells, header case and spacing, extra columns', async () => {
    const csv =
      '\uFEFF model , YEAR,Pattern,Notes\r\n\r\n"450 SX-F, factory",2024,vbksxf45*rm******,"a, b"\r\n,,,\r\n\r\n890 Duke R,2023,VBKDUK89*PM******,\r\n\r\n';
    const r = await parseVinPatternFile({ name: 'p.csv', bytes: text(csv) });
    expect(r).toEqual({
      ok: true,
      rows: [
        {
          row: 3,
          model: '450 SX-F, factory',
          year: 2024,
          pattern: 'VBKSXF45*RM******',
          make: undefined,
          verified: undefined,
          noCheckDigit: undefined,
        },
        {
          row: 6,
          model: '890 Duke R',
          year: 2023,
          pattern: 'VBKDUK89*PM******',
          make: undefined,
          verified: undefined,
          noCheckDigit: undefined,
        },
      ],
    });
  });

  it('reads semicolon-separated CSV (French spreadsheets) and French headers', async () => {
    const r = await parseVinPatternFile({
      name: 'p.csv',
      bytes: text('Modèle;Année;Motif\n450 SMR;2024;VBKSMR45*RM******\n'),
    });
    expect(r.ok && r.rows[0]).toMatchObject({
      model: '450 SMR',
      year: 2024,
      pattern: 'VBKSMR45*RM******',
    });
  });

  it('honours the optional Verified, No Check Digit and Make columns', async () => {
    const csv = [
      'Model,Year,Pattern,Verified,No Check Digit,Make',
      '450 SX-F,2024,VBKSXF45*RM******,no,,',
      '450 SX-F Factory,2024,VBKSXF451RM******,yes,yes,KTM Factory',
      '300 XC,2024,VBKXC300*RM******,,,',
    ].join('\n');
    const r = await importVinPatternFile(db, file('p.csv', csv), SYSTEM_ACTOR);
    expect(r.ok).toBe(true);
    const byPattern = new Map(all().map((p) => [p.pattern, p]));
    expect(byPattern.get('VBKSXF45*RM******')).toMatchObject({
      verified: false,
      noCheckDigit: false,
      make: 'KTM',
    });
    expect(byPattern.get('VBKSXF451RM******')).toMatchObject({
      verified: true,
      noCheckDigit: true,
      make: 'KTM Factory',
    });
    expect(byPattern.get('VBKXC300*RM******')).toMatchObject({
      verified: true,
      noCheckDigit: false,
    });
  });

  it('reads XLSX: first sheet only, numbers stored as numbers', async () => {
    const bytes = await xlsx([
      ['Model', 'Year', 'Pattern', 'Verified'],
      ['450 SX-F', 2024, 'VBKSXF45*RM******', 'no'],
      [null, null, null, null],
      ['890 Duke R', 2023, 'VBKDUK89*PM******', null],
    ]);
    const r = await parseVinPatternFile({ name: 'patterns.xlsx', bytes });
    expect(r).toEqual({
      ok: true,
      rows: [
        {
          row: 2,
          model: '450 SX-F',
          year: 2024,
          pattern: 'VBKSXF45*RM******',
          make: undefined,
          verified: false,
          noCheckDigit: undefined,
        },
        {
          row: 4,
          model: '890 Duke R',
          year: 2023,
          pattern: 'VBKDUK89*PM******',
          make: undefined,
          verified: undefined,
          noCheckDigit: undefined,
        },
      ],
    });
    const imported = await importVinPatternFile(db, file('patterns.xlsx', bytes), SYSTEM_ACTOR);
    expect(imported).toEqual({ ok: true, summary: { created: 2, updated: 0, total: 2 } });
    expect(zipUncompressedSize(bytes)).toBeGreaterThan(0);
  });

  it('a repeated identical row is kept once', async () => {
    const r = await parseVinPatternFile({
      name: 'p.csv',
      bytes: text(
        'Model,Year,Pattern\n450 SMR,2024,VBKSMR45*RM******\n450 SMR,2024,VBKSMR45*RM******\n',
      ),
    });
    expect(r.ok && r.rows).toHaveLength(1);
  });
});

describe('import: bad files are refused whole, every problem listed', () => {
  it('lists row, column and reason; writes nothing', async () => {
    await importVinPatternFile(
      db,
      file('vin-patterns.csv', fixture('vin-patterns.csv')),
      SYSTEM_ACTOR,
    );
    const before = all();
    const csv = [
      'Model,Year,Pattern,Verified',
      '450 SX-F,2024,VBKSXF45*RM******,', // fine (would update)
      ',2024,VBKSXF45*RM*****1,', // model missing
      '450 SX-F,twenty,VBKSXF45*SM*****1,', // bad year
      '450 SX-F,2024,VBKSXF45*RM*****,', // 16 characters
      '450 SX-F,2024,VBKSXF45*RMO*****,', // O not allowed
      '450 SX-F,2023,VBKSXF45*RM*****2,', // year does not match R (2024)
      '450 SX-F,2024,***SXF45*RM*****3,', // maker code wildcarded
      '450 SX-F,2024,VBKSXF45*RM*****4,maybe', // bad flag
      '450 XC-F,2024,VBKSXF45*RM******,', // same pattern as row 2, different model
    ].join('\r\n');
    const r = await importVinPatternFile(db, file('bad.csv', csv), SYSTEM_ACTOR);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [3, 'Model', 'vin:import.errors.required'],
      [4, 'Year', 'vin:import.errors.year'],
      [5, 'Pattern', 'vin:import.errors.patternLength'],
      [6, 'Pattern', 'vin:import.errors.patternCharacter'],
      [7, 'Year', 'vin:import.errors.yearMismatch'],
      [8, 'Pattern', 'vin:import.errors.patternMaker'],
      [9, 'Verified', 'vin:import.errors.flag'],
      [10, 'Pattern', 'vin:import.errors.duplicateInFile'],
    ]);
    expect(r.errors[3].values).toMatchObject({ character: 'O' });
    expect(all()).toEqual(before);
  });

  it('names a missing required header', async () => {
    const r = await parseVinPatternFile({
      name: 'p.csv',
      bytes: text('Model,Pattern\n450 SMR,VBKSMR45*RM******\n'),
    });
    expect(r).toEqual({
      ok: false,
      errors: [{ row: 1, column: 'Year', message: 'vin:import.errors.missingHeader' }],
    });
  });

  it('refuses empty files, old .xls files, broken XLSX and unclosed quotes', async () => {
    expect(await parseVinPatternFile({ name: 'p.csv', bytes: text('') })).toMatchObject({
      ok: false,
      errors: [{ message: 'vin:import.errors.empty' }],
    });
    expect(
      await parseVinPatternFile({ name: 'p.csv', bytes: text('Model,Year,Pattern\r\n\r\n') }),
    ).toMatchObject({ ok: false, errors: [{ message: 'vin:import.errors.empty' }] });
    expect(
      await parseVinPatternFile({
        name: 'p.xls',
        bytes: new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0, 0]),
      }),
    ).toMatchObject({ ok: false, errors: [{ message: 'vin:import.errors.xls' }] });
    expect(
      await parseVinPatternFile({ name: 'p.xlsx', bytes: text('Model,Year,Pattern') }),
    ).toMatchObject({ ok: false, errors: [{ message: 'vin:import.errors.xlsxUnreadable' }] });
    expect(
      await parseVinPatternFile({
        name: 'p.xlsx',
        bytes: new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]),
      }),
    ).toMatchObject({ ok: false, errors: [{ message: 'vin:import.errors.xlsxUnreadable' }] });
    expect(
      await parseVinPatternFile({
        name: 'p.csv',
        bytes: text('Model,Year,Pattern\n"450 SMR,2024,X\n'),
      }),
    ).toMatchObject({ ok: false, errors: [{ message: 'vin:import.errors.csv' }] });
  });

  it('reports errors in XLSX with the sheet row numbers', async () => {
    const bytes = await xlsx([
      ['Model', 'Year', 'Pattern'],
      ['450 SX-F', 2024.5, 'VBKSXF45*RM******'],
    ]);
    const r = await parseVinPatternFile({ name: 'p.xlsx', bytes });
    expect(r).toMatchObject({
      ok: false,
      errors: [{ row: 2, column: 'Year', message: 'vin:import.errors.year' }],
    });
  });
});

describe('listVinPatterns', () => {
  it('filters by model, year and pattern and pages by 20', async () => {
    await importVinPatternFile(
      db,
      file('vin-patterns.csv', fixture('vin-patterns.csv')),
      SYSTEM_ACTOR,
    );
    const page1 = listVinPatterns(db, { page: 1 });
    expect(page1.pagination).toEqual({ page: 1, totalPages: 2, total: 40, pageSize: 20 });
    expect(page1.vinPatterns).toHaveLength(20);
    expect(listVinPatterns(db, { page: 2 }).vinPatterns).toHaveLength(20);
    expect(listVinPatterns(db, { page: 9 }).pagination.page).toBe(2);
    expect(listVinPatterns(db, { page: 1, model: 'duke' }).pagination.total).toBe(10);
    expect(
      listVinPatterns(db, { page: 1, model: 'sx-f', year: 2024 }).vinPatterns.map((p) => p.model),
    ).toEqual(['250 SX-F', '450 SX-F']);
    expect(
      listVinPatterns(db, { page: 1, pattern: 'DUK89*P' }).vinPatterns.map((p) => p.pattern),
    ).toEqual(['VBKDUK89*PM******']);
    expect(listVinPatterns(db, { page: 1, model: '100%_' }).pagination.total).toBe(0);
  });
});

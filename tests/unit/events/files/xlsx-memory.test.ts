/**
 * Rules for XLSX uploads under the server's 256 MB heap:
 * - a small file that unzips into a great many cells is read on the upload worker, whose own heap
 *   limit stops it (refused as unreadable): the server process survives it (a 4 MB file of a
 *   million cells takes ~800 MB to read whole);
 * - a workbook's first sheet is read, every time (ExcelJS's streaming reader, tried here, lost
 *   shared strings now and then: the whole-workbook reader is kept).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { readXlsx } from '~/services/events/files/xlsx-reader.server';
import { readPatternTable } from '~/services/vin/vin-import-file.server';
import { buildServerWorker } from '../../helpers/build-worker';

let WORKER = '';

beforeAll(async () => {
  WORKER = await buildServerWorker('server/upload-read-worker.ts', 'test-xlsx-worker');
}, 60_000);

async function workbook(rows: number, columns: number): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Results');
  for (let r = 0; r < rows; r++)
    ws.addRow(Array.from({ length: columns }, (_, i) => (i % 2 ? r : `c${i}`)));
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

describe('XLSX uploads', () => {
  it('a million-cell file runs the upload worker out of its memory, not the server (128 MB heap here)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-'));
    const file = path.join(dir, 'big.xlsx');
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file });
    const ws = writer.addWorksheet('Results');
    for (let r = 0; r < 40_000; r++)
      ws.addRow(Array.from({ length: 30 }, (_, i) => (i % 2 ? r : 'KTM'))).commit();
    await writer.commit();
    const child = spawnSync(
      process.execPath,
      [
        '--max-old-space-size=128',
        '--import',
        'tsx',
        'tests/unit/events/files/read-xlsx-child.mts',
        file,
        WORKER,
      ],
      {
        encoding: 'utf8',
        cwd: process.cwd(),
      },
    );
    fs.rmSync(dir, { recursive: true, force: true });
    expect({ status: child.status, out: child.stdout.trim() }).toEqual({
      status: 0,
      out: JSON.stringify({ refused: 'unreadableFile' }),
    });
  }, 120_000);

  it('reads a normal sheet whole, with numbers as numbers and its row numbers', async () => {
    const rows = await readXlsx(await workbook(3, 4));
    expect(rows).toEqual([
      { row: 1, cells: ['c0', 0, 'c2', 0] },
      { row: 2, cells: ['c0', 1, 'c2', 1] },
      { row: 3, cells: ['c0', 2, 'c2', 2] },
    ]);
  });

  it('a two-sheet workbook reads its first sheet, every time', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('First').addRow(['Class', 'Position']);
    wb.getWorksheet('First')!.addRow(['450 Pro', 1]);
    wb.addWorksheet('Second').addRow(['Class', '1st']);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    const outcomes = new Set<string>();
    for (let i = 0; i < 200; i++) outcomes.add(JSON.stringify(await readXlsx(bytes)));
    expect([...outcomes]).toEqual([
      JSON.stringify([
        { row: 1, cells: ['Class', 'Position'] },
        { row: 2, cells: ['450 Pro', 1] },
      ]),
    ]);
  }, 60_000);

  it('the VIN pattern import reads its XLSX', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Patterns');
    ws.addRow(['Model', 'Year', 'Pattern']);
    ws.addRow(['450 SX-F', 2024, 'VBKSXF4*R*******']);
    const read = await readPatternTable({
      name: 'p.xlsx',
      bytes: new Uint8Array(await wb.xlsx.writeBuffer()),
    });
    expect(read).toEqual({
      ok: true,
      rows: [
        { row: 1, cells: ['Model', 'Year', 'Pattern'] },
        { row: 2, cells: ['450 SX-F', '2024', 'VBKSXF4*R*******'] },
      ],
    });
  });
});

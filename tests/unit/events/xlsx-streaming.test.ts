/**
 * Rule: an XLSX upload is read as a stream and reading stops at the row limit, so a small file
 * that unzips into a great many cells costs the rows kept, not the whole sheet in memory (a 4 MB
 * file of 1.2 million cells took 800 MB before, and would kill a server with a heap limit).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readXlsx } from '~/services/events/xlsx-reader.server';
import { MAX_IMPORT_ROWS } from '~/services/events/sheet-cells.server';
import { readPatternTable } from '~/services/vin/vin-import-file.server';

async function workbook(rows: number, columns: number): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Results');
  for (let r = 0; r < rows; r++) ws.addRow(Array.from({ length: columns }, (_, i) => (i % 2 ? r : `c${i}`)));
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

describe('XLSX uploads are streamed', () => {
  it('stops at MAX_IMPORT_ROWS + 1 data rows with "too many rows", inside a 128 MB heap', async () => {
    // 20,500 rows of 40 cells: the whole-workbook reader needed over 500 MB for it and died here.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-'));
    const file = path.join(dir, 'big.xlsx');
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file });
    const ws = writer.addWorksheet('Results');
    for (let r = 0; r < MAX_IMPORT_ROWS + 500; r++) ws.addRow(Array.from({ length: 40 }, (_, i) => (i % 2 ? r : 'KTM'))).commit();
    await writer.commit();
    const child = spawnSync(process.execPath, ['--max-old-space-size=128', '--import', 'tsx', 'tests/unit/events/read-xlsx-child.mts', file], {
      encoding: 'utf8',
      cwd: process.cwd(),
    });
    fs.rmSync(dir, { recursive: true, force: true });
    expect({ status: child.status, out: child.stdout.trim() }).toEqual({ status: 0, out: JSON.stringify({ refused: 'tooManyRows' }) });
  }, 120_000);

  it('reads a normal sheet whole, with numbers as numbers and its row numbers', async () => {
    const rows = await readXlsx(await workbook(3, 4));
    expect(rows).toEqual([
      { row: 1, cells: ['c0', 0, 'c2', 0] },
      { row: 2, cells: ['c0', 1, 'c2', 1] },
      { row: 3, cells: ['c0', 2, 'c2', 2] },
    ]);
  });

  it('the VIN pattern import reads its XLSX the same way', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Patterns');
    ws.addRow(['Model', 'Year', 'Pattern']);
    ws.addRow(['450 SX-F', 2024, 'VBKSXF4*R*******']);
    const read = await readPatternTable({ name: 'p.xlsx', bytes: new Uint8Array(await wb.xlsx.writeBuffer()) });
    expect(read).toEqual({ ok: true, rows: [{ row: 1, cells: ['Model', 'Year', 'Pattern'] }, { row: 2, cells: ['450 SX-F', '2024', 'VBKSXF4*R*******'] }] });
  });
});

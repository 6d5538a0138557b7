/**
 * The rows of an uploaded XLSX's first sheet, read as a stream (ExcelJS's streaming reader).
 *
 * The whole-workbook reader builds every cell of every sheet before the first row can be looked
 * at: a 4 MB upload that unzips into a million cells took 4 s and 800 MB (and would kill a server
 * with a heap limit). Streamed, a caller stops at its row limit and what it costs is the rows it
 * kept. Callers check the zip's size first (`checkZipInflation`).
 */
import { Readable } from 'node:stream';
import type { CellValue } from 'exceljs';

export type SheetRowValues = { row: number; values: CellValue[] };

/** Thrown when ExcelJS cannot read the file (not a workbook, broken XML). */
export class XlsxUnreadableError extends Error {}

/**
 * Yields the first sheet's rows in order (sheet row number, cell values from column A), skipping
 * rows with no cells; stop iterating to stop reading. Dates come as Date (styles are read),
 * formulas as { formula, result }, shared strings resolved.
 */
export async function* firstSheetRows(bytes: Uint8Array): AsyncGenerator<SheetRowValues> {
  const { default: ExcelJS } = await import('exceljs');
  const input = Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let sheets: AsyncIterator<AsyncIterable<{ number: number; values: unknown }>>;
  try {
    sheets = reader[Symbol.asyncIterator]() as AsyncIterator<AsyncIterable<{ number: number; values: unknown }>>;
  } catch {
    throw new XlsxUnreadableError('unreadable');
  }
  let sheet: IteratorResult<AsyncIterable<{ number: number; values: unknown }>>;
  try {
    sheet = await sheets.next();
  } catch {
    throw new XlsxUnreadableError('unreadable');
  }
  if (sheet.done) return;
  const rows = sheet.value[Symbol.asyncIterator]();
  try {
    while (true) {
      let next: IteratorResult<{ number: number; values: unknown }>;
      try {
        next = await rows.next();
      } catch {
        throw new XlsxUnreadableError('unreadable');
      }
      if (next.done) return;
      const values = Array.isArray(next.value.values) ? (next.value.values.slice(1) as CellValue[]) : [];
      yield { row: next.value.number, values };
    }
  } finally {
    await rows.return?.(undefined).catch(() => undefined);
    await sheets.return?.(undefined).catch(() => undefined);
  }
}

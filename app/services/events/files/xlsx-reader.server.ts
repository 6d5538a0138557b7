/**
 * Reading an uploaded XLSX: the first sheet, all rows; numbers stay numbers, formulas give their
 * result, dates become 'YYYY-MM-DD'. The zip's declared size is checked before anything is
 * unzipped (a small file can hold a lot).
 */
// exceljs (~25 MB, ~0.3 s) is loaded on the first upload, not at server start.
import type { CellValue } from 'exceljs';
import { checkZipInflation } from '~/services/platform/zip-inflate-guard.server';
import {
  ImportReadError,
  type ImportProblem,
} from '~/services/events/files/import-problems.server';
import {
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  isBlankRow,
  trimRow,
  type Cell,
  type SheetRow,
} from '~/services/events/files/sheet-cells.server';

/** Most bytes an XLSX may hold once unzipped (it is a zip: a small file can hold a lot). */
const MAX_XLSX_UNCOMPRESSED_BYTES = 50 * 1024 * 1024;
/** Most entries an XLSX zip may hold. */
const MAX_XLSX_ENTRIES = 2_000;

/** True for an old binary Excel file (.xls), which is not supported. */
export function looksLikeOldExcel(bytes: Uint8Array): boolean {
  return (
    bytes.length > 4 &&
    bytes[0] === 0xd0 &&
    bytes[1] === 0xcf &&
    bytes[2] === 0x11 &&
    bytes[3] === 0xe0
  );
}

/**
 * Sums the uncompressed sizes the zip's central directory declares, before anything is unzipped,
 * and refuses a zip bomb. Throws ImportReadError.
 */
export function checkZipSize(bytes: Uint8Array, maxBytes = MAX_XLSX_UNCOMPRESSED_BYTES): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const EOCD = 0x06054b50;
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i -= 1) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ImportReadError({ row: null, column: null, code: 'unreadableFile' });
  const entries = view.getUint16(eocd + 10, true);
  const dirOffset = view.getUint32(eocd + 16, true);
  if (entries > MAX_XLSX_ENTRIES)
    throw new ImportReadError({ row: null, column: null, code: 'tooLarge' });
  let total = 0;
  let p = dirOffset;
  for (let n = 0; n < entries; n += 1) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== 0x02014b50) {
      throw new ImportReadError({ row: null, column: null, code: 'unreadableFile' });
    }
    const uncompressed = view.getUint32(p + 24, true);
    if (uncompressed === 0xffffffff)
      throw new ImportReadError({ row: null, column: null, code: 'tooLarge' });
    total += uncompressed;
    if (total > maxBytes) throw new ImportReadError({ row: null, column: null, code: 'tooLarge' });
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    p += 46 + nameLen + extraLen + commentLen;
  }
  return total;
}

/** An ExcelJS cell value as a Cell: numbers stay numbers, formulas give their result, dates 'YYYY-MM-DD'. */
function xlsxCell(value: CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText))
      return value.richText.map((r) => r.text).join('');
    if ('formula' in value || 'sharedFormula' in value) {
      const result = (value as { result?: unknown }).result;
      if (typeof result === 'number' || typeof result === 'string') return result;
      if (result instanceof Date) return result.toISOString().slice(0, 10);
      if (typeof result === 'boolean') return result ? 'TRUE' : 'FALSE';
      return null;
    }
    if ('text' in value && typeof (value as { text?: unknown }).text === 'string') {
      return (value as { text: string }).text;
    }
    if ('error' in value) return String((value as { error: unknown }).error);
  }
  return null;
}

/** Reads the first sheet of an XLSX (all rows) into non-blank rows with their sheet row numbers. */
export async function readXlsx(bytes: Uint8Array): Promise<SheetRow[]> {
  checkZipSize(bytes);
  // The declared sizes can lie: count the bytes actually inflated before ExcelJS opens it.
  const inflated = checkZipInflation(bytes, MAX_XLSX_UNCOMPRESSED_BYTES);
  if (!inflated.ok) {
    throw new ImportReadError({
      row: null,
      column: null,
      code: inflated.reason === 'tooLarge' ? 'tooLarge' : 'unreadableFile',
    });
  }
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    const data = Buffer.from(
      bytes.buffer,
      bytes.byteOffset,
      bytes.byteLength,
    ) as unknown as Parameters<typeof workbook.xlsx.load>[0];
    await workbook.xlsx.load(data);
  } catch {
    throw new ImportReadError({ row: null, column: null, code: 'unreadableFile' });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: SheetRow[] = [];
  let problem: ImportProblem | null = null;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (problem) return;
    const values = row.values;
    const list = Array.isArray(values) ? values.slice(1) : [];
    if (list.length > MAX_IMPORT_COLUMNS) {
      problem = {
        row: rowNumber,
        column: null,
        code: 'tooManyColumns',
        value: String(MAX_IMPORT_COLUMNS),
      };
      return;
    }
    const cells: Cell[] = [];
    for (let i = 0; i < list.length; i += 1) cells.push(xlsxCell(list[i] as CellValue));
    if (isBlankRow(cells)) return;
    if (rows.length >= MAX_IMPORT_ROWS + 1) {
      problem = {
        row: rowNumber,
        column: null,
        code: 'tooManyRows',
        value: String(MAX_IMPORT_ROWS),
      };
      return;
    }
    rows.push({ row: rowNumber, cells: trimRow(cells) });
  });
  if (problem) throw new ImportReadError(problem);
  return rows;
}

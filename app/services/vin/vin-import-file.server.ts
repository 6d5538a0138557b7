/**
 * Reading an uploaded VIN pattern file into rows of text, before any check (vin-import.server
 * checks the rows). CSV: UTF-8 or Windows-1252, byte-order mark, CRLF, quoted cells, blank rows
 * skipped, `;` as separator when the first line has no comma (French spreadsheets). XLSX: the
 * first sheet, numbers stored as numbers give their digits; a zip bomb is refused unopened.
 */
// exceljs (~25 MB, ~0.3 s) is loaded on the first upload, not at server start.
import type { CellFormulaValue, CellValue } from 'exceljs';
import { CsvError, parse as parseCsv } from 'csv-parse/sync';
import { UPLOAD_MAX_BYTES } from '~/lib/constants';
import { checkZipInflation } from '~/services/platform/zip-inflate-guard.server';

/** One problem of an import file: where (row and column as the spreadsheet shows them) and why (an i18n key). */
export type ImportError = {
  row: number | null;
  column: string | null;
  message: string;
  values?: Record<string, string>;
};

/** Largest total uncompressed size of an XLSX (a zip): refuses zip bombs before unpacking. */
// VIN pattern lists are small; this keeps ExcelJS (which builds every cell in memory, on the
// server's own 256 MB heap) far from the limit.
const XLSX_MAX_UNCOMPRESSED_BYTES = 8 * 1024 * 1024;

/** Most data rows one import may carry. */
export const IMPORT_MAX_ROWS = 20_000;
/** Reading stops after this many non-blank rows (the header, the maximum, and one to tell "too many"). */
const READ_ROW_CAP = IMPORT_MAX_ROWS + 2;

/** A table row: its row number in the file and its cells as text. */
export type SourceRow = { row: number; cells: string[] };

type TableRead = { ok: true; rows: SourceRow[] } | { ok: false; error: ImportError };

function isBlank(cells: string[]): boolean {
  return cells.every((c) => c.trim() === '');
}

// ---------------------------------------------------------------- CSV

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Spreadsheets on Windows still save "CSV" in Windows-1252.
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function readCsv(bytes: Uint8Array): TableRead {
  const text = decodeText(bytes).replace(/^\uFEFF/, '');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  try {
    const records = parseCsv(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // Rows of empty cells (",,") are skipped by the parser, so they do not count towards `to`:
      // counted, they let the cap stop reading early and drop the rows after it without a word.
      skip_records_with_empty_values: true,
      trim: true,
      info: true,
      // Stop parsing once the row cap is passed (the import then says "too many rows").
      to: READ_ROW_CAP,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return {
      ok: true,
      rows: records
        .map((r) => ({ row: r.info.lines, cells: r.record }))
        .filter((r) => !isBlank(r.cells)),
    };
  } catch (error) {
    if (error instanceof CsvError) {
      const line = typeof error.lines === 'number' ? error.lines : null;
      return {
        ok: false,
        error: {
          row: line,
          column: null,
          message: 'vin:import.errors.csv',
          values: { detail: error.message },
        },
      };
    }
    throw error;
  }
}

// ---------------------------------------------------------------- XLSX

/** Sum of the uncompressed sizes in a zip's central directory; null when it cannot be read safely. */
export function zipUncompressedSize(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const min = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= min; i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = view.getUint16(eocd + 10, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (entries === 0xffff || cdOffset === 0xffffffff) return null; // zip64: not expected here
  let total = 0;
  let p = cdOffset;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== 0x02014b50) return null;
    const size = view.getUint32(p + 24, true);
    if (size === 0xffffffff) return null;
    total += size;
    p +=
      46 +
      view.getUint16(p + 28, true) +
      view.getUint16(p + 30, true) +
      view.getUint16(p + 32, true);
  }
  return total;
}

/** The text of a cell as the sheet shows it (numbers stored as numbers give their digits). */
function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as CellFormulaValue).result;
    return result === undefined ||
      (typeof result === 'object' && result !== null && !(result instanceof Date))
      ? ''
      : cellText(result);
  }
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('error' in value) return String(value.error);
  return '';
}

async function readXlsx(bytes: Uint8Array): Promise<TableRead> {
  const size = zipUncompressedSize(bytes);
  if (size === null)
    return {
      ok: false,
      error: { row: null, column: null, message: 'vin:import.errors.xlsxUnreadable' },
    };
  // The declared sizes can lie: count the bytes actually inflated before ExcelJS opens it.
  const inflated =
    size > XLSX_MAX_UNCOMPRESSED_BYTES
      ? null
      : checkZipInflation(bytes, XLSX_MAX_UNCOMPRESSED_BYTES);
  if (!inflated || !inflated.ok) {
    const unreadable = inflated && !inflated.ok && inflated.reason === 'unreadable';
    return {
      ok: false,
      error: {
        row: null,
        column: null,
        message: unreadable ? 'vin:import.errors.xlsxUnreadable' : 'vin:import.errors.tooLarge',
      },
    };
  }
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Uint8Array.from(bytes).buffer);
  } catch {
    return {
      ok: false,
      error: { row: null, column: null, message: 'vin:import.errors.xlsxUnreadable' },
    };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet)
    return { ok: false, error: { row: null, column: null, message: 'vin:import.errors.empty' } };
  const rows: SourceRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rows.length >= READ_ROW_CAP) return;
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(cellText(row.getCell(c).value).trim());
    if (!isBlank(cells)) rows.push({ row: rowNumber, cells });
  });
  return { ok: true, rows };
}

// ---------------------------------------------------------------- the upload

/** The kind of an upload from its first bytes (and name for a clear message). */
function sniff(bytes: Uint8Array): 'xlsx' | 'xls' | 'text' {
  if (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    bytes[2] === 0x03 &&
    bytes[3] === 0x04
  )
    return 'xlsx';
  if (
    bytes.length >= 4 &&
    bytes[0] === 0xd0 &&
    bytes[1] === 0xcf &&
    bytes[2] === 0x11 &&
    bytes[3] === 0xe0
  )
    return 'xls';
  return 'text';
}

/**
 * The rows of an uploaded pattern file (CSV or XLSX), blank rows left out, or why it cannot be
 * read (empty, too large, an old .xls, an unreadable XLSX or CSV).
 */
export async function readPatternTable(file: {
  name: string;
  bytes: Uint8Array;
}): Promise<TableRead> {
  const one = (message: string): TableRead => ({
    ok: false,
    error: { row: null, column: null, message },
  });
  if (file.bytes.length === 0) return one('vin:import.errors.empty');
  if (file.bytes.length > UPLOAD_MAX_BYTES) return one('vin:import.errors.tooLarge');
  const kind = sniff(file.bytes);
  if (kind === 'xls') return one('vin:import.errors.xls');
  if (kind === 'text' && /\.xlsx$/i.test(file.name)) return one('vin:import.errors.xlsxUnreadable');
  return kind === 'xlsx' ? readXlsx(file.bytes) : readCsv(file.bytes);
}

/**
 * Reading an uploaded class-payout, results or schedule file (docs/rules.md "Classes and payouts"):
 * CSV or XLSX, told apart by the file's content, never by its name. Pure: no database.
 */
import { readCsv } from '~/services/events/files/csv-reader.server';
import { ImportReadError, type ParseOutcome } from '~/services/events/files/import-problems.server';
import type { SheetRow } from '~/services/events/files/sheet-cells.server';
import {
  looksLikeOldExcel,
  looksLikeXlsx,
  readXlsx,
} from '~/services/events/files/xlsx-reader.server';

/** Reads an uploaded file (CSV or XLSX, told apart by its content). Throws ImportReadError. */
export async function readUpload(bytes: Uint8Array): Promise<SheetRow[]> {
  if (bytes.length === 0) throw new ImportReadError({ row: null, column: null, code: 'emptyFile' });
  if (looksLikeOldExcel(bytes))
    throw new ImportReadError({ row: null, column: null, code: 'unsupportedFile' });
  const rows = looksLikeXlsx(bytes) ? await readXlsx(bytes) : readCsv(bytes);
  if (rows.length === 0) throw new ImportReadError({ row: null, column: null, code: 'emptyFile' });
  return rows;
}

/** Reads a file into rows or the problem that stopped it. */
export async function readUploadOutcome(bytes: Uint8Array): Promise<ParseOutcome<SheetRow[]>> {
  try {
    return { ok: true, value: await readUpload(bytes) };
  } catch (error) {
    if (error instanceof ImportReadError) return { ok: false, problems: [error.problem] };
    return { ok: false, problems: [{ row: null, column: null, code: 'unreadableFile' }] };
  }
}

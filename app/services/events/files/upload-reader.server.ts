/**
 * Reading an uploaded class-payout, results or schedule file (docs/rules.md "Classes and payouts"):
 * CSV, XLSX or a live-timing JSON export, told apart by the file's content, never by its name;
 * anything else is refused with what it is. Pure: no database.
 */
import { amaTimingRows } from '~/services/events/files/ama-timing.server';
import { readCsv } from '~/services/events/files/csv-reader.server';
import { notASheet, sniffFile } from '~/services/events/files/file-kind.server';
import { ImportReadError, type ParseOutcome } from '~/services/events/files/import-problems.server';
import type { SheetRow } from '~/services/events/files/sheet-cells.server';
import { looksLikeOldExcel, readXlsx } from '~/services/events/files/xlsx-reader.server';

/** A JSON file's rows: a live-timing export is read, any other JSON refused as JSON. */
function readJson(bytes: Uint8Array): SheetRow[] {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, ''));
  } catch {
    throw new ImportReadError(notASheet('JSON'));
  }
  const rows = amaTimingRows(value);
  if (!rows) throw new ImportReadError(notASheet('JSON'));
  return rows;
}

/** Reads an uploaded file (CSV, XLSX or live-timing JSON, told apart by its content). Throws ImportReadError. */
export async function readUpload(bytes: Uint8Array): Promise<SheetRow[]> {
  if (bytes.length === 0) throw new ImportReadError({ row: null, column: null, code: 'emptyFile' });
  if (looksLikeOldExcel(bytes))
    throw new ImportReadError({ row: null, column: null, code: 'unsupportedFile' });
  const kind = sniffFile(bytes);
  if (typeof kind === 'object') throw new ImportReadError(notASheet(kind.other));
  const rows =
    kind === 'zip' ? await readXlsx(bytes) : kind === 'json' ? readJson(bytes) : readCsv(bytes);
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

/**
 * An uploaded class or results file, read (on a worker thread in production) and parsed before
 * any transaction opens. Shared by the event pages, the event API and the series schedule upload.
 */
import {
  parseClassUpload,
  type ParsedClass,
} from '~/services/events/management/class-upload-parser.server';
import type { ParseOutcome } from '~/services/events/files/import-problems.server';
import {
  parseResults,
  type ParsedResult,
  type ResultShape,
} from '~/services/events/results-import/results-parser.server';
import { refusedType } from '~/services/events/files/file-kind.server';
import type { SheetRow } from '~/services/events/files/sheet-cells.server';
import { readUploadOffThread } from '~/services/events/files/upload-thread.server';

/** The bytes of an uploaded file (read before any transaction opens). */
export async function fileBytes(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}

/**
 * Reads an uploaded file into rows (off the event loop): refused at once when the browser says
 * it is a kind that is never a sheet (a script, a page), else told by its bytes.
 */
export async function readFileRows(file: File): Promise<ParseOutcome<SheetRow[]>> {
  const refused = refusedType(file.type);
  if (refused) return { ok: false, problems: [refused] };
  return readUploadOffThread(await fileBytes(file));
}

/** Reads and parses a class upload file. */
export async function parseClassFile(file: File): Promise<ParseOutcome<ParsedClass[]>> {
  const rows = await readFileRows(file);
  return rows.ok ? parseClassUpload(rows.value) : rows;
}

/** Reads and parses a results file in one of the three shapes. */
export async function parseResultsFile(
  file: File,
  shape: ResultShape,
): Promise<ParseOutcome<ParsedResult[]>> {
  const rows = await readFileRows(file);
  return rows.ok ? parseResults(rows.value, shape) : rows;
}

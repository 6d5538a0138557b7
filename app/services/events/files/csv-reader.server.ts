/**
 * Reading an uploaded CSV: UTF-8 with or without BOM, UTF-16 with a BOM, Windows-1252 fallback,
 * CRLF, comma / semicolon / tab separated, quoted fields. Blank rows are skipped; each row keeps
 * its line number in the file.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { ImportReadError } from '~/services/events/files/import-problems.server';
import {
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  isBlankRow,
  trimRow,
  type SheetRow,
} from '~/services/events/files/sheet-cells.server';

/** Decodes CSV bytes: UTF-8 (BOM or not), UTF-16 with a BOM, else Windows-1252 (old Excel exports). */
function decodeText(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The separator of a CSV: whichever of , ; tab appears most in the first non-blank line (outside quotes). */
function detectDelimiter(text: string): string {
  const firstLine = text.split(/\r\n|\n|\r/).find((l) => l.trim() !== '') ?? '';
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch in counts) counts[ch] += 1;
  }
  let best = ',';
  for (const d of [';', '\t']) if (counts[d] > counts[best]) best = d;
  return best;
}

/** Reads CSV text or bytes into non-blank rows, each with its line number in the file. */
export function readCsv(input: string | Uint8Array): SheetRow[] {
  const text = (typeof input === 'string' ? input : decodeText(input)).replace(/^\uFEFF/, '');
  if (text.trim() === '') return [];
  let records: { record: string[]; info: { lines: number } }[];
  let nonBlank = 0;
  try {
    records = parseCsv(text, {
      // Stop reading at the row limit instead of parsing the whole file first.
      // (with `info`, each record arrives as { record, info }; the typings do not say so)
      on_record: ((r: { record: string[] }, context: { lines: number }) => {
        if (!isBlankRow(r.record) && ++nonBlank > MAX_IMPORT_ROWS + 1) {
          throw new ImportReadError({
            row: context.lines,
            column: null,
            code: 'tooManyRows',
            value: String(MAX_IMPORT_ROWS),
          });
        }
        return r;
      }) as unknown as (record: string[]) => string[],
      bom: true,
      info: true,
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: false,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof ImportReadError) throw error;
    const line = (error as { lines?: number }).lines;
    throw new ImportReadError({
      row: typeof line === 'number' ? line : null,
      column: null,
      code: 'unreadableFile',
    });
  }
  const rows: SheetRow[] = [];
  let previousEnd = 0;
  for (const { record, info } of records) {
    const start = previousEnd + 1;
    previousEnd = info.lines;
    if (isBlankRow(record)) continue;
    if (rows.length >= MAX_IMPORT_ROWS + 1) {
      throw new ImportReadError({
        row: start,
        column: null,
        code: 'tooManyRows',
        value: String(MAX_IMPORT_ROWS),
      });
    }
    if (record.length > MAX_IMPORT_COLUMNS) {
      throw new ImportReadError({
        row: start,
        column: null,
        code: 'tooManyColumns',
        value: String(MAX_IMPORT_COLUMNS),
      });
    }
    rows.push({ row: start, cells: trimRow(record) });
  }
  return rows;
}

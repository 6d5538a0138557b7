/**
 * A CSV download: UTF-8 with a byte-order mark (accents open right in spreadsheets), no caching.
 *
 * Streamed: rows are pulled from the iterable a few hundred at a time, only when the response
 * stream asks for more (ReadableStream pull), with a turn of the event loop between chunks so
 * other requests keep being answered. Memory stays flat whatever the number of rows; a cancelled
 * download stops the iterable (its `finally` closes what it holds).
 */
import { CSV_BOM, toCsv, type CsvCell } from '~/lib/csv';
import type { Lang } from '~/lib/lang';

const ROWS_PER_CHUNK = 500;

/** The rows as a byte stream of CSV lines (BOM first), in the separators of `lang`. */
export function csvStream(
  rows: Iterable<readonly CsvCell[]>,
  lang: Lang = 'en',
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let it: Iterator<readonly CsvCell[]> | undefined;
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!first) await new Promise((resolve) => setImmediate(resolve));
      it ??= rows[Symbol.iterator]();
      const chunk: (readonly CsvCell[])[] = [];
      let done = false;
      while (chunk.length < ROWS_PER_CHUNK) {
        const next = it.next();
        if (next.done) {
          done = true;
          break;
        }
        chunk.push(next.value);
      }
      const text = (first ? CSV_BOM : '') + toCsv(chunk, lang);
      first = false;
      if (text) controller.enqueue(encoder.encode(text));
      if (done) controller.close();
    },
    cancel() {
      it?.return?.();
    },
  });
}

/** A CSV download; French (`;`, decimal commas) when `lang` is. */
export function csvResponse(
  filename: string,
  rows: Iterable<readonly CsvCell[]>,
  lang: Lang = 'en',
): Response {
  return new Response(csvStream(rows, lang), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename.replace(/[^a-zA-Z0-9._-]/g, '_')}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** A CSV download: UTF-8 with a byte-order mark (accents open right in spreadsheets), no caching. */
import { CSV_BOM, toCsv, type CsvCell } from '~/lib/csv';

export function csvResponse(filename: string, rows: readonly (readonly CsvCell[])[]): Response {
  return new Response(CSV_BOM + toCsv(rows), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename.replace(/[^a-zA-Z0-9._-]/g, '_')}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

import type { TFunction } from 'i18next';
import { getDb, type DB } from '~/db.server';
import { requestLang, tFor } from '~/i18next.server';
import type { CsvCell } from '~/lib/csv';
import { requireRole } from '~/services/auth/guard.server';
import { rangeFromUrl, type ReportRange } from '~/lib/schemas/reports';

type Rows = (db: DB, range: ReportRange, t: TFunction) => Iterable<CsvCell[]>;

/** Loader of an export page: the range, the header and the first 50 rows as text, and the count. */
export async function exportPreviewLoader(request: Request, rows: Rows) {
  await requireRole(request, 'admin');
  const range = rangeFromUrl(request.url);
  const text = (c: CsvCell) => (c === null || c === undefined ? '' : String(c));
  let head: string[] = [];
  const preview: string[][] = [];
  let total = -1;
  for (const r of rows(getDb(), range, await tFor(requestLang(request)))) {
    if (total === -1) head = r.map(text);
    else if (preview.length < 50) preview.push(r.map(text));
    total++;
  }
  return { range, head, preview, total: Math.max(total, 0) };
}

/** The admin CSV exports (series events, class payouts) as rows with translated headers. */
import type { TFunction } from 'i18next';
import { getDb } from '~/db.server';
import { requestLang, tFor } from '~/i18next.server';
import { rangeFromUrl } from '~/lib/schemas/reports';
import { requireRole } from '~/services/auth/guard.server';
import type { DB } from '~/db.server';
import { centsToDecimal, type CsvCell } from '~/lib/csv';
import type { ReportRange } from '~/lib/schemas/reports';
import { classPayoutsExport, seriesEventsExport } from '~/services/reports/reports.server';

export function* seriesEventsRows(db: DB, range: ReportRange, t: TFunction): Generator<CsvCell[]> {
  const head = ['serie', 'eventId', 'event', 'date', 'venue', 'city', 'state', 'country', 'cancelled', 'classes', 'results'];
  yield head.map((h) => t(`admin:exports.columns.${h}`));
  for (const r of seriesEventsExport(db, range))
    yield [
      r.seriesName ?? '',
      r.eventId,
      r.title,
      r.date,
      r.venue,
      r.city,
      r.state,
      r.country,
      r.cancelled ? t('common:yes') : t('common:no'),
      r.classes,
      r.results,
    ];
}

export function* classPayoutsRows(db: DB, range: ReportRange, t: TFunction): Generator<CsvCell[]> {
  const { maxPlace, rows } = classPayoutsExport(db, range);
  const head = [
    t('admin:exports.columns.event'),
    t('admin:exports.columns.date'),
    t('admin:exports.columns.class'),
    t('admin:exports.columns.payoutType'),
    t('admin:exports.columns.currency'),
    ...Array.from({ length: maxPlace }, (_, i) => t('admin:exports.columns.place', { place: i + 1 })),
  ];
  yield head;
  for (const r of rows)
    yield [
      r.eventTitle,
      r.date,
      r.className,
      t(`common:payoutType.${r.payoutType}`),
      r.currency,
      ...r.places.map((c) => (c === null ? '' : centsToDecimal(c))),
    ];
}

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

/** The admin CSV exports (series events, class payouts) as rows with translated headers. */
import type { TFunction } from 'i18next';
import type { DB } from '~/db.server';
import { centsToDecimal, type CsvCell } from '~/lib/csv';
import type { ReportRange } from '~/lib/schemas/reports';
import { classPayoutsExport, seriesEventsExport } from '~/services/reports.server';

export function seriesEventsRows(db: DB, range: ReportRange, t: TFunction): CsvCell[][] {
  const head = ['serie', 'eventId', 'event', 'date', 'venue', 'city', 'state', 'country', 'cancelled', 'classes', 'results'];
  return [
    head.map((h) => t(`admin:exports.columns.${h}`)),
    ...seriesEventsExport(db, range).map((r) => [
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
    ]),
  ];
}

export function classPayoutsRows(db: DB, range: ReportRange, t: TFunction): CsvCell[][] {
  const { maxPlace, rows } = classPayoutsExport(db, range);
  const head = [
    t('admin:exports.columns.event'),
    t('admin:exports.columns.date'),
    t('admin:exports.columns.class'),
    t('admin:exports.columns.payoutType'),
    t('admin:exports.columns.currency'),
    ...Array.from({ length: maxPlace }, (_, i) => t('admin:exports.columns.place', { place: i + 1 })),
  ];
  return [
    head,
    ...rows.map((r) => [
      r.eventTitle,
      r.date,
      r.className,
      t(`common:payoutType.${r.payoutType}`),
      r.currency,
      ...r.places.map((c) => (c === null ? '' : centsToDecimal(c))),
    ]),
  ];
}

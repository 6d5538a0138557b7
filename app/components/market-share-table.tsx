/** The market share reports (by month, by series): their page and their table. */
import { useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Empty, RangeForm } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import { ChartFigure } from '~/components/report-chart';
import { formatMonth, formatPercent } from '~/lib/format';
import { useLang } from '~/components/link';
import { scrollable } from '~/components/scroll-region';

type Row = {
  key: string;
  label: string;
  results: number;
  maker: number;
  podiums: number;
  makerPodiums: number;
  shareBp: number;
  podiumShareBp: number;
  awards?: number;
};

function MarketShareTable({
  rows,
  keyLabel,
  byMonth = false,
}: {
  rows: Row[];
  keyLabel: string;
  byMonth?: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <div className="card overflow-x-auto p-0" {...scrollable(keyLabel)}>
      <table className="table" data-testid="market-share">
        <thead>
          <tr>
            <th>{keyLabel}</th>
            <th>{t('admin:reports.results')}</th>
            <th>{t('admin:reports.onMaker')}</th>
            <th>{t('admin:reports.share')}</th>
            <th>{t('admin:reports.podiumShare')}</th>
            {rows.some((r) => r.awards !== undefined) ? (
              <th>{t('admin:reports.seriesAwards')}</th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">
                {byMonth ? formatMonth(r.label, lang) : r.label || t('admin:reports.noSeries')}
              </th>
              <td>{r.results}</td>
              <td>{r.maker}</td>
              <td>
                <span className="inline-flex items-center gap-2">
                  <span
                    className="inline-block h-2 rounded bg-brand-fill"
                    style={{ width: `${Math.max(2, r.shareBp / 100)}px` }}
                    aria-hidden="true"
                  />
                  {formatPercent(r.shareBp / 10_000, lang)}
                </span>
              </td>
              <td>
                {t('admin:reports.podiumShareValue', {
                  share: formatPercent(r.podiumShareBp / 10_000, lang),
                  maker: r.makerPodiums,
                  podiums: r.podiums,
                })}
              </td>
              {r.awards !== undefined ? <td>{r.awards}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Each report's title and the header of its first column. */
const REPORTS = {
  month: { title: 'common:pages.marketShareMonth', keyLabel: 'admin:reports.month' },
  series: { title: 'common:pages.marketShareSeries', keyLabel: 'common:pages.serie' },
} as const;

/**
 * A market share report (`by` month or series): its date range form, the chart (its SVG route,
 * drawn for the page's own query) with its text alternative, and the table.
 */
export function MarketSharePage({
  by,
  range,
  rows,
  chartText,
}: {
  by: keyof typeof REPORTS;
  range: Parameters<typeof RangeForm>[0]['range'];
  rows: Row[];
  chartText: string;
}) {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <>
      <PageHeading title={t(REPORTS[by].title)} />
      <RangeForm range={range} />
      <p className="mb-4 text-sm text-gray-600">{t('admin:reports.marketShareHelp')}</p>
      {rows.length === 0 ? (
        <Empty />
      ) : (
        <ChartFigure
          src={`/auth/admin/charts/market-share-${by}.svg${search}`}
          text={chartText}
          testId="share-chart"
        >
          <MarketShareTable
            rows={rows}
            keyLabel={t(REPORTS[by].keyLabel)}
            byMonth={by === 'month'}
          />
        </ChartFigure>
      )}
    </>
  );
}

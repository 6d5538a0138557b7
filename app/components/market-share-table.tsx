/** The market share table shared by the by-month and by-series reports. */
import { useTranslation } from 'react-i18next';
import { formatPercent } from '~/lib/format';

type Row = { key: string; label: string; results: number; maker: number; podiums: number; makerPodiums: number; shareBp: number; podiumShareBp: number; awards?: number };

export function MarketShareTable({ rows, keyLabel }: { rows: Row[]; keyLabel: string }) {
  const { t } = useTranslation();
  return (
    <div className="card overflow-x-auto p-0">
      <table className="table" data-testid="market-share">
        <thead>
          <tr>
            <th>{keyLabel}</th>
            <th>{t('admin:reports.results')}</th>
            <th>{t('admin:reports.onMaker')}</th>
            <th>{t('admin:reports.share')}</th>
            <th>{t('admin:reports.podiumShare')}</th>
            {rows.some((r) => r.awards !== undefined) ? <th>{t('admin:reports.seriesAwards')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <td>{r.label || t('admin:reports.noSeries')}</td>
              <td>{r.results}</td>
              <td>{r.maker}</td>
              <td>
                <span className="inline-flex items-center gap-2">
                  <span className="inline-block h-2 rounded bg-brand-fill" style={{ width: `${Math.max(2, r.shareBp / 100)}px` }} aria-hidden="true" />
                  {formatPercent(r.shareBp / 10_000)}
                </span>
              </td>
              <td>
                {formatPercent(r.podiumShareBp / 10_000)} ({r.makerPodiums}/{r.podiums})
              </td>
              {r.awards !== undefined ? <td>{r.awards}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

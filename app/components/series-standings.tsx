/**
 * The public series page's contingency standings (docs/rules.md "Public site"): a table per class,
 * what it ranks said above them. On a phone the events, wins and best finish go under the rider,
 * so the total earned stays on screen (~/components/phone-details).
 */
import { useTranslation } from 'react-i18next';
import { useLang } from '~/components/link';
import { labeller, phoneDetails } from '~/components/phone-details';
import { formatMoney, formatNumber } from '~/lib/format';
import { placeOrdinal } from '~/lib/place-ordinal';
import { tableColumns } from '~/lib/table-columns';
import type { ClassStandings } from '~/services/events/catalog/series-standings.server';

const COLUMNS = tableColumns([
  { nowrap: true },
  {},
  { phoneHidden: true, right: true },
  { phoneHidden: true, right: true },
  { phoneHidden: true, nowrap: true },
  { right: true, nowrap: true },
]);

export function SeriesStandings({ standings }: { standings: ClassStandings[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const label = labeller(t);
  const eventsLabel = label(t('public:series.standings.events'));
  const winsLabel = label(t('public:series.standings.wins'));
  const bestLabel = label(t('public:series.standings.best'));
  // A class paid in two currencies has a table per currency: their captions say which.
  const currencies = new Set(standings.map((c) => c.currency));
  return (
    <section aria-labelledby="series-standings" data-testid="series-standings">
      <h2 id="series-standings" className="mb-2 mt-10 text-2xl font-bold">
        {t('public:series.standings.title')}
      </h2>
      <p className="mb-4 max-w-3xl text-sm text-gray-700">{t('public:series.standings.explain')}</p>
      {standings.length ? null : (
        <p className="card text-gray-700">{t('public:series.standings.empty')}</p>
      )}
      <div className="space-y-6">
        {standings.map((c) => (
          <table
            key={`${c.className}|${c.currency}`}
            className="table"
            data-testid="standings-table"
            {...COLUMNS}
          >
            <caption className="mb-2 text-left text-lg font-bold">
              {currencies.size > 1 ? `${c.className} (${c.currency})` : c.className}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('public:series.standings.rank')}</th>
                <th scope="col">{t('public:series.standings.rider')}</th>
                <th scope="col" className="hidden text-right sm:table-cell">
                  {t('public:series.standings.events')}
                </th>
                <th scope="col" className="hidden text-right sm:table-cell">
                  {t('public:series.standings.wins')}
                </th>
                <th scope="col" className="hidden sm:table-cell">
                  {t('public:series.standings.best')}
                </th>
                <th scope="col" className="text-right">
                  {t('public:series.standings.total')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {c.riders.map((r) => {
                const best = r.bestFinish === null ? '—' : placeOrdinal(r.bestFinish, lang);
                return (
                  <tr key={r.rank}>
                    <td>{r.rank}</td>
                    <td>
                      {r.riderName}
                      {phoneDetails(
                        eventsLabel(formatNumber(r.eventsCounted, lang)),
                        winsLabel(formatNumber(r.wins, lang)),
                        bestLabel(best),
                      )}
                    </td>
                    <td>{formatNumber(r.eventsCounted, lang)}</td>
                    <td>{formatNumber(r.wins, lang)}</td>
                    <td>{best}</td>
                    <td className="font-semibold">{formatMoney(r.totalCents, c.currency, lang)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ))}
      </div>
    </section>
  );
}

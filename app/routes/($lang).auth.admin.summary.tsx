import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Details, RangeForm, Section } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import { useLang } from '~/components/link';
import { getDb } from '~/db.server';
import { formatDate, formatMoney, formatMonth, formatPercent } from '~/lib/format';
import type { Lang } from '~/lib/lang';
import { rangeFromUrl } from '~/lib/schemas/reports';
import { requireRole } from '~/services/auth/guard.server';
import {
  riderStats,
  summary,
  topDealers,
  topRiders,
  type Money,
} from '~/services/reports/reports.server';
import { YearlyTotals } from '~/components/report-chart';
import { requestLang, tFor } from '~/i18next.server';
import { chartCurrencies, yearlyTotalsText } from '~/services/reports/charts.server';
import { yearlyTotals } from '~/services/reports/yearly-totals.server';
import { ScrollRegion } from '~/components/scroll-region';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const range = rangeFromUrl(request.url);
  const db = getDb();
  const lang = requestLang(request);
  const t = await tFor(lang);
  const yearly = yearlyTotals(db);
  return {
    yearly,
    yearlyCharts: chartCurrencies(yearly).map((currency) => ({
      currency,
      text: yearlyTotalsText(yearly, currency, t, lang),
    })),
    range,
    summary: summary(db, range),
    pro: riderStats(db, 'pro', range),
    amateur: riderStats(db, 'amateur', range),
    topPros: topRiders(db, 'pro', range, 5),
    topAmateurs: topRiders(db, 'amateur', range, 5),
    topDealers: topDealers(db, range, 5),
  };
}

export function moneyList(list: Money[], lang: Lang): string {
  return list.length
    ? list.map((m) => formatMoney(m.cents, m.currency, lang)).join(' · ')
    : formatMoney(0, 'USD', lang);
}

type Summary = ReturnType<typeof useLoaderData<typeof loader>>['summary'];

/** Earned and redeemed, month by month. */
function MonthsTable({ months }: { months: Summary['months'] }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <ScrollRegion label={t('admin:reports.months')}>
      <table className="table" data-testid="summary-months">
        <thead>
          <tr>
            <th>{t('admin:reports.month')}</th>
            <th>{t('admin:reports.earned')}</th>
            <th>{t('admin:reports.redeemed')}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <td>{formatMonth(m.month, lang)}</td>
              <td>{moneyList(m.earned, lang)}</td>
              <td>{moneyList(m.redeemed, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

export default function AdminSummary() {
  const { t } = useTranslation();
  const lang = useLang();
  const d = useLoaderData<typeof loader>();
  const s = d.summary;
  return (
    <>
      <PageHeading title={t('common:pages.summary')} />
      <RangeForm range={d.range} />
      <p className="mb-4 text-sm text-gray-600">
        {formatDate(d.range.startDate, lang)} – {formatDate(d.range.endDate, lang)}
      </p>
      <Section title={t('admin:reports.totals')}>
        <Details
          items={[
            [t('admin:reports.offered'), moneyList(s.offered, lang)],
            [t('admin:reports.earnedCredit'), moneyList(s.earnedCredit, lang)],
            [t('admin:reports.earnedCash'), moneyList(s.earnedCash, lang)],
            [t('admin:reports.redeemed'), moneyList(s.redeemed, lang)],
            [t('admin:reports.available'), moneyList(s.available, lang)],
            [t('admin:reports.riders'), s.riders],
            [t('admin:reports.events'), s.events],
            ...s.rates.map(
              (r) =>
                [
                  t('admin:reports.ratesFor', { currency: r.currency }),
                  t('admin:reports.rates', {
                    earn: formatPercent(r.earnRateBp / 10_000, lang),
                    redeem: formatPercent(r.redemptionRateBp / 10_000, lang),
                  }),
                ] as [string, string],
            ),
          ]}
        />
      </Section>
      <Section title={t('charts:yearlySection')}>
        <YearlyTotals rows={d.yearly} charts={d.yearlyCharts} />
      </Section>
      <Section title={t('admin:reports.months')}>
        <MonthsTable months={s.months} />
      </Section>
      <div className="grid gap-6 lg:grid-cols-2">
        {[
          [t('admin:reports.proStats'), d.pro, d.topPros],
          [t('admin:reports.amateurStats'), d.amateur, d.topAmateurs],
        ].map(([title, stats, top]) => {
          const st = stats as typeof d.pro;
          const list = top as typeof d.topPros;
          return (
            <Section key={title as string} title={title as string}>
              <p className="mb-2 text-sm text-gray-600">
                {t('admin:reports.statsLine', {
                  riders: st.riders,
                  earners: st.earners,
                  awards: st.awards,
                })}{' '}
                · {moneyList(st.earned, lang)}
              </p>
              <ol className="list-decimal pl-5">
                {list.map((r) => (
                  <li key={`${r.riderId}-${r.currency}`}>
                    {r.name} — {formatMoney(r.cents, r.currency, lang)}
                  </li>
                ))}
              </ol>
            </Section>
          );
        })}
      </div>
      <Section title={t('admin:reports.topDealers')}>
        <ol className="list-decimal pl-5">
          {d.topDealers.map((x) => (
            <li key={`${x.dealerId}-${x.currency}`}>
              {x.name} ({[x.city, x.state].filter(Boolean).join(', ')}) —{' '}
              {formatMoney(x.cents, x.currency, lang)} ·{' '}
              {t('admin:reports.redemptionCount', { count: x.redemptions })}
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:summary' } as const satisfies RouteHandle;

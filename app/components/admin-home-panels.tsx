/** The admin home's yearly panels: top riders (pro, amateur), rider stats, top dealers, recent events. */
import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LLink, useLang } from '~/components/link';
import { formatDate, formatMoney } from '~/lib/format';
import type { AdminHomePanels as Panels } from '~/services/reports/admin-home-panels.server';
import { UserText } from '~/components/user-text';

type Money = { currency: 'USD' | 'CAD' | 'EUR'; cents: number }[];

function Panel({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section className="card" data-testid={testId}>
      <h2 className="mb-2 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

const k = (key: string) => `completion:adminHome.${key}`;

/** The year the panels count. */
function YearForm({ year }: { year: number }) {
  const { t } = useTranslation();
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-end gap-2">
      <label className="label" htmlFor="stats-year">
        {t(k('year'))}
      </label>
      <input
        id="stats-year"
        name="year"
        type="number"
        min={2000}
        max={2100}
        defaultValue={year}
        className="input w-28"
      />
      <button type="submit" className="btn-secondary">
        {t(k('show'))}
      </button>
    </Form>
  );
}

export function AdminHomePanels({ data }: { data: Panels }) {
  const { t } = useTranslation();
  const lang = useLang();
  const money = (rows: Money) =>
    rows.length
      ? rows.map((r) => formatMoney(r.cents, r.currency, lang)).join(' · ')
      : formatMoney(0, 'USD', lang);
  const none = <p className="text-gray-600">{t(k('none'), { year: data.year })}</p>;
  const riderList = (list: Panels['topPro']) =>
    list.length === 0 ? (
      none
    ) : (
      <ol className="list-decimal pl-5">
        {list.map((r) => (
          <li key={`${r.riderId}-${r.currency}`}>
            <LLink to={`/auth/admin/rider/${r.riderId}`} className="text-brand hover:underline">
              {r.name}
            </LLink>{' '}
            — {formatMoney(r.cents, r.currency, lang)}{' '}
            <span className="text-sm text-gray-600">
              ({t(k('awardCount'), { count: r.awards })})
            </span>
          </li>
        ))}
      </ol>
    );
  const stats = (s: Panels['proStats']) => (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      <dt className="text-gray-600">{t(k('riders'))}</dt>
      <dd>{s.riders}</dd>
      <dt className="text-gray-600">{t(k('earners'))}</dt>
      <dd>{s.earners}</dd>
      <dt className="text-gray-600">{t(k('awards'))}</dt>
      <dd>{s.awards}</dd>
      <dt className="text-gray-600">{t(k('earned'))}</dt>
      <dd>{money(s.earned)}</dd>
    </dl>
  );
  return (
    <div className="mt-6">
      <YearForm year={data.year} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title={t(k('topPro'))} testId="top-pro">
          {riderList(data.topPro)}
        </Panel>
        <Panel title={t(k('topAmateur'))} testId="top-amateur">
          {riderList(data.topAmateur)}
        </Panel>
        <Panel title={t(k('proStats'))} testId="pro-stats">
          {stats(data.proStats)}
        </Panel>
        <Panel title={t(k('amateurStats'))} testId="amateur-stats">
          {stats(data.amateurStats)}
        </Panel>
        <Panel title={t(k('topDealers'))} testId="top-dealers">
          {data.topDealers.length === 0 ? (
            none
          ) : (
            <ol className="list-decimal pl-5">
              {data.topDealers.map((d) => (
                <li key={`${d.dealerId}-${d.currency}`}>
                  <LLink
                    to={`/auth/admin/dealer/${d.dealerId}`}
                    className="text-brand hover:underline"
                  >
                    {d.name}
                  </LLink>{' '}
                  — {formatMoney(d.cents, d.currency, lang)}{' '}
                  <span className="text-sm text-gray-600">
                    ({t(k('redemptions'), { count: d.redemptions })})
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Panel>
        <Panel title={t(k('recentEvents'))} testId="recent-events">
          {data.recentEvents.length === 0 ? (
            none
          ) : (
            <ul>
              {data.recentEvents.map((e) => (
                <li key={e.id}>
                  <LLink to={`/auth/admin/event/${e.id}`} className="text-brand hover:underline">
                    <UserText>{e.title}</UserText>
                  </LLink>{' '}
                  <span className="text-sm text-gray-600">{formatDate(e.date, lang)}</span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </div>
  );
}

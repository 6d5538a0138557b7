import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { LLink, useLang } from '~/components/link';
import { getDb } from '~/db.server';
import { formatDate, formatMoney } from '~/lib/format';
import { adminHomeFigures } from '~/services/reports/admin-home.server';
import { adminHomePanels, statsYear } from '~/services/reports/admin-home-panels.server';
import { AdminHomePanels } from '~/components/admin-home-panels';
import { requireRole } from '~/services/auth/guard.server';
import { pendingChangeCount } from '~/services/money/ledger/pending-changes.server';
import { recentDealerPauses } from '~/services/money/counter/dealer-pause.server';
import { proposedEvents } from '~/services/events/management/event-proposals.server';
import type { RouteHandle } from '~/lib/route-handle';
import { UserText } from '~/components/user-text';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const year = statsYear(new URL(request.url).searchParams.get('year'));
  return {
    ...adminHomeFigures(getDb()),
    panels: adminHomePanels(getDb(), year),
    pendingApprovals: pendingChangeCount(getDb()),
    pausedCounters: recentDealerPauses(getDb()).length,
    proposedEvents: proposedEvents(getDb()),
  };
}

function Tile({ label, value, to }: { label: string; value: React.ReactNode; to: string }) {
  return (
    <LLink to={to} className="card block no-underline hover:border-brand">
      <p className="text-sm text-gray-600">{label}</p>
      <p className="mt-1 text-2xl font-bold" data-testid="tile-value">
        {value}
      </p>
    </LLink>
  );
}

export default function AdminHome() {
  const { t } = useTranslation();
  const lang = useLang();
  const f = useLoaderData<typeof loader>();
  const money = (rows: { currency: 'USD' | 'CAD' | 'EUR'; cents: number }[]) =>
    rows.length === 0
      ? formatMoney(0, 'USD', lang)
      : rows.map((r) => formatMoney(r.cents, r.currency, lang)).join(' · ');
  return (
    <>
      <PageHeading title={t('common:pages.adminHome')} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Tile label={t('admin:home.riders')} value={f.riderCount} to="/auth/admin/riders" />
        <Tile label={t('admin:home.dealers')} value={f.dealerCount} to="/auth/admin/dealers" />
        <Tile label={t('admin:home.upcoming')} value={f.upcoming} to="/auth/admin/events" />
        <Tile label={t('admin:home.late')} value={f.late} to="/auth/admin/late-results-events" />
        <Tile
          label={t('moneyControls:home.pending')}
          value={f.pendingApprovals}
          to="/auth/admin/approvals"
        />
        <Tile
          label={t('pinSafety:home.paused')}
          value={f.pausedCounters}
          to="/auth/admin/dealers"
        />
        <Tile
          label={t('admin:home.creditOutstanding')}
          value={money(f.creditOutstanding)}
          to="/auth/admin/rider-earnings"
        />
        <Tile
          label={t('admin:home.cashOwed')}
          value={money(f.cashOwed)}
          to="/auth/admin/rider-earnings"
        />
        <Tile
          label={t('admin:home.redeemedThisMonth')}
          value={money(f.redeemedThisMonth)}
          to="/auth/admin/rider-redemptions"
        />
      </div>
      {f.proposedEvents.length ? (
        <section
          className="card mt-6"
          aria-labelledby="proposed-events"
          data-testid="proposed-events"
        >
          <h2 id="proposed-events" className="mb-2 text-lg font-semibold">
            {t('events:approval.proposedTitle')}
          </h2>
          <ul className="divide-y divide-gray-200">
            {f.proposedEvents.map((e) => (
              <li key={e.id} className="py-2">
                <LLink
                  to={`/auth/admin/event/${e.id}`}
                  className="font-medium text-brand hover:underline"
                >
                  <UserText>{e.title}</UserText>
                </LLink>{' '}
                <span className="text-sm text-gray-600">
                  {formatDate(e.date, lang)}
                  {e.promoterName ? ` · ${e.promoterName}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <AdminHomePanels data={f.panels} />
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:adminHome' } as const satisfies RouteHandle;

/**
 * The payout side of the admin rider-earnings page: the batch and expiry-mail panel, and the
 * payout-claims list with Mark SENT / Undo, each confirmed on a second step (a link that adds
 * `?confirm=sent|undo&claim=<id>`, then a POST form), so it works without JavaScript.
 */
import { Form, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { AdminList, type Column, type FilterDef } from '~/components/admin-list';
import { SubmitButton } from '~/components/forms';
import { PageLink, useLang } from '~/components/link';
import { DateText, Money } from '~/components/values';
import { labeller, phoneDetails } from '~/components/phone-details';
import type { Currency } from '~/lib/constants';
import { countryLabel, countryOptions } from '~/lib/countries';
import type { Lang } from '~/lib/lang';
import { formatDate, formatMoney } from '~/lib/format';
import { withParams } from '~/lib/list-query';
import { CLAIM_STATUSES, CLAIM_TYPES } from '~/lib/schemas/payouts';
import type { RiderEarningsOverview } from '~/services/money/awards/rider-earnings-admin.server';

/** Query parameters of the confirmation step: page and filter links close it. */
export const CONFIRM_PARAMS = ['confirm', 'claim'] as const;

/** What "Create payout claims" answered (the action's result). */
export type ClaimsCreated = {
  created: { id: number; riderName: string; netCents: number; currency: Currency; type: string }[];
  skipped: { riderId: number; riderName: string; reasons: string[] }[];
};

/** The two batch actions: create the payout claims, send the expiry mail. */
export function PayoutActions({
  expiryMailDue,
  unclaimed,
  created,
  expirySent,
  onceToken,
}: {
  /** The batch form's one-time token (a repeated POST answers the first batch). */
  onceToken?: string;
  expiryMailDue: number;
  unclaimed: RiderEarningsOverview['unclaimed'];
  created: ClaimsCreated | null;
  expirySent: number | null;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <section className="grid gap-4 md:grid-cols-2" aria-label={t('payouts:actions.title')}>
      <div className="card">
        <h2 className="mb-2 text-lg font-semibold">{t('payouts:create.title')}</h2>
        <p className="mb-2 text-sm text-gray-600">{t('payouts:create.help')}</p>
        <p className="mb-3 text-sm" data-testid="unclaimed-summary">
          {unclaimed.length === 0
            ? t('payouts:create.nothingOwed')
            : unclaimed
                .map((u) =>
                  t('payouts:create.owed', {
                    amount: formatMoney(u.cents, u.currency, lang),
                    count: u.riders,
                  }),
                )
                .join(' · ')}
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="createClaims" />
          {onceToken ? <input type="hidden" name="onceToken" value={onceToken} /> : null}
          <SubmitButton data-testid="create-claims">{t('payouts:create.submit')}</SubmitButton>
        </Form>
        {created ? <CreatedSummary result={created} /> : null}
      </div>
      <div className="card">
        <h2 className="mb-2 text-lg font-semibold">{t('payouts:expiryMail.title')}</h2>
        <p className="mb-2 text-sm text-gray-600">{t('payouts:expiryMail.help')}</p>
        <p className="mb-3 text-sm">{t('payouts:expiryMail.due', { count: expiryMailDue })}</p>
        <Form method="post">
          <input type="hidden" name="intent" value="sendExpiryMail" />
          <SubmitButton className="btn-secondary" data-testid="send-expiry-mail">
            {t('payouts:expiryMail.submit')}
          </SubmitButton>
        </Form>
        {expirySent !== null ? (
          <p className="mt-3 text-sm font-semibold" role="status" data-testid="expiry-mail-result">
            {t('payouts:expiryMail.sent', { count: expirySent })}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function CreatedSummary({ result }: { result: ClaimsCreated }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <div className="mt-4 text-sm" data-testid="create-claims-summary" role="status">
      <p className="font-semibold">
        {t('payouts:create.created', { count: result.created.length })}
      </p>
      {result.created.length > 0 ? (
        <ul className="ml-5 list-disc">
          {result.created.map((c) => (
            <li key={c.id}>
              {t('payouts:create.createdLine', {
                id: c.id,
                name: c.riderName,
                net: formatMoney(c.netCents, c.currency, lang),
                type: t(`payouts:claimType.${c.type}`),
              })}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-2 font-semibold">
        {t('payouts:create.skipped', { count: result.skipped.length })}
      </p>
      {result.skipped.length > 0 ? (
        <ul className="ml-5 list-disc" data-testid="skipped-riders">
          {result.skipped.map((s) => (
            <li key={s.riderId}>
              {t('common:punctuation.labelled', {
                label: s.riderName || `#${s.riderId}`,
                value: s.reasons.map((r) => t(`payouts:missing.${r}`)).join(', '),
              })}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The current page with some query parameters changed (null removes one). */
function useSearchTo() {
  const { pathname, search } = useLocation();
  return (changes: Record<string, string | null>) => ({
    pathname,
    search: withParams(search, changes),
  });
}

/** The second step of Mark SENT / Undo: what will happen, Confirm (POST) or Cancel. */
function ClaimConfirm({ confirm }: { confirm: NonNullable<RiderEarningsOverview['confirm']> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const to = useSearchTo();
  const sent = confirm.action === 'sent';
  const claim = confirm.claim;
  return (
    <div
      className="card mb-4 border-brand"
      role="alertdialog"
      aria-labelledby="confirm-title"
      data-testid="confirm-claim"
    >
      <h3 id="confirm-title" className="mb-2 font-semibold">
        {sent ? t('payouts:claims.confirmSentTitle') : t('payouts:claims.confirmUndoTitle')}
      </h3>
      <p className="mb-3">
        {t(sent ? 'payouts:claims.confirmSent' : 'payouts:claims.confirmUndo', {
          id: claim.id,
          name: claim.riderName,
          net: formatMoney(claim.netCents, claim.currency, lang),
          type: t(`payouts:claimType.${claim.type}`),
        })}
      </p>
      <Form method="post" className="flex gap-3">
        <input type="hidden" name="intent" value={sent ? 'markSent' : 'undoSent'} />
        <input type="hidden" name="claimId" value={claim.id} />
        <SubmitButton className={sent ? 'btn' : 'btn-danger'} data-testid="confirm-claim-action">
          {t('common:actions.confirm')}
        </SubmitButton>
        <PageLink className="btn-secondary" to={to({ confirm: null, claim: null })}>
          {t('common:actions.cancel')}
        </PageLink>
      </Form>
    </div>
  );
}

/** The payout-claims list: confirmation step, filters, table, pages. */
export function ClaimsSection({
  claims,
  confirm,
  errors,
}: {
  claims: RiderEarningsOverview['claims'];
  confirm: RiderEarningsOverview['confirm'];
  errors: Partial<Record<string, string>>;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const to = useSearchTo();
  return (
    <section aria-labelledby="claims-title">
      <h2 id="claims-title" className="mb-3 text-xl font-semibold">
        {t('payouts:claims.title')}
      </h2>
      {confirm ? <ClaimConfirm confirm={confirm} /> : null}
      <AdminList
        filters={claimFilters(t, lang)}
        errors={errors}
        filterProps={{ testId: 'claim-filters' }}
        drop={CONFIRM_PARAMS}
        empty={
          <p className="text-gray-600" data-testid="no-claims">
            {t('payouts:claims.none')}
          </p>
        }
        rows={claims.payoutClaims}
        rowKey={(c) => c.id}
        rowProps={(c) => ({
          'data-testid': `claim-row-${c.id}`,
          'data-rider': c.riderName,
          'data-status': c.status,
        })}
        pagination={claims.pagination}
        testId="claims-table"
        columns={claimColumns(t, lang, to)}
      />
    </section>
  );
}

type ClaimRow = RiderEarningsOverview['claims']['payoutClaims'][number];

/**
 * The claim list's columns. On a phone the rider, country, type, gross, withheld and dates go
 * under the claim's number, so the net, the status and the action stay on screen.
 */
function claimColumns(
  t: TFunction,
  lang: Lang,
  to: ReturnType<typeof useSearchTo>,
): Column<ClaimRow>[] {
  const label = labeller(t);
  const rider = label(t('payouts:claims.rider'));
  const type = label(t('payouts:claims.type'));
  const gross = label(t('payouts:claims.gross'));
  const withheld = label(t('payouts:claims.withheld'));
  const created = label(t('payouts:claims.created'));
  const due = label(t('payouts:claims.due'));
  const money = (cents: number, c: ClaimRow) => formatMoney(cents, c.currency, lang);
  return [
    {
      header: t('payouts:claims.id'),
      cell: (c) => (
        <>
          {c.id}
          {phoneDetails(
            rider(c.riderName),
            type(`${t(`payouts:claimType.${c.type}`)} · ${countryLabel(c.country, lang)}`),
            gross(money(c.grossCents, c)),
            withheld(money(c.withheldCents, c)),
            created(formatDate(c.createdAt, lang)),
            c.dueDate ? due(formatDate(c.dueDate, lang)) : null,
          )}
        </>
      ),
    },
    { header: t('payouts:claims.rider'), cell: (c) => c.riderName, hideOnPhone: true },
    {
      header: t('payouts:claims.country'),
      cell: (c) => countryLabel(c.country, lang),
      hideOnPhone: true,
    },
    {
      header: t('payouts:claims.type'),
      cell: (c) => t(`payouts:claimType.${c.type}`),
      hideOnPhone: true,
    },
    {
      header: t('payouts:claims.gross'),
      align: 'right',
      cell: (c) => <Money cents={c.grossCents} currency={c.currency} />,
      hideOnPhone: true,
    },
    {
      header: t('payouts:claims.withheld'),
      align: 'right',
      cell: (c) => <Money cents={c.withheldCents} currency={c.currency} />,
      hideOnPhone: true,
    },
    {
      header: t('payouts:claims.net'),
      align: 'right',
      nowrap: true,
      className: 'font-semibold',
      cell: (c) => <Money cents={c.netCents} currency={c.currency} />,
    },
    {
      header: t('payouts:claims.created'),
      cell: (c) => <DateText value={c.createdAt} />,
      hideOnPhone: true,
    },
    {
      header: t('payouts:claims.due'),
      cell: (c) => <DateText value={c.dueDate} />,
      hideOnPhone: true,
    },
    {
      header: t('payouts:claims.status'),
      cell: (c) => (
        <>
          <span className={c.status === 'sent' ? 'font-semibold text-green-800' : ''}>
            {t(`payouts:claimStatus.${c.status}`)}
          </span>
          {c.overdue ? (
            <span className="block font-semibold text-red-800" data-testid="claim-overdue">
              {t('payouts:claims.overdue')}
            </span>
          ) : null}
          {c.sentAt ? (
            <span className="block text-xs text-gray-500">{formatDate(c.sentAt, lang)}</span>
          ) : null}
        </>
      ),
    },
    claimActionColumn(t, to),
  ];
}

/** The claim list's filters: dates, country, type, status and the rider's name. */
function claimFilters(t: TFunction, lang: Lang): FilterDef[] {
  const any = t('payouts:filters.any');
  return [
    {
      name: 'afterDate',
      id: 'afterDate',
      type: 'date',
      label: t('payouts:filters.afterDate'),
    },
    {
      name: 'beforeDate',
      id: 'beforeDate',
      type: 'date',
      label: t('payouts:filters.beforeDate'),
    },
    {
      name: 'country',
      id: 'country',
      label: t('payouts:filters.country'),
      anyLabel: any,
      options: countryOptions(lang),
    },
    {
      name: 'type',
      id: 'type',
      label: t('payouts:filters.type'),
      anyLabel: any,
      options: CLAIM_TYPES.map((c) => ({ value: c, label: t(`payouts:claimType.${c}`) })),
    },
    {
      name: 'status',
      id: 'status',
      label: t('payouts:filters.status'),
      anyLabel: any,
      options: CLAIM_STATUSES.map((c) => ({
        value: c,
        label: t(`payouts:claimStatus.${c}`),
      })),
    },
    { name: 'riderName', id: 'riderName', label: t('payouts:filters.riderName') },
  ];
}

/** The last column: Mark SENT for a pending claim, Undo for a sent one (each a confirm link). */
function claimActionColumn(t: TFunction, to: ReturnType<typeof useSearchTo>): Column<ClaimRow> {
  return {
    header: t('payouts:claims.actions'),
    srOnly: true,
    cell: (c) =>
      c.status === 'pending' ? (
        <PageLink
          className="btn px-3 py-1 text-sm"
          to={to({ confirm: 'sent', claim: String(c.id) })}
          data-testid={`mark-sent-${c.id}`}
        >
          {t('payouts:claims.markSent')}
        </PageLink>
      ) : (
        <PageLink
          className="btn-secondary px-3 py-1 text-sm"
          to={to({ confirm: 'undo', claim: String(c.id) })}
          data-testid={`undo-sent-${c.id}`}
        >
          {t('payouts:claims.undo')}
        </PageLink>
      ),
  };
}

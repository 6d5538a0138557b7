/**
 * Admin rider earnings (spec §2, rules.md "Cash (pros)"): the earnings report (awards with
 * filters and totals), the payout-claims batch, the payout-claims list with Mark SENT / Undo
 * (each confirmed on a second step, so it works without JavaScript) and the expiry mail.
 */
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Pagination } from '~/components/pagination';
import { PageHeading } from '~/components/dashboard-layout';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { SubmitButton } from '~/components/forms';
import { useLang } from '~/components/link';
import { getDb } from '~/db.server';
import { AWARD_STATUSES } from '~/lib/constants';
import { countryLabel, countryOptions } from '~/lib/countries';
import { formatDate, formatMoney } from '~/lib/format';
import {
  CLAIM_STATUSES,
  CLAIM_TYPES,
  claimFiltersSchema,
  earningsFiltersSchema,
  riderEarningsActionSchema,
} from '~/lib/schemas/payouts';
import { awardsNeedingExpiryMail, sendExpiryMail } from '~/services/money/expiry.server';
import { requireRole } from '~/services/auth/guard.server';
import {
  createPayoutClaims,
  earningsReport,
  getPayoutClaim,
  listPayoutClaims,
  PayoutError,
  setClaimSent,
  unclaimedCashSummary,
} from '~/services/money/payouts.server';
import { flashCookie } from '~/services/auth/session.server';

/** Query parameters of the confirmation step (removed again after the action). */
const CONFIRM_PARAMS = ['confirm', 'claim'] as const;

/** Parses a filter schema field by field: a bad field is reported and ignored, the others kept. */
function parseFilters<S extends z.AnyZodObject>(schema: S, params: Record<string, string>) {
  const first = schema.safeParse(params);
  if (first.success)
    return { values: first.data as z.infer<S>, errors: {} as Record<string, string> };
  const errors: Record<string, string> = {};
  const clean = { ...params };
  for (const issue of first.error.issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
    delete clean[key];
  }
  const second = schema.safeParse(clean);
  return { values: (second.success ? second.data : {}) as z.infer<S>, errors };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const db = getDb();
  const url = new URL(request.url);
  const params = Object.fromEntries(url.searchParams);
  const ef = parseFilters(earningsFiltersSchema, params);
  const cf = parseFilters(claimFiltersSchema, params);
  const earnings = earningsReport(db, {
    afterDate: ef.values.from,
    beforeDate: ef.values.to,
    type: ef.values.awardType,
    status: ef.values.awardStatus,
    riderName: ef.values.name,
    page: ef.values.awardsPage,
  });
  const claims = listPayoutClaims(db, {
    afterDate: cf.values.afterDate,
    beforeDate: cf.values.beforeDate,
    country: cf.values.country,
    type: cf.values.type,
    riderName: cf.values.riderName,
    status: cf.values.status,
    page: cf.values.page,
  });
  const confirm = url.searchParams.get('confirm');
  const confirmId = Number(url.searchParams.get('claim'));
  const confirmClaim =
    (confirm === 'sent' || confirm === 'undo') && Number.isSafeInteger(confirmId) && confirmId > 0
      ? getPayoutClaim(db, confirmId)
      : null;
  return {
    earnings,
    claims,
    errors: { ...ef.errors, ...cf.errors },
    confirm: confirmClaim ? { action: confirm as 'sent' | 'undo', claim: confirmClaim } : null,
    expiryMailDue: awardsNeedingExpiryMail(db, new Date()).length,
    unclaimed: unclaimedCashSummary(db),
  };
}

/** The page's own URL without the confirmation parameters. */
function backTo(request: Request): string {
  const url = new URL(request.url);
  for (const p of CONFIRM_PARAMS) url.searchParams.delete(p);
  url.searchParams.delete('index');
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ''}`;
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireRole(request, 'admin');
  const db = getDb();
  const submission = parseWithZod(await request.formData(), { schema: riderEarningsActionSchema });
  if (submission.status !== 'success') {
    return data({ intent: 'invalid' as const, result: submission.reply() }, { status: 400 });
  }
  const v = submission.value;
  switch (v.intent) {
    case 'createClaims': {
      const { created, skipped } = createPayoutClaims(db, auth.actor);
      return { intent: v.intent, created, skipped };
    }
    case 'sendExpiryMail': {
      const sent = await sendExpiryMail(db, new Date(), auth.actor);
      return { intent: v.intent, sent };
    }
    case 'markSent':
    case 'undoSent': {
      try {
        const claim = setClaimSent(db, v.claimId, v.intent === 'markSent', auth.actor);
        const message =
          v.intent === 'markSent' ? 'payouts:claims.markedSent' : 'payouts:claims.undone';
        return redirect(backTo(request), {
          headers: {
            'Set-Cookie': await flashCookie({
              kind: 'success',
              message,
              values: { id: String(claim.id) },
            }),
          },
        });
      } catch (error) {
        if (!(error instanceof PayoutError)) throw error;
        return redirect(backTo(request), {
          headers: { 'Set-Cookie': await flashCookie({ kind: 'error', message: error.message }) },
        });
      }
    }
  }
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function AdminRiderEarningsPage() {
  const { t } = useTranslation();
  const d = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading title={t('common:pages.riderEarnings')} />
      <div className="space-y-8">
        <ActionsPanel expiryMailDue={d.expiryMailDue} unclaimed={d.unclaimed} />
        <ClaimsSection d={d} />
        <EarningsSection d={d} />
      </div>
    </>
  );
}

function ActionsPanel({
  expiryMailDue,
  unclaimed,
}: {
  expiryMailDue: number;
  unclaimed: LoaderData['unclaimed'];
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const result = useActionData<typeof action>();
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
          <SubmitButton data-testid="create-claims">{t('payouts:create.submit')}</SubmitButton>
        </Form>
        {result && result.intent === 'createClaims' ? (
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
                    {s.riderName || `#${s.riderId}`}:{' '}
                    {s.reasons.map((r) => t(`payouts:missing.${r}`)).join(', ')}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
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
        {result && result.intent === 'sendExpiryMail' ? (
          <p className="mt-3 text-sm font-semibold" role="status" data-testid="expiry-mail-result">
            {t('payouts:expiryMail.sent', { count: result.sent })}
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** Hidden inputs carrying the other form's filters, so one GET form keeps the other's choices. */
function KeepParams({ except }: { except: string[] }) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  return (
    <>
      {[...params.entries()]
        .filter(([k]) => !except.includes(k) && !(CONFIRM_PARAMS as readonly string[]).includes(k))
        .map(([k, v]) => (
          <input key={`${k}=${v}`} type="hidden" name={k} value={v} />
        ))}
    </>
  );
}

/** The current URL with some parameters changed (null removes one). */
function useHref() {
  const { pathname, search } = useLocation();
  return (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) params.delete(k);
      else params.set(k, v);
    }
    const s = params.toString();
    return `${pathname}${s ? `?${s}` : ''}`;
  };
}

function FilterField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
      {error ? (
        <p className="field-error" role="alert">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

/** A page link closes any open confirmation. */
const PAGER_DROP = ['confirm', 'claim'];

const CLAIM_FILTER_KEYS = [
  'afterDate',
  'beforeDate',
  'country',
  'type',
  'riderName',
  'status',
  'page',
];
const EARNINGS_FILTER_KEYS = ['from', 'to', 'awardType', 'awardStatus', 'name', 'awardsPage'];

function ClaimsSection({ d }: { d: LoaderData }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { search } = useLocation();
  const href = useHref();
  const q = new URLSearchParams(search);
  const e = d.errors as Record<string, string | undefined>;
  return (
    <section aria-labelledby="claims-title">
      <h2 id="claims-title" className="mb-3 text-xl font-semibold">
        {t('payouts:claims.title')}
      </h2>
      {d.confirm ? (
        <div
          className="card mb-4 border-brand"
          role="alertdialog"
          aria-labelledby="confirm-title"
          data-testid="confirm-claim"
        >
          <h3 id="confirm-title" className="mb-2 font-semibold">
            {d.confirm.action === 'sent'
              ? t('payouts:claims.confirmSentTitle')
              : t('payouts:claims.confirmUndoTitle')}
          </h3>
          <p className="mb-3">
            {t(
              d.confirm.action === 'sent'
                ? 'payouts:claims.confirmSent'
                : 'payouts:claims.confirmUndo',
              {
                id: d.confirm.claim.id,
                name: d.confirm.claim.riderName,
                net: formatMoney(d.confirm.claim.netCents, d.confirm.claim.currency, lang),
                type: t(`payouts:claimType.${d.confirm.claim.type}`),
              },
            )}
          </p>
          <Form method="post" className="flex gap-3">
            <input
              type="hidden"
              name="intent"
              value={d.confirm.action === 'sent' ? 'markSent' : 'undoSent'}
            />
            <input type="hidden" name="claimId" value={d.confirm.claim.id} />
            <SubmitButton
              className={d.confirm.action === 'sent' ? 'btn' : 'btn-danger'}
              data-testid="confirm-claim-action"
            >
              {t('common:actions.confirm')}
            </SubmitButton>
            <Link className="btn-secondary" to={href({ confirm: null, claim: null })}>
              {t('common:actions.cancel')}
            </Link>
          </Form>
        </div>
      ) : null}
      <Form
        method="get"
        className="card mb-4 grid gap-3 sm:grid-cols-3 lg:grid-cols-7"
        data-testid="claim-filters"
      >
        <KeepParams except={CLAIM_FILTER_KEYS} />
        <FilterField id="afterDate" label={t('payouts:filters.afterDate')} error={e.afterDate}>
          <input
            id="afterDate"
            name="afterDate"
            type="date"
            className="input"
            defaultValue={q.get('afterDate') ?? ''}
          />
        </FilterField>
        <FilterField id="beforeDate" label={t('payouts:filters.beforeDate')} error={e.beforeDate}>
          <input
            id="beforeDate"
            name="beforeDate"
            type="date"
            className="input"
            defaultValue={q.get('beforeDate') ?? ''}
          />
        </FilterField>
        <FilterField id="country" label={t('payouts:filters.country')} error={e.country}>
          <select
            id="country"
            name="country"
            className="input"
            defaultValue={q.get('country') ?? ''}
          >
            <option value="">{t('payouts:filters.any')}</option>
            {countryOptions(lang).map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="type" label={t('payouts:filters.type')} error={e.type}>
          <select id="type" name="type" className="input" defaultValue={q.get('type') ?? ''}>
            <option value="">{t('payouts:filters.any')}</option>
            {CLAIM_TYPES.map((c) => (
              <option key={c} value={c}>
                {t(`payouts:claimType.${c}`)}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="status" label={t('payouts:filters.status')} error={e.status}>
          <select id="status" name="status" className="input" defaultValue={q.get('status') ?? ''}>
            <option value="">{t('payouts:filters.any')}</option>
            {CLAIM_STATUSES.map((c) => (
              <option key={c} value={c}>
                {t(`payouts:claimStatus.${c}`)}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="riderName" label={t('payouts:filters.riderName')} error={e.riderName}>
          <input
            id="riderName"
            name="riderName"
            className="input"
            defaultValue={q.get('riderName') ?? ''}
          />
        </FilterField>
        <div className="flex items-end gap-2">
          <button type="submit" className="btn">
            {t('common:actions.filter')}
          </button>
          <Link
            className="btn-secondary"
            to={href(
              Object.fromEntries([...CLAIM_FILTER_KEYS, 'confirm', 'claim'].map((k) => [k, null])),
            )}
          >
            {t('common:actions.clear')}
          </Link>
        </div>
      </Form>
      {d.claims.payoutClaims.length === 0 ? (
        <p className="text-gray-600" data-testid="no-claims">
          {t('payouts:claims.none')}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table" data-testid="claims-table">
            <thead>
              <tr>
                <th scope="col">{t('payouts:claims.id')}</th>
                <th scope="col">{t('payouts:claims.rider')}</th>
                <th scope="col">{t('payouts:claims.country')}</th>
                <th scope="col">{t('payouts:claims.type')}</th>
                <th scope="col" className="text-right">
                  {t('payouts:claims.gross')}
                </th>
                <th scope="col" className="text-right">
                  {t('payouts:claims.withheld')}
                </th>
                <th scope="col" className="text-right">
                  {t('payouts:claims.net')}
                </th>
                <th scope="col">{t('payouts:claims.created')}</th>
                <th scope="col">{t('payouts:claims.due')}</th>
                <th scope="col">{t('payouts:claims.status')}</th>
                <th scope="col">
                  <span className="sr-only">{t('payouts:claims.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {d.claims.payoutClaims.map((c) => (
                <tr
                  key={c.id}
                  data-testid={`claim-row-${c.id}`}
                  data-rider={c.riderName}
                  data-status={c.status}
                >
                  <td>{c.id}</td>
                  <td>{c.riderName}</td>
                  <td>{countryLabel(c.country, lang)}</td>
                  <td>{t(`payouts:claimType.${c.type}`)}</td>
                  <td className="text-right">{formatMoney(c.grossCents, c.currency, lang)}</td>
                  <td className="text-right">{formatMoney(c.withheldCents, c.currency, lang)}</td>
                  <td className="text-right font-semibold">
                    {formatMoney(c.netCents, c.currency, lang)}
                  </td>
                  <td>{formatDate(c.createdAt, lang)}</td>
                  <td>{formatDate(c.dueDate, lang)}</td>
                  <td>
                    <span className={c.status === 'sent' ? 'font-semibold text-green-800' : ''}>
                      {t(`payouts:claimStatus.${c.status}`)}
                    </span>
                    {c.sentAt ? (
                      <span className="block text-xs text-gray-500">
                        {formatDate(c.sentAt, lang)}
                      </span>
                    ) : null}
                  </td>
                  <td>
                    {c.status === 'pending' ? (
                      <Link
                        className="btn px-3 py-1 text-sm"
                        to={href({ confirm: 'sent', claim: String(c.id) })}
                        data-testid={`mark-sent-${c.id}`}
                      >
                        {t('payouts:claims.markSent')}
                      </Link>
                    ) : (
                      <Link
                        className="btn-secondary px-3 py-1 text-sm"
                        to={href({ confirm: 'undo', claim: String(c.id) })}
                        data-testid={`undo-sent-${c.id}`}
                      >
                        {t('payouts:claims.undo')}
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        page={d.claims.pagination.page}
        totalPages={d.claims.pagination.totalPages}
        param="page"
        drop={PAGER_DROP}
      />
    </section>
  );
}

function EarningsSection({ d }: { d: LoaderData }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { search } = useLocation();
  const href = useHref();
  const q = new URLSearchParams(search);
  const e = d.errors as Record<string, string | undefined>;
  return (
    <section aria-labelledby="earnings-title">
      <h2 id="earnings-title" className="mb-3 text-xl font-semibold">
        {t('payouts:earnings.title')}
      </h2>
      <Form
        method="get"
        className="card mb-4 grid gap-3 sm:grid-cols-3 lg:grid-cols-6"
        data-testid="earnings-filters"
      >
        <KeepParams except={EARNINGS_FILTER_KEYS} />
        <FilterField id="from" label={t('payouts:filters.afterDate')} error={e.from}>
          <input
            id="from"
            name="from"
            type="date"
            className="input"
            defaultValue={q.get('from') ?? ''}
          />
        </FilterField>
        <FilterField id="to" label={t('payouts:filters.beforeDate')} error={e.to}>
          <input id="to" name="to" type="date" className="input" defaultValue={q.get('to') ?? ''} />
        </FilterField>
        <FilterField id="awardType" label={t('payouts:filters.awardType')} error={e.awardType}>
          <select
            id="awardType"
            name="awardType"
            className="input"
            defaultValue={q.get('awardType') ?? ''}
          >
            <option value="">{t('payouts:filters.any')}</option>
            <option value="cash">{t('payouts:awardKind.cash')}</option>
            <option value="credit">{t('payouts:awardKind.credit')}</option>
          </select>
        </FilterField>
        <FilterField id="awardStatus" label={t('payouts:filters.status')} error={e.awardStatus}>
          <select
            id="awardStatus"
            name="awardStatus"
            className="input"
            defaultValue={q.get('awardStatus') ?? ''}
          >
            <option value="">{t('payouts:filters.any')}</option>
            {AWARD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`payouts:awardStatus.${s}`)}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="name" label={t('payouts:filters.riderName')} error={e.name}>
          <input id="name" name="name" className="input" defaultValue={q.get('name') ?? ''} />
        </FilterField>
        <div className="flex items-end gap-2">
          <button type="submit" className="btn">
            {t('common:actions.filter')}
          </button>
          <Link
            className="btn-secondary"
            to={href(
              Object.fromEntries(
                [...EARNINGS_FILTER_KEYS, 'confirm', 'claim'].map((k) => [k, null]),
              ),
            )}
          >
            {t('common:actions.clear')}
          </Link>
        </div>
      </Form>
      <div className="mb-4 flex flex-wrap gap-4" data-testid="earnings-totals">
        {d.earnings.totals.length === 0 ? (
          <p className="text-gray-600">{t('payouts:earnings.none')}</p>
        ) : (
          d.earnings.totals.map((tot) => (
            <div key={tot.currency} className="card min-w-56">
              <p className="text-sm text-gray-600">
                {t('payouts:earnings.totalsFor', { currency: tot.currency, count: tot.awards })}
              </p>
              <p>
                {t('payouts:earnings.earned')}:{' '}
                <strong>{formatMoney(tot.initialCents, tot.currency, lang)}</strong>
              </p>
              <p>
                {t('payouts:earnings.current')}:{' '}
                <strong>{formatMoney(tot.currentCents, tot.currency, lang)}</strong>
              </p>
            </div>
          ))
        )}
      </div>
      {d.earnings.awards.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="table" data-testid="earnings-table">
            <thead>
              <tr>
                <th scope="col">{t('payouts:earnings.awarded')}</th>
                <th scope="col">{t('payouts:claims.rider')}</th>
                <th scope="col">{t('payouts:earnings.event')}</th>
                <th scope="col">{t('payouts:filters.awardType')}</th>
                <th scope="col" className="text-right">
                  {t('payouts:earnings.earned')}
                </th>
                <th scope="col" className="text-right">
                  {t('payouts:earnings.current')}
                </th>
                <th scope="col">{t('payouts:filters.status')}</th>
                <th scope="col">{t('payouts:earnings.deadline')}</th>
                <th scope="col">{t('payouts:earnings.claim')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {d.earnings.awards.map((a) => (
                <tr key={a.id}>
                  <td>{formatDate(a.awardedAt, lang)}</td>
                  <td>{a.riderName}</td>
                  <td>
                    {a.eventTitle ?? t('common:none')}
                    {a.eventDate ? (
                      <span className="block text-xs text-gray-500">
                        {formatDate(a.eventDate, lang)}
                      </span>
                    ) : null}
                  </td>
                  <td>
                    {t(`payouts:awardKind.${a.payoutType === 'cash' ? 'cash' : 'credit'}`)}
                    {a.type === 'bonus' ? (
                      <span className="block text-xs text-gray-500">
                        {t('payouts:awardKind.bonus')}
                      </span>
                    ) : null}
                  </td>
                  <td className="text-right">{formatMoney(a.initialCents, a.currency, lang)}</td>
                  <td className="text-right">{formatMoney(a.currentCents, a.currency, lang)}</td>
                  <td>{t(`payouts:awardStatus.${a.status}`)}</td>
                  <td>
                    {a.payoutType === 'cash'
                      ? a.paymentInfoDueAt
                        ? t('payouts:earnings.paymentInfoBy', {
                            date: formatDate(a.paymentInfoDueAt, lang),
                          })
                        : ''
                      : a.expiresAt
                        ? t('payouts:earnings.expiresOn', { date: formatDate(a.expiresAt, lang) })
                        : ''}
                  </td>
                  <td>{a.payoutClaimId ? `#${a.payoutClaimId}` : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pagination
        page={d.earnings.pagination.page}
        totalPages={d.earnings.pagination.totalPages}
        param="awardsPage"
        drop={PAGER_DROP}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { RedemptionFilters, RedemptionTable } from '~/components/dealer-counter';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { SubmitButton } from '~/components/forms';
import { PageLink, useLang } from '~/components/link';
import { Pagination } from '~/components/pagination';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { countryLabel } from '~/lib/countries';
import { formatMoney, formatRedemptionCode } from '~/lib/format';
import { localizePath, safeRedirect } from '~/lib/lang';
import { withParams } from '~/lib/list-query';
import { parseRedemptionFilters, REFUND_REASON_MAX, refundSchema } from '~/lib/schemas/dealer';
import { dealerCountries } from '~/services/money/counter/dealer-counter.server';
import { requireRole } from '~/services/auth/guard.server';
import {
  getCreditRedemption,
  listCreditRedemptions,
  listRevokedRedemptions,
} from '~/services/money/counter/redemption-lists.server';
import { redemptionViews } from '~/services/money/counter/redemption-views.server';
import { deliverHoldMail, holdMail } from '~/services/money/ledger/pending-changes.server';
import { refundRedemptionAndMail } from '~/services/money/counter/redemption-refunds.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const view = params.get('view') === 'revoked' ? 'revoked' : 'redemptions';
  const { filters, errors } = parseRedemptionFilters(params);
  const countries = dealerCountries(db);
  const confirmId = Number(params.get('confirm'));
  const confirm =
    Number.isSafeInteger(confirmId) && confirmId > 0
      ? (getCreditRedemption(db, confirmId) ?? null)
      : null;
  if (view === 'revoked') {
    const { revokedRedemptions, pagination } = listRevokedRedemptions(db, filters);
    return {
      view,
      rows: redemptionViews(revokedRedemptions, { dealer: true, refund: true }),
      pagination,
      errors,
      countries,
      confirm: null,
      onceToken: null,
    };
  }
  const { creditRedemptions, pagination } = listCreditRedemptions(db, filters);
  return {
    view,
    rows: redemptionViews(creditRedemptions, { dealer: true }),
    pagination,
    errors,
    countries,
    confirm: confirm && confirm.status === 'active' ? confirm : null,
    onceToken: crypto.randomUUID(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireRole(request, 'admin');
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: refundSchema });
  const lang = requestLang(request);
  // Back to the same list (filters kept), without the confirmation step.
  const url = new URL(request.url);
  url.searchParams.delete('confirm');
  const back = safeRedirect(
    `${url.pathname}${url.search}`,
    localizePath('/auth/admin/rider-redemptions', lang),
  );
  if (submission.status !== 'success') {
    return redirectWithFlash(back, {
      kind: 'error',
      message: 'common:errors.anErrorOccurred',
    });
  }
  const v = submission.value;
  const mail = await holdMail();
  const result = await refundRedemptionAndMail(
    getDb(),
    v.redemptionId,
    actor,
    v.reason,
    new Date(),
    v.onceToken,
    mail,
  );
  await deliverHoldMail(getDb(), mail);
  const flash = result.ok
    ? {
        kind: 'success' as const,
        message: 'dealer:admin.refunded',
        values: { code: formatRedemptionCode(result.code) },
      }
    : result.held
      ? { kind: 'success' as const, message: 'moneyControls:flash.refundHeld' }
      : { kind: 'error' as const, message: result.error };
  return redirectWithFlash(back, flash);
}

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;

/** The refund asked for: what it takes back, a reason, confirm or cancel. */
function RefundConfirm({
  confirm,
  onceToken,
}: {
  confirm: NonNullable<PageData['confirm']>;
  onceToken: PageData['onceToken'];
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const location = useLocation();
  return (
    <section
      role="alertdialog"
      aria-labelledby="refund-confirm-title"
      className="card mb-6 border-2 border-red-300"
      data-testid="refund-confirm"
    >
      <h2 id="refund-confirm-title" className="mb-2 text-lg font-semibold">
        {t('dealer:admin.confirmTitle', { code: formatRedemptionCode(confirm.code) })}
      </h2>
      <p className="mb-4">
        {t('dealer:admin.confirmText', {
          amount: formatMoney(confirm.amountCents, confirm.currency, lang),
          rider: confirm.riderName,
          dealer: confirm.dealerName,
        })}
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="redemptionId" value={confirm.id} />
        {onceToken ? <input type="hidden" name="onceToken" value={onceToken} /> : null}
        <label htmlFor="refund-reason" className="label">
          {t('dealer:admin.reason')}
        </label>
        <textarea
          id="refund-reason"
          name="reason"
          maxLength={REFUND_REASON_MAX}
          rows={2}
          className="input mb-4"
        />
        <div className="flex flex-wrap gap-3">
          <SubmitButton className="btn-danger">{t('dealer:admin.confirm')}</SubmitButton>
          <PageLink
            to={{
              pathname: location.pathname,
              search: withParams(location.search, { confirm: null }),
            }}
            className="btn-secondary"
          >
            {t('dealer:admin.cancel')}
          </PageLink>
        </div>
      </Form>
    </section>
  );
}

export default function AdminRiderRedemptionsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const location = useLocation();
  const { view, rows, pagination, errors, countries, confirm, onceToken } =
    useLoaderData<typeof loader>();
  const tab = (name: 'redemptions' | 'revoked', label: string) => (
    <PageLink
      to={{
        pathname: location.pathname,
        search: withParams(location.search, {
          view: name === 'revoked' ? 'revoked' : null,
          page: null,
          confirm: null,
        }),
      }}
      className={`rounded-t px-4 py-2 text-sm font-semibold ${view === name ? 'border-b-2 border-brand text-brand' : 'text-gray-600 hover:text-gray-900'}`}
      aria-current={view === name ? 'page' : undefined}
    >
      {label}
    </PageLink>
  );
  return (
    <>
      <PageHeading title={t('dealer:admin.title')} />
      <nav className="mb-4 flex gap-2 border-b" aria-label={t('dealer:admin.title')}>
        {tab('redemptions', t('dealer:admin.tabRedemptions'))}
        {tab('revoked', t('dealer:admin.tabRevoked'))}
      </nav>
      <RedemptionFilters
        errors={errors}
        countries={countries.map((c) => ({ value: c, label: countryLabel(c, lang) }))}
      />

      {confirm ? <RefundConfirm confirm={confirm} onceToken={onceToken} /> : null}

      <p className="mb-2 text-sm text-gray-600">
        {t('dealer:list.count', { count: pagination.total })}
      </p>
      {view === 'revoked' ? (
        <RedemptionTable
          rows={rows}
          showDealer
          refundColumns
          empty={t('dealer:admin.revokedEmpty')}
          testId="revoked-table"
        />
      ) : (
        <RedemptionTable
          rows={rows}
          showDealer
          action={(r) =>
            r.status === 'active' ? (
              <PageLink
                to={{
                  pathname: location.pathname,
                  search: withParams(location.search, { confirm: String(r.id) }),
                }}
                className="btn-secondary text-xs"
                data-testid="refund-button"
                aria-label={`${t('dealer:admin.refund')} ${formatRedemptionCode(r.code)}`}
              >
                {t('dealer:admin.refund')}
              </PageLink>
            ) : null
          }
        />
      )}
      <Pagination page={pagination.page} totalPages={pagination.totalPages} drop={['confirm']} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:riderRedemptions' } as const satisfies RouteHandle;

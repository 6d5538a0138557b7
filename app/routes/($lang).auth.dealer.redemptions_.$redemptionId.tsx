import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '~/components/dealer-counter';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LLink, useLang } from '~/components/link';
import { getDb } from '~/db.server';
import { formatDate, formatPhone, formatRedemptionCode, formatTime } from '~/lib/format';
import { getDealer } from '~/services/money/dealer-counter.server';
import { requireRole } from '~/services/auth/guard.server';
import { getCreditRedemption } from '~/services/money/redemption-lists.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { profile } = await requireRole(request, 'dealer');
  const id =
    params.redemptionId && /^\d{1,12}$/.test(params.redemptionId)
      ? Number(params.redemptionId)
      : null;
  if (id === null) throw new Response('Not found', { status: 404 });
  const db = getDb();
  const redemption = getCreditRedemption(db, id);
  // Another dealer's redemption is answered like a missing one.
  if (!redemption || redemption.dealerId !== profile.id)
    throw new Response('Not found', { status: 404 });
  const dealer = getDealer(db, profile.id);
  if (!dealer) throw new Response('Not found', { status: 404 });
  return {
    redemption,
    dealer: {
      name: dealer.name,
      address: [
        dealer.addressLine1,
        dealer.addressLine2,
        [dealer.city, dealer.state, dealer.zipcode].filter(Boolean).join(' '),
      ]
        .filter(Boolean)
        .join(', '),
      phone: dealer.phone,
      dealerNumber: dealer.dealerNumber,
    },
  };
}

/** Printing shows the receipt alone: the dashboard's sidebar, header and buttons are hidden. */
const PRINT_CSS = `@media print {
  aside, header, [data-testid="proxy-banner"], [data-testid="toast"] { display: none !important; }
  main { padding: 0 !important; }
}`;

export default function RedemptionReceiptPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { redemption: r, dealer } = useLoaderData<typeof loader>();
  // The Print button needs JavaScript: shown once hydrated (without it, the browser's own print).
  const [canPrint, setCanPrint] = useState(false);
  useEffect(() => setCanPrint(true), []);
  return (
    <>
      {/* As raw HTML: React escapes the quotes of a text child on the server, not in the browser (hydration error #418). */}
      <style dangerouslySetInnerHTML={{ __html: PRINT_CSS }} />
      <article className="card mx-auto max-w-lg" data-testid="receipt">
        <h1 className="mb-4 text-2xl font-bold">{t('dealer:receipt.title')}</h1>
        <p className="text-sm text-gray-600">{t('dealer:receipt.code')}</p>
        <p
          className="mb-4 font-mono text-4xl font-bold tracking-widest"
          data-testid="redemption-code"
        >
          {formatRedemptionCode(r.code, lang)}
        </p>
        {r.status === 'revoked' ? (
          <p
            className="mb-4 rounded bg-gray-200 px-3 py-2 font-semibold"
            data-testid="receipt-refunded"
          >
            {t('dealer:receipt.refunded', { date: formatDate(r.refundedAt, lang) })}
          </p>
        ) : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
          <dt className="font-semibold">{t('dealer:receipt.amount')}</dt>
          <dd className="text-xl font-bold" data-testid="receipt-amount">
            <Money cents={r.amountCents} currency={r.currency} />
          </dd>
          <dt className="font-semibold">{t('dealer:receipt.rider')}</dt>
          <dd data-testid="receipt-rider">{r.riderName}</dd>
          <dt className="font-semibold">{t('dealer:receipt.dealer')}</dt>
          <dd>
            <span className="block">{dealer.name}</span>
            {dealer.address ? (
              <span className="block text-sm text-gray-600">{dealer.address}</span>
            ) : null}
            {dealer.phone ? (
              <span className="block text-sm text-gray-600">{formatPhone(dealer.phone)}</span>
            ) : null}
          </dd>
          <dt className="font-semibold">{t('dealer:receipt.employee')}</dt>
          <dd>{r.employeeName}</dd>
          <dt className="font-semibold">{t('dealer:receipt.date')}</dt>
          <dd>{formatDate(r.createdAt, lang)}</dd>
          <dt className="font-semibold">{t('dealer:receipt.time')}</dt>
          <dd>{formatTime(r.createdAt, lang)}</dd>
          <dt className="font-semibold">{t('dealer:receipt.idVerified')}</dt>
          <dd>{r.idVerified ? t('common:yes') : t('common:no')}</dd>
        </dl>
        <div className="mt-6 flex flex-wrap gap-3 print:hidden">
          {canPrint ? (
            <button
              type="button"
              className="btn"
              onClick={() => window.print()}
              data-testid="print-receipt"
            >
              {t('dealer:receipt.print')}
            </button>
          ) : null}
          <LLink to={`/auth/dealer/rider/${r.riderId}`} className="btn-secondary">
            {t('dealer:receipt.backToRider')}
          </LLink>
          <LLink to="/auth/dealer/redemptions" className="btn-secondary">
            {t('dealer:receipt.allRedemptions')}
          </LLink>
        </div>
      </article>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:receipt' } as const;

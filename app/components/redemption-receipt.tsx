import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '~/components/dealer-counter';
import { useLang } from '~/components/link';
import { formatDate, formatPhone, formatRedemptionCode, formatTime } from '~/lib/format';
import type { DealerReceipt } from '~/services/money/counter/receipt.server';
import { WithUserText } from '~/components/user-text';

/** A redemption's receipt (the receipt page and its print view); `children`: the actions. */
export function RedemptionReceipt({
  receipt,
  children,
}: {
  receipt: DealerReceipt;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { redemption: r, dealer } = receipt;
  return (
    <article className="card mx-auto max-w-lg" data-testid="receipt">
      <h1 className="mb-4 text-2xl font-bold">{t('dealer:receipt.title')}</h1>
      <p className="text-sm text-gray-600">{t('dealer:receipt.code')}</p>
      <p
        className="mb-4 font-mono text-4xl font-bold tracking-widest"
        data-testid="redemption-code"
      >
        {formatRedemptionCode(r.code)}
      </p>
      {r.status === 'revoked' ? (
        <p
          className="mb-4 rounded bg-gray-200 px-3 py-2 font-semibold"
          data-testid={r.voided ? 'receipt-voided' : 'receipt-refunded'}
        >
          {t(r.voided ? 'dealer:receipt.voided' : 'dealer:receipt.refunded', {
            date: formatDate(r.refundedAt, lang),
          })}
          {r.voided && r.reason ? (
            <span className="block font-normal [overflow-wrap:anywhere]">
              <WithUserText
                render={(slot) =>
                  t('common:punctuation.labelled', {
                    label: t('dealer:void.reasonLabel'),
                    value: slot,
                  })
                }
                value={r.reason}
              />
            </span>
          ) : null}
        </p>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="font-semibold">{t('dealer:receipt.amount')}</dt>
        <dd className="text-xl font-bold" data-testid="receipt-amount">
          <Money cents={r.amountCents} currency={r.currency} />
        </dd>
        <dt className="font-semibold">{t('dealer:receipt.rider')}</dt>
        <dd data-testid="receipt-rider">{r.riderName}</dd>
        {r.remainingCents === null ? null : (
          <>
            <dt className="font-semibold">{t('dealer:receipt.remaining')}</dt>
            <dd data-testid="receipt-remaining">
              <Money cents={r.remainingCents} currency={r.currency} />
            </dd>
          </>
        )}
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
      {children ? <div className="mt-6 flex flex-wrap gap-3 print:hidden">{children}</div> : null}
    </article>
  );
}

/** The receipt's Print button: it needs JavaScript, so it appears once the page is hydrated. */
export function PrintButton() {
  const { t } = useTranslation();
  const [canPrint, setCanPrint] = useState(false);
  useEffect(() => setCanPrint(true), []);
  if (!canPrint) return null;
  return (
    <button
      type="button"
      className="btn"
      onClick={() => window.print()}
      data-testid="print-receipt"
    >
      {t('dealer:receipt.print')}
    </button>
  );
}

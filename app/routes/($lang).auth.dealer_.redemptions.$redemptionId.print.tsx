/**
 * A redemption's receipt alone, for printing: no dashboard around it, print CSS, a link back.
 * Works without JavaScript (the browser's own print prints just this); with it, a Print button.
 */
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LLink } from '~/components/link';
import { PrintButton, RedemptionReceipt } from '~/components/redemption-receipt';
import { dealerReceiptLoader } from '~/http/money/receipt-route.server';
import { formatRedemptionCode } from '~/lib/format';
import { at, type RouteHandle } from '~/lib/route-handle';

export const loader = dealerReceiptLoader;

const PRINT_CSS = `@page { margin: 15mm; }
@media print {
  body { background: #fff !important; }
  [data-testid="receipt"] { box-shadow: none !important; border: 1px solid #000; }
}`;

export default function RedemptionReceiptPrintView() {
  const { t } = useTranslation();
  const receipt = useLoaderData<typeof loader>();
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-lg p-6" data-testid="receipt-print-view">
      <style dangerouslySetInnerHTML={{ __html: PRINT_CSS }} />
      <RedemptionReceipt receipt={receipt}>
        <PrintButton />
        <LLink to={`/auth/dealer/redemptions/${receipt.redemption.id}`} className="btn-secondary">
          {t('notices:receipt.back')}
        </LLink>
      </RedemptionReceipt>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  title: (data: unknown) => {
    const code = at(data, 'redemption', 'code');
    return typeof code === 'string' || typeof code === 'number'
      ? { key: 'titles:receiptPrintOf', values: { code: formatRedemptionCode(code) } }
      : { key: 'titles:receiptPrint' };
  },
} as const satisfies RouteHandle;

import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LLink } from '~/components/link';
import { PrintButton, RedemptionReceipt } from '~/components/redemption-receipt';
import { RedemptionVoid } from '~/components/redemption-void';
import { dealerReceiptLoader, dealerVoidAction } from '~/http/money/receipt-route.server';
import { formatRedemptionCode } from '~/lib/format';
import { at, type RouteHandle } from '~/lib/route-handle';

export const loader = dealerReceiptLoader;
export const action = dealerVoidAction;

/** Printing shows the receipt alone: the dashboard's sidebar, header and buttons are hidden. */
const PRINT_CSS = `@media print {
  aside, header, [data-testid="proxy-banner"], [data-testid="toast"] { display: none !important; }
  main { padding: 0 !important; }
}`;

export default function RedemptionReceiptPage() {
  const { t } = useTranslation();
  const receipt = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const r = receipt.redemption;
  return (
    <>
      {/* As raw HTML: React escapes the quotes of a text child on the server, not in the browser (hydration error #418). */}
      <style dangerouslySetInnerHTML={{ __html: PRINT_CSS }} />
      <RedemptionReceipt receipt={receipt}>
        <PrintButton />
        <LLink
          to={`/auth/dealer/redemptions/${r.id}/print`}
          className="btn-secondary"
          data-testid="print-view"
        >
          {t('notices:receipt.printView')}
        </LLink>
        <LLink to={`/auth/dealer/rider/${r.riderId}`} className="btn-secondary">
          {t('dealer:receipt.backToRider')}
        </LLink>
        <LLink to="/auth/dealer/redemptions" className="btn-secondary">
          {t('dealer:receipt.allRedemptions')}
        </LLink>
      </RedemptionReceipt>
      <RedemptionVoid
        voiding={receipt.voiding}
        onceToken={receipt.onceToken}
        lastResult={lastResult}
      />
    </>
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
      ? { key: 'titles:receiptOf', values: { code: formatRedemptionCode(code) } }
      : { key: 'titles:receipt' };
  },
} as const satisfies RouteHandle;

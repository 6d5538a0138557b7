import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LLink } from '~/components/link';
import { RedemptionReceipt } from '~/components/redemption-receipt';
import { getDb } from '~/db.server';
import { requireRole } from '~/services/auth/guard.server';
import { dealerReceipt } from '~/services/money/counter/receipt.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { profile } = await requireRole(request, 'dealer');
  const receipt = dealerReceipt(getDb(), profile.id, params.redemptionId);
  if (!receipt) throw new Response('Not found', { status: 404 });
  return receipt;
}

/** Printing shows the receipt alone: the dashboard's sidebar, header and buttons are hidden. */
const PRINT_CSS = `@media print {
  aside, header, [data-testid="proxy-banner"], [data-testid="toast"] { display: none !important; }
  main { padding: 0 !important; }
}`;

export default function RedemptionReceiptPage() {
  const { t } = useTranslation();
  const receipt = useLoaderData<typeof loader>();
  const r = receipt.redemption;
  // The Print button needs JavaScript: shown once hydrated. Without it, the print view link.
  const [canPrint, setCanPrint] = useState(false);
  useEffect(() => setCanPrint(true), []);
  return (
    <>
      {/* As raw HTML: React escapes the quotes of a text child on the server, not in the browser (hydration error #418). */}
      <style dangerouslySetInnerHTML={{ __html: PRINT_CSS }} />
      <RedemptionReceipt receipt={receipt}>
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
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:receipt' } as const;

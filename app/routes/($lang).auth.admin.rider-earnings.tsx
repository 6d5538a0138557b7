/**
 * Admin rider earnings (docs/rules.md "Cash (pros)"): the earnings report (awards with
 * filters and totals), the payout-claims batch, the payout-claims list with Mark SENT / Undo
 * (each confirmed on a second step, so it works without JavaScript) and the expiry mail.
 * The page's data: riderEarningsOverview; its parts: ~/components/payout-claims and
 * ~/components/earnings-report.
 */
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { EarningsSection } from '~/components/earnings-report';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ClaimsSection, CONFIRM_PARAMS, PayoutActions } from '~/components/payout-claims';
import { getDb } from '~/db.server';
import { parseSearch, withParams } from '~/lib/list-query';
import { safeRedirect } from '~/lib/lang';
import {
  claimConfirmSchema,
  claimFiltersSchema,
  earningsFiltersSchema,
  riderEarningsActionSchema,
} from '~/lib/schemas/payouts';
import { requireRole } from '~/services/auth/guard.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import type { Flash } from '~/services/auth/session.server';
import { sendExpiryMail } from '~/services/money/ledger/expiry.server';
import {
  createPayoutClaims,
  PayoutError,
  setClaimSent,
} from '~/services/money/payouts/payout-claims.server';
import { riderEarningsOverview } from '~/services/money/awards/rider-earnings-admin.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const earnings = parseSearch(earningsFiltersSchema, request);
  const claims = parseSearch(claimFiltersSchema, request);
  const confirm = parseSearch(claimConfirmSchema, request);
  const overview = riderEarningsOverview(getDb(), {
    earnings: earnings.values,
    claims: claims.values,
    confirm: Object.keys(confirm.errors).length
      ? null
      : { action: confirm.values.confirm, claimId: confirm.values.claim },
  });
  return {
    ...overview,
    errors: { ...earnings.errors, ...claims.errors },
    onceToken: crypto.randomUUID(),
  };
}

/** The page's own URL without the confirmation parameters. */
function backTo(request: Request): string {
  const url = new URL(request.url);
  const drop = Object.fromEntries([...CONFIRM_PARAMS, 'index'].map((k) => [k, null]));
  return safeRedirect(`${url.pathname}${withParams(url.search, drop)}`, '/auth/admin');
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
      const { created, skipped } = createPayoutClaims(db, auth.actor, {
        idempotencyKey: v.onceToken,
      });
      return { intent: v.intent, created, skipped };
    }
    case 'sendExpiryMail': {
      const sent = await sendExpiryMail(db, new Date(), auth.actor);
      return { intent: v.intent, sent };
    }
    case 'markSent':
    case 'undoSent': {
      let flash: Flash;
      try {
        const claim = setClaimSent(db, v.claimId, v.intent === 'markSent', auth.actor);
        const message =
          v.intent === 'markSent' ? 'payouts:claims.markedSent' : 'payouts:claims.undone';
        flash = { kind: 'success', message, values: { id: String(claim.id) } };
      } catch (error) {
        if (!(error instanceof PayoutError)) throw error;
        flash = { kind: 'error', message: error.message };
      }
      return redirectWithFlash(backTo(request), flash);
    }
  }
}

export default function AdminRiderEarningsPage() {
  const { t } = useTranslation();
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <PageHeading title={t('common:pages.riderEarnings')} />
      <div className="space-y-8">
        <PayoutActions
          expiryMailDue={d.expiryMailDue}
          unclaimed={d.unclaimed}
          created={result?.intent === 'createClaims' ? result : null}
          expirySent={result?.intent === 'sendExpiryMail' ? result.sent : null}
          onceToken={d.onceToken}
        />
        <ClaimsSection claims={d.claims} confirm={d.confirm} errors={d.errors} />
        <EarningsSection earnings={d.earnings} errors={d.errors} />
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:riderEarnings' } as const satisfies RouteHandle;

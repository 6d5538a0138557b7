/** The promoter's result claims: compare, approve or refuse with a reason. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { ClaimReviewPage } from '~/components/result-claims';
import { claimReviewAction, claimReviewLoader } from '~/http/money/claim-review-route.server';
import type { RouteHandle } from '~/lib/route-handle';

export const loader = ({ request }: LoaderFunctionArgs) => claimReviewLoader(request, 'promoter');
export const action = ({ request }: ActionFunctionArgs) => claimReviewAction(request, 'promoter');

export default function PromoterClaims() {
  return <ClaimReviewPage role="promoter" />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:promoterClaims' } as const satisfies RouteHandle;

import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { RiderSearch } from '~/components/dealer-counter';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { getDb } from '~/db.server';
import { riderSearchSchema } from '~/lib/schemas/dealer';
import {
  RIDER_SEARCH_LIMIT,
  RIDER_SEARCH_MIN,
  searchRiders,
} from '~/services/money/counter/dealer-counter.server';
import { requireRole } from '~/services/auth/guard.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'dealer');
  const parsed = riderSearchSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const q = parsed.success ? (parsed.data.q ?? '') : '';
  const searched = q.length >= RIDER_SEARCH_MIN;
  return {
    q,
    limit: RIDER_SEARCH_LIMIT,
    tooShort: q.length > 0 && !searched,
    results: searched ? searchRiders(getDb(), q) : null,
  };
}

export default function DealerRidersPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading title={t('dealer:search.title')} />
      <RiderSearch
        action="/auth/dealer/riders"
        q={data.q}
        results={data.results}
        tooShort={data.tooShort}
        limit={data.limit}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:findRider' } as const satisfies RouteHandle;

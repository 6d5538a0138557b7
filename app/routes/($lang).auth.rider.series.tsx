import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LLink, useLang } from '~/components/link';
import { AwardedCards } from '~/components/rider-area';
import { getDb } from '~/db.server';
import { formatDate } from '~/lib/format';
import { pageOnlySchema, parseFilters } from '~/lib/schemas/rider-area';
import { requireRole } from '~/services/auth/guard.server';
import { listRiderSeries } from '~/services/people/rider-events.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireRole(request, 'rider');
  const { value } = parseFilters(new URL(request.url).searchParams, pageOnlySchema);
  return listRiderSeries(getDb(), auth.profile.id, value.page);
}

export default function RiderSeriesPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const list = useLoaderData<typeof loader>();
  return (
    <AwardedCards
      kind="series"
      list={list}
      heading={(s) => (
        <>
          <h2 className="text-lg font-semibold">
            <LLink to={`/auth/rider/serie/${s.id}`} className="text-brand hover:underline">
              {s.name}
            </LLink>
          </h2>
          <p className="text-sm text-gray-600">
            {t('riderArea:series.dates', {
              first: formatDate(s.firstDate, lang),
              last: formatDate(s.lastDate, lang),
            })}
          </p>
        </>
      )}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:riderSeries' } as const satisfies RouteHandle;

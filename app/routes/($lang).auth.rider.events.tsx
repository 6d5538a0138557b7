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
import { listRiderEvents } from '~/services/people/rider-events.server';
import type { RouteHandle } from '~/lib/route-handle';
import { UserText } from '~/components/user-text';

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireRole(request, 'rider');
  const { value } = parseFilters(new URL(request.url).searchParams, pageOnlySchema);
  return listRiderEvents(getDb(), auth.profile.id, value.page);
}

export default function RiderEventsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const list = useLoaderData<typeof loader>();
  return (
    <AwardedCards
      kind="events"
      list={list}
      heading={(e) => (
        <>
          <h2 className="text-lg font-semibold">
            <LLink to={`/auth/rider/event/${e.id}`} className="text-brand hover:underline">
              <UserText>{e.title}</UserText>
            </LLink>
            {e.cancelled ? (
              <>
                {' '}
                <span className="ml-2 rounded bg-red-100 px-2 py-0.5 text-xs text-red-800">
                  {t('riderArea:events.cancelled')}
                </span>
              </>
            ) : null}
          </h2>
          <p className="text-sm text-gray-600">
            {formatDate(e.date, lang)}
            {e.city || e.state ? ` · ${[e.city, e.state].filter(Boolean).join(', ')}` : ''}
            {e.seriesId && e.seriesName ? (
              <>
                {' · '}
                <LLink to={`/auth/rider/serie/${e.seriesId}`} className="hover:underline">
                  {e.seriesName}
                </LLink>
              </>
            ) : null}
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
export const handle = { title: 'titles:riderEvents' } as const satisfies RouteHandle;

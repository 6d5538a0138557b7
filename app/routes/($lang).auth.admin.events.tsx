import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LLink, useLang } from '~/components/link';
import { formatDate } from '~/lib/format';
import { adminEventsLoader } from '~/services/events/event-page.server';

export async function loader({ request }: LoaderFunctionArgs) {
  return adminEventsLoader(request);
}

export default function AdminEventsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { filters, events, pagination } = useLoaderData<typeof loader>();
  const pageLink = (page: number) => {
    const q = new URLSearchParams();
    if (filters.title) q.set('title', filters.title);
    if (filters.state) q.set('state', filters.state);
    if (filters.country) q.set('country', filters.country);
    q.set('page', String(page));
    return `/auth/admin/events?${q.toString()}`;
  };
  return (
    <>
      <PageHeading title={t('events:list.title')}>
        <LLink to="/auth/admin/event" className="btn" data-testid="add-event">
          {t('admin:eventAdmin.add')}
        </LLink>
      </PageHeading>
      <Form
        method="get"
        className="card mb-6 grid gap-3 sm:grid-cols-4 sm:items-end"
        data-testid="events-filter"
      >
        <div>
          <label htmlFor="f-title" className="label">
            {t('events:list.filterTitle')}
          </label>
          <input
            id="f-title"
            name="title"
            type="search"
            defaultValue={filters.title}
            maxLength={100}
            className="input"
          />
        </div>
        <div>
          <label htmlFor="f-state" className="label">
            {t('events:list.filterState')}
          </label>
          <input
            id="f-state"
            name="state"
            type="text"
            defaultValue={filters.state}
            maxLength={10}
            className="input"
          />
        </div>
        <div>
          <label htmlFor="f-country" className="label">
            {t('events:list.filterCountry')}
          </label>
          <input
            id="f-country"
            name="country"
            type="text"
            defaultValue={filters.country}
            maxLength={3}
            className="input"
          />
        </div>
        <div className="flex gap-2">
          <button type="submit" className="btn">
            {t('events:list.filter')}
          </button>
          <LLink to="/auth/admin/events" className="btn-secondary">
            {t('events:list.clear')}
          </LLink>
        </div>
      </Form>
      {events.length === 0 ? (
        <p className="text-gray-600">{t('events:list.none')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table w-full text-sm" data-testid="admin-events">
            <thead>
              <tr>
                <th scope="col">{t('events:list.date')}</th>
                <th scope="col">{t('events:list.event')}</th>
                <th scope="col">{t('events:list.location')}</th>
                <th scope="col">{t('events:list.series')}</th>
                <th scope="col">{t('events:list.promoter')}</th>
                <th scope="col">{t('events:list.results')}</th>
              </tr>
            </thead>
            <tbody>
              {events.map((e) => (
                <tr key={e.id}>
                  <td className="whitespace-nowrap">{formatDate(e.date, lang)}</td>
                  <td>
                    <LLink
                      to={`/auth/admin/event/${e.id}`}
                      className="font-medium text-brand hover:underline"
                    >
                      {e.title}
                    </LLink>
                    {e.cancelled ? (
                      <span className="ml-2 text-xs text-red-700">
                        {t('events:page.cancelled')}
                      </span>
                    ) : null}
                  </td>
                  <td>{[e.city, e.state, e.country].filter(Boolean).join(', ')}</td>
                  <td>{e.seriesName ?? ''}</td>
                  <td>{e.promoterName ?? ''}</td>
                  <td>
                    {e.resultsVerifiedAt
                      ? t('events:list.resultsVerified')
                      : e.resultsUploadedAt
                        ? t('events:list.resultsUploaded')
                        : t('events:list.resultsNone')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pagination.totalPages > 1 ? (
        <nav
          aria-label={t('common:pagination.label')}
          className="mt-4 flex items-center gap-4 text-sm"
        >
          {pagination.page > 1 ? (
            <LLink to={pageLink(pagination.page - 1)} className="underline">
              {t('common:actions.previous')}
            </LLink>
          ) : null}
          <span>
            {t('common:pagination.page', {
              page: pagination.page,
              totalPages: pagination.totalPages,
            })}
          </span>
          {pagination.page < pagination.totalPages ? (
            <LLink to={pageLink(pagination.page + 1)} className="underline">
              {t('common:actions.next')}
            </LLink>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

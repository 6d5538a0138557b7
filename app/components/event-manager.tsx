/**
 * The event page shared by admins and the event's promoter: the event, its classes and places,
 * the class and results uploads, and the results table with what each result pays (or why not).
 * Every form is a plain Remix <Form> that works without JavaScript; destructive buttons ask
 * `window.confirm` first when JavaScript runs. The sections live beside it: event-classes,
 * event-uploads, event-results-table (with event-result-panels) and event-form-parts.
 */
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import type { SubmissionResult } from '@conform-to/react';
import { EventApprovalPanel } from '~/components/event-approval';
import { ClassForm } from '~/components/event-class-form';
import { ClassesSection } from '~/components/event-classes';
import { ConfirmForm, Hidden, Refusal } from '~/components/event-form-parts';
import { ResultsTable } from '~/components/event-results-table';
import { ClassUpload, ResultsUpload } from '~/components/event-uploads';
import { useReportFormFailed, useRouteFormFailed } from '~/components/form-failed';
import { LLink, useLang } from '~/components/link';
import type { Currency } from '~/lib/constants';
import { formatDate, formatMoney } from '~/lib/format';
import type { EventActionData, EventPageData } from '~/http/events/event-page.server';
import { UserText } from '~/components/user-text';

const GENERAL_INTENTS = [
  'deleteAllResults',
  'removeClass',
  'removePlace',
  'verifyResults',
  'recompute',
];

export function EventManager({
  data,
  actionData,
  decision,
}: {
  data: EventPageData;
  actionData?: EventActionData;
  /** The admin's refusal form's answer (its reason's errors). */
  decision?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  // The uploads and row forms are not Conform forms: the page's title follows their refusals too.
  useReportFormFailed(useRouteFormFailed());
  const { view, role } = data;
  const e = view.event;
  const general =
    actionData && actionData.intent && GENERAL_INTENTS.includes(actionData.intent)
      ? actionData
      : undefined;
  return (
    <div data-testid="event-manager">
      <p className="mb-2 text-sm">
        <LLink
          to={role === 'admin' ? '/auth/admin/events' : '/auth/promoter'}
          className="underline"
        >
          {t('events:page.backToEvents')}
        </LLink>
      </p>
      <PageHeading title={<UserText>{e.title}</UserText>}>
        {e.cancelled ? (
          <span
            className="rounded bg-red-100 px-2 py-1 text-sm font-semibold text-red-800"
            data-testid="event-cancelled"
          >
            {t('events:page.cancelled')}
          </span>
        ) : null}
      </PageHeading>
      <EventFacts data={data} />
      <EventApprovalPanel
        approval={e.approval}
        reason={e.approvalReason}
        isAdmin={role === 'admin'}
        lastResult={decision}
      />

      {role === 'admin' ? <VerifyButtons noResults={view.results.length === 0} /> : null}

      {general ? <Refusal data={general} testId="action-errors" /> : null}

      <ClassesAndUploads data={data} actionData={actionData} />

      <section aria-labelledby="results-title" className="mt-2">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="results-title" className="text-lg font-semibold">
            {t('events:page.results')}
          </h2>
          {view.results.length ? (
            <ConfirmForm
              intent="deleteAllResults"
              message="events:table.confirmDeleteResults"
              className="btn-danger"
            >
              {t('events:table.deleteAllResults')}
            </ConfirmForm>
          ) : null}
        </div>
        {view.results.length === 0 ? (
          <p className="text-gray-600" data-testid="no-results">
            {t('events:page.noResults')}
          </p>
        ) : (
          view.classes
            .filter((c) => view.results.some((r) => r.classId === c.id))
            .map((c) => (
              <ResultsTable
                key={c.id}
                cls={c}
                rows={view.results.filter((r) => r.classId === c.id)}
                data={data}
                actionData={actionData}
              />
            ))
        )}
      </section>
    </div>
  );
}

/** What the event is: its date, venue, place, series, promoter, results state and totals. */
function EventFacts({ data }: { data: EventPageData }) {
  const { t } = useTranslation();
  const lang = useLang();
  const e = data.view.event;
  const place = [e.city, e.state, e.country].filter(Boolean).join(', ');
  return (
    <dl className="mb-6 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      <dt className="font-semibold">{t('events:page.date')}</dt>
      <dd data-testid="event-date">{formatDate(e.date, lang)}</dd>
      <dt className="font-semibold">{t('events:page.venue')}</dt>
      <dd>{e.venue ?? '—'}</dd>
      <dt className="font-semibold">{t('events:page.location')}</dt>
      <dd>{place || '—'}</dd>
      {e.seriesName ? (
        <>
          <dt className="font-semibold">{t('events:page.series')}</dt>
          <dd>{e.seriesName}</dd>
        </>
      ) : null}
      {e.promoterName ? (
        <>
          <dt className="font-semibold">{t('events:page.promoter')}</dt>
          <dd>{e.promoterName}</dd>
        </>
      ) : null}
      <dt className="font-semibold">{t('events:page.results')}</dt>
      <dd data-testid="results-state">
        {e.resultsUploadedAt
          ? t('events:page.resultsUploaded', { date: formatDate(e.resultsUploadedAt, lang) })
          : t('events:page.noResults')}
        {' · '}
        {e.resultsVerifiedAt
          ? t('events:page.resultsVerified', { date: formatDate(e.resultsVerifiedAt, lang) })
          : t('events:page.notVerified')}
      </dd>
      {data.totals.length ? (
        <>
          <dt className="font-semibold">{t('events:page.totals')}</dt>
          <dd data-testid="award-totals">
            {data.totals
              .map((x) =>
                t('events:page.totalLine', {
                  type: t(`events:payoutTypes.${x.payoutType}`),
                  amount: formatMoney(x.cents, x.currency as Currency, lang),
                }),
              )
              .join(' · ')}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** The admin's verify and recompute buttons. */
function VerifyButtons({ noResults }: { noResults: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="mb-6 flex flex-wrap items-center gap-3">
      <Form method="post">
        <Hidden name="intent" value="verifyResults" />
        <button type="submit" className="btn" disabled={noResults}>
          {t('events:page.verify')}
        </button>
      </Form>
      <Form method="post">
        <Hidden name="intent" value="recompute" />
        <button type="submit" className="btn-secondary">
          {t('events:page.recompute')}
        </button>
      </Form>
      <p className="text-xs text-gray-600">{t('events:page.verifyHelp')}</p>
    </div>
  );
}

/** The classes, the class form, and the uploads (results only once the event is approved). */
function ClassesAndUploads({
  data,
  actionData,
}: {
  data: EventPageData;
  actionData?: EventActionData;
}) {
  const { t } = useTranslation();
  const { classes, event } = data.view;
  return (
    <>
      <ClassesSection classes={classes} />
      <ClassForm
        classes={classes}
        editId={data.classEditId}
        currency={event.currency}
        actionData={actionData}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <ClassUpload actionData={actionData} />
        {event.approval === 'approved' ? (
          <ResultsUpload classes={classes} actionData={actionData} />
        ) : (
          <p className="card text-sm text-gray-700" data-testid="results-wait">
            {t('events:approval.resultsWait')}
          </p>
        )}
      </div>
    </>
  );
}

/**
 * The mapping step of a results file from a timing system: the file's columns with a select
 * each, its status values with what each means, the places to settle, and the first rows as
 * they will be stored (with the rider matched and what each pays, from a dry run of the upload).
 * One plain form: "Preview again" re-renders the page under the answers, "Store these results"
 * stores them; a second form drops the file. Works with and without JavaScript.
 */
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { Hidden, Refusal } from '~/components/event-form-parts';
import { useReportFormFailed, useRouteFormFailed } from '~/components/form-failed';
import { ImportProblemList } from '~/components/import-problems';
import { LLink } from '~/components/link';
import {
  ClassTable,
  FileTable,
  PlacesSection,
  StatusTable,
  StoredTable,
} from '~/components/timing-mapping-parts';
import type {
  timingPageLoader,
  TimingActionData,
  TimingPageData,
} from '~/http/events/timing-page.server';

/** The problems left in the file (nothing is stored while there is one), at most a screenful. */
function LeftProblems({ problems }: { problems: TimingActionData['problems'] }) {
  const { t } = useTranslation();
  if (!problems.length) return null;
  return (
    <div
      className="mb-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="timing-left"
    >
      <p className="font-semibold">{t('timing:review.left', { count: problems.length })}</p>
      <ImportProblemList problems={problems.slice(0, 20)} />
    </div>
  );
}

function TimingMapping({
  data,
  actionData,
}: {
  data: TimingPageData;
  actionData?: TimingActionData;
}) {
  const { t } = useTranslation();
  // A plain form (not Conform): the page's title says « Error: » while it shows a refusal.
  useReportFormFailed(useRouteFormFailed());
  const view = actionData?.view ?? data.view;
  const eventPath = `/auth/${data.role}/event/${data.eventId}`;
  // A new answer re-renders the form with its own defaults (no JavaScript needed to keep them).
  const formKey = JSON.stringify([
    view.choices,
    view.statuses,
    view.classes,
    view.places,
    view.fromOrder,
  ]);
  return (
    <div data-testid="timing-mapping">
      <p className="mb-2 text-sm">
        <LLink to={eventPath} className="underline">
          {t('timing:event', { title: data.eventTitle })}
        </LLink>
      </p>
      <PageHeading title={t('timing:title')} />
      <p className="mb-4">{t('timing:intro', { file: data.fileName })}</p>
      {actionData && actionData.intent === 'applyMapping' ? (
        <Refusal data={actionData} testId="timing-errors" />
      ) : null}
      {actionData && actionData.intent === 'previewMapping' && actionData.error ? (
        <p role="alert" className="mb-3 font-semibold text-red-900" data-testid="timing-errors">
          {t(actionData.error)}
        </p>
      ) : null}
      <Form method="post" key={formKey} data-testid="timing-form">
        <h2 className="mb-2 text-lg font-semibold">{t('timing:yourFile')}</h2>
        <FileTable view={view} fieldErrors={actionData?.fieldErrors ?? {}} />
        <StatusTable view={view} />
        <ClassTable view={view} options={data.classOptions} />
        <PlacesSection view={view} typedPlaces={actionData?.typedPlaces ?? {}} />
        <h2 className="mb-2 text-lg font-semibold">{t('timing:stored')}</h2>
        {view.missing.length ? (
          <p
            role="status"
            className="mb-4 font-semibold text-amber-900"
            data-testid="timing-missing"
          >
            {t('timing:missing', {
              columns: view.missing.map((m) => t(`timing:missingNames.${m}`)).join(', '),
            })}
          </p>
        ) : (
          <>
            <StoredTable view={view} withClass={data.shape === 'upload-all-class-result'} />
            <p className="mb-3 text-sm" data-testid="timing-counts">
              {t('timing:review.counts', {
                count: view.counts.stored,
                ignored: view.counts.ignored,
              })}{' '}
              {view.counts.paying === null
                ? null
                : t('timing:review.paying', { count: view.counts.paying })}
            </p>
            <LeftProblems problems={view.problems} />
          </>
        )}
        <p className="mb-3 text-sm text-gray-600">{t('timing:remembered')}</p>
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="preview" className="btn-secondary">
            {t('timing:previewAgain')}
          </button>
          <button type="submit" name="intent" value="apply" className="btn">
            {t('timing:apply')}
          </button>
        </div>
      </Form>
      <Form method="post" className="mt-4">
        <Hidden name="intent" value="discard" />
        <button type="submit" className="btn-secondary" data-testid="timing-discard">
          {t('timing:discard')}
        </button>
      </Form>
    </div>
  );
}

/** The page of a mapping route (admin or promoter): its loader and action are timingPageLoader/Action. */
export function TimingMappingPage() {
  const data = useLoaderData<typeof timingPageLoader>();
  const actionData = useActionData() as TimingActionData | undefined;
  return <TimingMapping data={data} actionData={actionData} />;
}

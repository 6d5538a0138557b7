/**
 * The mapping step of a results file from a timing system (issue 12.4): the file's first rows with
 * a select under each header (our result columns, or "ignore"), and the same rows as they will be
 * stored. One plain form: "Preview again" re-renders the rows with the chosen columns, "Store
 * these results" stores them; a second form drops the file. Works with and without JavaScript.
 */
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { Hidden, Refusal } from '~/components/event-form-parts';
import { ErrorList } from '~/components/forms';
import { problemLine } from '~/components/import-problems';
import { LLink } from '~/components/link';
import { TIMING_CHOICES } from '~/lib/schemas/timing';
import type { PreviewRow, TimingView } from '~/services/events/timing-import.server';
import type {
  timingPageLoader,
  TimingActionData,
  TimingPageData,
} from '~/services/events/timing-page.server';
import { scrollable } from '~/components/scroll-region';

function FileTable({
  view,
  fieldErrors,
}: {
  view: TimingView;
  fieldErrors: Record<string, string[]>;
}) {
  const { t } = useTranslation();
  return (
    <div className="mb-6 overflow-x-auto" {...scrollable(t('timing:yourFileCaption'))}>
      <table className="min-w-full text-sm" data-testid="timing-file">
        <caption className="sr-only">{t('timing:yourFileCaption')}</caption>
        <thead>
          <tr>
            {view.headers.map((h, i) => (
              <th key={i} scope="col" className="border-b p-2 text-left align-top">
                <span className="block font-semibold">{h || '—'}</span>
                {view.recognised[i] ? null : (
                  <span className="block text-xs text-amber-800">{t('timing:notRecognised')}</span>
                )}
                <select
                  name={`columns[${i}]`}
                  data-testid={`column-${i}`}
                  aria-label={t('timing:columnFor', { header: h || String(i + 1) })}
                  className="input mt-1"
                  defaultValue={view.choices[i]}
                >
                  {TIMING_CHOICES.map((c) => (
                    <option key={c} value={c}>
                      {t(`timing:choices.${c}`)}
                    </option>
                  ))}
                </select>
                <ErrorList errors={fieldErrors[`columns[${i}]`]} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view.sample.map((cells, r) => (
            <tr key={r}>
              {cells.map((c, i) => (
                <td key={i} className="border-b p-2">
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StoredTable({ rows, withClass }: { rows: PreviewRow[]; withClass: boolean }) {
  const { t } = useTranslation();
  const heads = [
    'row',
    ...(withClass ? ['class'] : []),
    'place',
    'result',
    'rider',
    'ama',
    'email',
    'bike',
    'hometown',
  ];
  return (
    <div className="mb-6 overflow-x-auto" {...scrollable(t('timing:storedCaption'))}>
      <table className="min-w-full text-sm" data-testid="timing-preview">
        <caption className="sr-only">{t('timing:storedCaption')}</caption>
        <thead>
          <tr>
            {heads.map((h) => (
              <th key={h} scope="col" className="border-b p-2 text-left">
                {t(`timing:head.${h}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ row, result: r, problems }) => (
            <tr key={row} data-testid="timing-preview-row">
              <td className="border-b p-2">{row}</td>
              {r ? (
                <>
                  {withClass ? <td className="border-b p-2">{r.className}</td> : null}
                  <td className="border-b p-2">{r.place ?? '—'}</td>
                  <td className="border-b p-2">{t(`events:resultTypes.${r.resultType}`)}</td>
                  <td className="border-b p-2">{r.riderName}</td>
                  <td className="border-b p-2">{r.amaNumber ?? ''}</td>
                  <td className="border-b p-2">{r.email ?? ''}</td>
                  <td className="border-b p-2">{[r.make, r.model].filter(Boolean).join(' ')}</td>
                  <td className="border-b p-2">{r.hometown ?? ''}</td>
                </>
              ) : (
                <td colSpan={heads.length - 1} className="border-b p-2 text-red-900">
                  {problems.map((p) => problemLine(t, p)).join(' ')}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function TimingMapping({
  data,
  actionData,
}: {
  data: TimingPageData;
  actionData?: TimingActionData;
}) {
  const { t } = useTranslation();
  const view = actionData?.view ?? data.view;
  const eventPath = `/auth/${data.role}/event/${data.eventId}`;
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
      <Form method="post" key={view.choices.join('|')} data-testid="timing-form">
        <h2 className="mb-2 text-lg font-semibold">{t('timing:yourFile')}</h2>
        <FileTable view={view} fieldErrors={actionData?.fieldErrors ?? {}} />
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
          <StoredTable rows={view.preview} withClass={data.shape === 'upload-all-class-result'} />
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

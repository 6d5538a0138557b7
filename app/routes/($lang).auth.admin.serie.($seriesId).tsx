import { UploadProgress } from '~/components/upload-progress';
import { ConfirmButton } from '~/components/confirm-button';
import { useZodForm } from '~/components/use-zod-form';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Badge, Empty, Section } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import {
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  TextareaField,
  ZodForm,
} from '~/components/forms';
import { ImportProblemList } from '~/components/import-problems';
import { SeriesAwards } from '~/components/series-awards';
import { LLink, useLang } from '~/components/link';
import { getDb } from '~/db.server';
import { RACE_STYLES } from '~/lib/constants';
import { formatDate } from '~/lib/format';
import { seriesSchema } from '~/lib/schemas/programs';
import { requireRole } from '~/services/auth/guard.server';
import { getSeriesForAdmin, seriesFormOptions } from '~/services/events/catalog/programs.server';
import {
  listSeriesAwards,
  seriesEnd,
  seriesRiders,
} from '~/services/money/awards/series-awards.server';
import { ScrollRegion } from '~/components/scroll-region';
import { seriesAdminAction, seriesIdParam } from '~/http/events/series-admin-route.server';
import { addOrEditTitle, at, type RouteHandle } from '~/lib/route-handle';
import { UserText } from '~/components/user-text';

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const db = getDb();
  const id = seriesIdParam(params.seriesId);
  const options = seriesFormOptions(db);
  if (id === null) return { series: null, events: [], standings: null, ...options };
  const found = getSeriesForAdmin(db, id);
  const end = seriesEnd(db, id);
  if (!found || !end) throw new Response('Not Found', { status: 404 });
  const standings = { end, riders: seriesRiders(db, id), awards: listSeriesAwards(db, id) };
  return { ...found, standings, ...options };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return seriesAdminAction(request, params.seriesId);
}

export default function AdminSerie() {
  const { t } = useTranslation();
  const { series, events, standings, categories, promoters } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Two Conform forms share the action: each gets only its own answer.
  const awardResult =
    actionData && 'awardResult' in actionData ? actionData.awardResult : undefined;
  const eventsUpload =
    actionData && 'eventsUpload' in actionData ? actionData.eventsUpload : undefined;
  const lastResult =
    actionData && !('awardResult' in actionData) && !('eventsUpload' in actionData)
      ? actionData
      : undefined;
  const [form, fields] = useZodForm(seriesSchema, {
    id: 'series',
    lastResult,
    defaultValue: series
      ? {
          ...series,
          categoryId: series.categoryId ?? '',
          promoterId: series.promoterId ?? '',
          raceStyle: series.raceStyle ?? '',
        }
      : { country: 'US' },
  });
  return (
    <>
      <PageHeading title={series ? series.name : t('admin:programs.addSeries')} />
      <Section title={t('admin:programs.seriesDetails')}>
        <ZodForm form={form} className="grid max-w-3xl gap-x-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="save" />
          {series ? <input type="hidden" name="__v" value={series.version} /> : null}
          <div className="sm:col-span-2">
            <ErrorList errors={form.errors} />
            <Field field={fields.name} label={t('admin:fields.name')} />
            <TextareaField
              field={fields.description}
              label={t('admin:programs.description')}
              rows={3}
            />
          </div>
          <SelectField
            field={fields.categoryId}
            label={t('common:pages.category')}
            placeholder={t('admin:programs.defaultProgram')}
            options={categories.map((c) => [String(c.id), c.name] as [string, string])}
          />
          <SelectField
            field={fields.promoterId}
            label={t('common:pages.promoter')}
            placeholder={t('common:none')}
            options={promoters.map((p) => [String(p.id), p.name] as [string, string])}
          />
          <SelectField
            field={fields.raceStyle}
            label={t('admin:fields.raceStyle')}
            placeholder={t('admin:any')}
            options={RACE_STYLES.map((s) => [s, t(`common:raceStyle.${s}`)] as [string, string])}
          />
          <Field field={fields.city} label={t('admin:fields.city')} />
          <Field field={fields.state} label={t('admin:fields.state')} />
          <Field field={fields.zipcode} label={t('admin:fields.zipcode')} />
          <Field field={fields.country} label={t('admin:fields.country')} maxLength={2} />
          <div className="sm:col-span-2">
            <SubmitButton>{t('common:actions.save')}</SubmitButton>
          </div>
        </ZodForm>
      </Section>
      {series ? (
        <>
          <SeriesEvents events={events} />
          <EventsUpload refused={eventsUpload} />
          {standings ? (
            <SeriesAwards
              end={standings.end}
              riders={standings.riders}
              awards={standings.awards}
              lastResult={awardResult}
            />
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <ConfirmButton message="admin:programs.confirmDeleteSeries">
              {t('common:actions.delete')}
            </ConfirmButton>
          </Form>
        </>
      ) : null}
    </>
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type ActionData = NonNullable<ReturnType<typeof useActionData<typeof action>>>;

/** The series' events, each removable from it (a confirmed POST). */
function SeriesEvents({ events }: { events: LoaderData['events'] }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Section title={t('common:pages.events')}>
      {events.length === 0 ? (
        <Empty />
      ) : (
        <ScrollRegion label={t('common:pages.events')}>
          <table className="table">
            <thead>
              <tr>
                <th>{t('admin:fields.event')}</th>
                <th>{t('admin:fields.date')}</th>
                <th>{t('admin:fields.location')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {events.map((e) => (
                <tr key={e.id}>
                  <td>
                    <LLink to={`/auth/admin/event/${e.id}`} className="text-brand hover:underline">
                      <UserText>{e.title}</UserText>
                    </LLink>
                    {e.cancelled ? (
                      <>
                        {' '}
                        <span className="ml-2">
                          <Badge tone="red">{t('admin:cancelled')}</Badge>
                        </span>
                      </>
                    ) : null}
                  </td>
                  <td>{formatDate(e.date, lang)}</td>
                  <td>{[e.city, e.state].filter(Boolean).join(', ')}</td>
                  <td>
                    <Form method="post">
                      <input type="hidden" name="intent" value="removeEvent" />
                      <input type="hidden" name="eventId" value={e.id} />
                      <ConfirmButton
                        message="admin:programs.confirmRemoveEvent"
                        className="btn-secondary"
                      >
                        {t('admin:programs.removeEvent')}
                      </ConfirmButton>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </Section>
  );
}

/** The events upload (CSV or XLSX) and, when it was refused, why. */
function EventsUpload({
  refused,
}: {
  refused: Extract<ActionData, { eventsUpload: unknown }>['eventsUpload'] | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('admin:programs.uploadEvents')}>
      <Form
        method="post"
        encType="multipart/form-data"
        className="max-w-3xl"
        data-testid="upload-events-form"
      >
        <input type="hidden" name="intent" value="uploadEvents" />
        <p className="mb-3 text-sm text-gray-700">{t('admin:programs.uploadEventsHelp')}</p>
        {refused ? (
          <div
            role="alert"
            data-testid="upload-events-refused"
            className="mb-3 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900"
          >
            {refused.problems.length ? (
              <ImportProblemList problems={refused.problems} />
            ) : (
              <p>{t(refused.error)}</p>
            )}
          </div>
        ) : null}
        <label htmlFor="events-file" className="label">
          {t('events:upload.file')}
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <input
            id="events-file"
            name="file"
            type="file"
            accept=".csv,.xlsx,text/csv"
            required
            className="input max-w-md"
          />
          <button type="submit" className="btn">
            {t('events:upload.submit')}
          </button>
        </div>
        <UploadProgress intent="uploadEvents" />
      </Form>
    </Section>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  title: addOrEditTitle(
    (d) => d.series === null,
    'titles:newSerie',
    'titles:adminSerie',
    (d) => at(d, 'series', 'name'),
  ),
} as const satisfies RouteHandle;

/**
 * The event page shared by admins and the event's promoter: the event, its classes and places,
 * the class and results uploads, and the results table with what each result pays (or why not).
 * Every form is a plain Remix <Form> that works without JavaScript; destructive buttons ask
 * `window.confirm` first when JavaScript runs.
 */
import { Form, useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AwardConflictList } from '~/components/award-conflicts';
import { ImportProblemList } from '~/components/import-problems';
import { PageHeading } from '~/components/dashboard-layout';
import { ErrorList } from '~/components/forms';
import { LLink, useLang } from '~/components/link';
import { RESULT_TYPES, UPLOAD_MAX_BYTES, type Currency } from '~/lib/constants';
import { formatDate, formatMoney } from '~/lib/format';
import { RESULT_UPLOAD_SHAPES } from '~/lib/schemas/events';
import type { AwardConflict } from '~/services/money/awards.server';
import type { ClassView, ResultView } from '~/services/events/event-results.server';
import type { EventActionData, EventPageData } from '~/services/events/event-page.server';

/** Cents as the text of an amount field ('1234' → '12.34'), without floating point. */
function centsToInput(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A submit button that asks for confirmation first (without JavaScript it simply submits). */
function ConfirmButton({
  message,
  children,
  className = 'btn-danger',
}: {
  message: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="submit"
      className={className}
      onClick={(e) => {
        if (!window.confirm(message)) e.preventDefault();
      }}
    >
      {children}
    </button>
  );
}

/** The refusal of an action: its reason, the upload problems (row, column, why), the award conflicts. */
function Refusal({ data, testId }: { data: EventActionData; testId: string }) {
  const { t } = useTranslation();
  const conflicts: AwardConflict[] = data.conflicts;
  if (!data.error && !data.problems.length && !conflicts.length) return null;
  return (
    <div
      role="alert"
      data-testid={testId}
      className="my-3 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900"
    >
      {data.problems.length ? (
        <ImportProblemList problems={data.problems} />
      ) : data.error ? (
        <p className="font-semibold">{t(data.error)}</p>
      ) : null}
      <AwardConflictList conflicts={conflicts} />
    </div>
  );
}

function fieldErrors(
  data: EventActionData | undefined,
  intent: string,
  name: string,
  targetId?: number,
): string[] | undefined {
  if (!data || data.intent !== intent) return undefined;
  if (targetId !== undefined && data.targetId !== targetId) return undefined;
  return data.fieldErrors[name];
}

/** With JavaScript, a file over 10MB is refused before it is sent (the server refuses it anyway). */
function useFileSizeCheck() {
  const { t } = useTranslation();
  return (e: React.ChangeEvent<HTMLInputElement>) => {
    const f = e.currentTarget.files?.[0];
    e.currentTarget.setCustomValidity(
      f && f.size > UPLOAD_MAX_BYTES ? t('events:upload.tooLarge') : '',
    );
  };
}

function Hidden({ name, value }: { name: string; value: string | number }) {
  return <input type="hidden" name={name} value={value} />;
}

// ---------------------------------------------------------------- uploads

function ClassUpload({ actionData }: { actionData?: EventActionData }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const checkSize = useFileSizeCheck();
  const mine = actionData && actionData.intent === 'uploadClasses' ? actionData : undefined;
  return (
    <section className="card mb-6" aria-labelledby="class-upload-title">
      <h2 id="class-upload-title" className="mb-2 text-lg font-semibold">
        {t('events:upload.classesTitle')}
      </h2>
      <p className="mb-3 text-sm text-gray-600">{t('events:upload.classesHelp')}</p>
      <Form
        method="post"
        action={`${pathname}?upload=classes`}
        encType="multipart/form-data"
        data-testid="class-upload-form"
      >
        <Hidden name="intent" value="uploadClasses" />
        <label htmlFor="class-file" className="label">
          {t('events:upload.file')}
        </label>
        <input
          id="class-file"
          name="file"
          type="file"
          required
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="input"
          onChange={checkSize}
        />
        <ErrorList errors={fieldErrors(mine, 'uploadClasses', 'file')} />
        {mine ? <Refusal data={mine} testId="class-upload-errors" /> : null}
        <button type="submit" className="btn mt-3">
          {t('events:upload.submit')}
        </button>
      </Form>
    </section>
  );
}

function ResultsUpload({
  classes,
  actionData,
}: {
  classes: ClassView[];
  actionData?: EventActionData;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const checkSize = useFileSizeCheck();
  const mine = actionData && actionData.intent === 'uploadResults' ? actionData : undefined;
  return (
    <section className="card mb-6" aria-labelledby="results-upload-title">
      <h2 id="results-upload-title" className="mb-2 text-lg font-semibold">
        {t('events:upload.resultsTitle')}
      </h2>
      <p className="mb-3 text-sm text-gray-600">{t('events:upload.resultsHelp')}</p>
      <Form
        method="post"
        action={`${pathname}?upload=results`}
        encType="multipart/form-data"
        data-testid="results-upload-form"
      >
        <Hidden name="intent" value="uploadResults" />
        <fieldset className="mb-3">
          <legend className="label">{t('events:upload.shape')}</legend>
          {RESULT_UPLOAD_SHAPES.map((shape, i) => (
            <label key={shape} className="flex items-center gap-2 text-sm">
              <input type="radio" name="shape" value={shape} defaultChecked={i === 1} />
              {t(`events:upload.shapes.${shape}`)}
            </label>
          ))}
          <ErrorList errors={fieldErrors(mine, 'uploadResults', 'shape')} />
        </fieldset>
        <label htmlFor="results-class" className="label">
          {t('events:upload.class')}
        </label>
        <select id="results-class" name="classId" className="input" defaultValue="">
          <option value="">{t('events:upload.chooseClass')}</option>
          {classes.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        <ErrorList errors={fieldErrors(mine, 'uploadResults', 'classId')} />
        <label htmlFor="results-file" className="label mt-3">
          {t('events:upload.file')}
        </label>
        <input
          id="results-file"
          name="file"
          type="file"
          required
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="input"
          onChange={checkSize}
        />
        <ErrorList errors={fieldErrors(mine, 'uploadResults', 'file')} />
        {mine ? <Refusal data={mine} testId="results-upload-errors" /> : null}
        <button type="submit" className="btn mt-3">
          {t('events:upload.submit')}
        </button>
      </Form>
    </section>
  );
}

// ---------------------------------------------------------------- classes

function ClassesSection({ classes }: { classes: ClassView[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <section className="mb-6" aria-labelledby="classes-title">
      <h2 id="classes-title" className="mb-2 text-lg font-semibold">
        {t('events:classes.title')}
      </h2>
      {classes.length === 0 ? (
        <p className="text-gray-600" data-testid="no-classes">
          {t('events:page.noClasses')}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table w-full text-sm" data-testid="classes-table">
            <thead>
              <tr>
                <th scope="col">{t('events:classes.name')}</th>
                <th scope="col">{t('events:classes.payoutType')}</th>
                <th scope="col">{t('events:classes.currency')}</th>
                <th scope="col">{t('events:classes.places')}</th>
                <th scope="col">{t('events:table.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {classes.map((c) => (
                <tr key={c.id} data-testid="class-row" data-class={c.name}>
                  <td className="font-medium">{c.name}</td>
                  <td>{t(`events:payoutTypes.${c.payoutType}`)}</td>
                  <td>{c.currency}</td>
                  <td>
                    {c.places.length === 0 ? (
                      <span className="text-gray-500">{t('events:classes.noPlaces')}</span>
                    ) : (
                      <ul className="flex flex-wrap gap-2">
                        {c.places.map((p) => (
                          <li
                            key={p.id}
                            className="flex items-center gap-1 rounded bg-gray-100 px-2 py-0.5"
                          >
                            <span>
                              {p.place}: {formatMoney(p.amountCents, c.currency, lang)}
                            </span>
                            <Form method="post" className="inline">
                              <Hidden name="intent" value="removePlace" />
                              <Hidden name="placeId" value={p.id} />
                              <ConfirmButton
                                message={t('events:classes.confirmRemovePlace')}
                                className="text-xs text-red-700 underline"
                              >
                                <span aria-hidden="true">×</span>
                                <span className="sr-only">
                                  {t('events:classes.removePlace', { place: p.place })}
                                </span>
                              </ConfirmButton>
                            </Form>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>
                    <Form method="post">
                      <Hidden name="intent" value="removeClass" />
                      <Hidden name="classId" value={c.id} />
                      <ConfirmButton
                        message={t('events:classes.confirmRemoveClass')}
                        className="text-sm text-red-700 underline"
                      >
                        {t('events:classes.removeClass')}
                      </ConfirmButton>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

// ---------------------------------------------------------------- results

function PayoutCell({
  r,
  currency,
  payoutLabel,
}: {
  r: ResultView;
  currency: Currency;
  payoutLabel: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  if (r.payoutCents > 0) {
    return (
      <span data-testid="payout" className="font-medium text-green-800">
        {formatMoney(r.payoutCents, currency, lang)}{' '}
        <span className="text-xs text-gray-600">({payoutLabel})</span>
      </span>
    );
  }
  return (
    <span data-testid="payout" className="text-gray-600">
      {r.noPayoutReason ? t(`events:reasons.${r.noPayoutReason}`) : '—'}
    </span>
  );
}

function EditPanel({ r, actionData }: { r: ResultView; actionData?: EventActionData }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const mine =
    actionData && actionData.intent === 'editResult' && actionData.targetId === r.id
      ? actionData
      : undefined;
  const err = (name: string) => fieldErrors(actionData, 'editResult', name, r.id);
  return (
    <Form method="post" className="grid gap-3 p-3 sm:grid-cols-2" data-testid="edit-result-form">
      <h3 className="font-semibold sm:col-span-2">
        {t('events:edit.title', { name: r.riderName })}
      </h3>
      <Hidden name="intent" value="editResult" />
      <Hidden name="resultId" value={r.id} />
      <div>
        <label htmlFor={`place-${r.id}`} className="label">
          {t('events:edit.place')}
        </label>
        <input
          id={`place-${r.id}`}
          name="place"
          type="number"
          min={1}
          step={1}
          defaultValue={r.place ?? ''}
          className="input"
        />
        <p className="mt-1 text-xs text-gray-500">{t('events:edit.placeHint')}</p>
        <ErrorList errors={err('place')} />
      </div>
      <div>
        <label htmlFor={`type-${r.id}`} className="label">
          {t('events:edit.resultType')}
        </label>
        <select id={`type-${r.id}`} name="resultType" defaultValue={r.resultType} className="input">
          {RESULT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`events:resultTypes.${type}`)}
            </option>
          ))}
        </select>
        <ErrorList errors={err('resultType')} />
      </div>
      <div>
        <label htmlFor={`bonus-${r.id}`} className="label">
          {t('events:edit.bonus')}
        </label>
        <input
          id={`bonus-${r.id}`}
          name="bonus"
          type="text"
          inputMode="decimal"
          pattern="[0-9]+([.,][0-9]{1,2})?"
          defaultValue={centsToInput(r.bonusCents)}
          className="input"
        />
        <p className="mt-1 text-xs text-gray-500">{t('events:edit.bonusHint')}</p>
        <ErrorList errors={err('bonus')} />
      </div>
      <div>
        <label htmlFor={`bonus-note-${r.id}`} className="label">
          {t('events:edit.bonusNote')}
        </label>
        <input
          id={`bonus-note-${r.id}`}
          name="bonusNote"
          type="text"
          maxLength={200}
          defaultValue={r.bonusNote ?? ''}
          className="input"
        />
        <ErrorList errors={err('bonusNote')} />
      </div>
      {mine ? (
        <div className="sm:col-span-2">
          <Refusal data={mine} testId="edit-result-errors" />
        </div>
      ) : null}
      <div className="flex gap-3 sm:col-span-2">
        <button type="submit" className="btn">
          {t('events:edit.save')}
        </button>
        <a href={pathname} className="btn-secondary">
          {t('events:edit.cancel')}
        </a>
      </div>
    </Form>
  );
}

function LinkPanel({
  r,
  link,
  actionData,
}: {
  r: ResultView;
  link: NonNullable<EventPageData['link']>;
  actionData?: EventActionData;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const mine =
    actionData && actionData.intent === 'linkResult' && actionData.targetId === r.id
      ? actionData
      : undefined;
  return (
    <div className="grid gap-3 p-3" data-testid="link-panel">
      <h3 className="font-semibold">{t('events:link.title', { name: r.riderName })}</h3>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <Hidden name="link" value={r.id} />
        <div className="flex-1">
          <label htmlFor={`q-${r.id}`} className="label">
            {t('events:link.search')}
          </label>
          <input
            id={`q-${r.id}`}
            name="q"
            type="search"
            minLength={2}
            defaultValue={link.q || r.riderName}
            className="input"
          />
        </div>
        <button type="submit" className="btn-secondary">
          {t('events:link.searchButton')}
        </button>
      </Form>
      {link.q && link.candidates.length === 0 ? (
        <p className="text-sm text-gray-600">{t('events:link.none')}</p>
      ) : null}
      {link.candidates.length ? (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <Hidden name="intent" value="linkResult" />
          <Hidden name="resultId" value={r.id} />
          <div className="flex-1">
            <label htmlFor={`rider-${r.id}`} className="label">
              {t('events:link.choose')}
            </label>
            <select id={`rider-${r.id}`} name="riderId" required className="input">
              {link.candidates.map((c) => (
                <option key={c.id} value={c.id}>
                  {t('events:link.option', {
                    name: c.name,
                    ama: c.amaNumber ?? t('events:link.noAma'),
                    email: c.email,
                  })}
                </option>
              ))}
            </select>
            <ErrorList errors={fieldErrors(actionData, 'linkResult', 'riderId', r.id)} />
          </div>
          <button type="submit" className="btn">
            {t('events:link.submit')}
          </button>
        </Form>
      ) : null}
      {mine ? <Refusal data={mine} testId="link-errors" /> : null}
      <p>
        <a href={pathname} className="text-sm underline">
          {t('events:link.cancel')}
        </a>
      </p>
    </div>
  );
}

function ResultsTable({
  cls,
  rows,
  data,
  actionData,
}: {
  cls: ClassView;
  rows: ResultView[];
  data: EventPageData;
  actionData?: EventActionData;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { pathname } = useLocation();
  const payoutLabel = t(`events:payoutTypes.${cls.payoutType}`);
  const confirmDelete = t('events:table.confirmDeleteResults');
  return (
    <section
      className="mb-8"
      data-testid="results-class"
      data-class={cls.name}
      aria-labelledby={`results-${cls.id}`}
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <h3 id={`results-${cls.id}`} className="text-base font-semibold">
          {cls.name}{' '}
          <span className="text-sm font-normal text-gray-600">
            ({payoutLabel} · {t('events:page.present', { count: cls.present })})
          </span>
        </h3>
        <Form method="post">
          <Hidden name="intent" value="deleteClassResults" />
          <Hidden name="classId" value={cls.id} />
          <ConfirmButton message={confirmDelete} className="text-sm text-red-700 underline">
            {t('events:table.deleteClassResults')}
          </ConfirmButton>
        </Form>
      </div>
      {actionData &&
      actionData.intent === 'deleteClassResults' &&
      actionData.targetId === cls.id ? (
        <Refusal data={actionData} testId="class-action-errors" />
      ) : null}
      <div className="overflow-x-auto">
        <table className="table w-full text-sm">
          <caption className="sr-only">
            {t('events:table.caption', { className: cls.name })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('events:table.place')}</th>
              <th scope="col">{t('events:table.rider')}</th>
              <th scope="col">{t('events:table.ama')}</th>
              <th scope="col">{t('events:table.bike')}</th>
              <th scope="col">{t('events:table.hometown')}</th>
              <th scope="col">{t('events:table.result')}</th>
              <th scope="col">{t('events:table.payout')}</th>
              <th scope="col">{t('events:table.bonus')}</th>
              <th scope="col">{t('events:table.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <ResultRows
                key={r.id}
                r={r}
                cls={cls}
                data={data}
                actionData={actionData}
                payoutLabel={payoutLabel}
                pathname={pathname}
                lang={lang}
              />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ResultRows({
  r,
  cls,
  data,
  actionData,
  payoutLabel,
  pathname,
  lang,
}: {
  r: ResultView;
  cls: ClassView;
  data: EventPageData;
  actionData?: EventActionData;
  payoutLabel: string;
  pathname: string;
  lang: 'en' | 'fr';
}) {
  const { t } = useTranslation();
  const editing =
    data.editId === r.id || (actionData?.intent === 'editResult' && actionData.targetId === r.id);
  const linking = data.link?.resultId === r.id ? data.link : null;
  const rowError =
    actionData && actionData.intent === 'deleteResult' && actionData.targetId === r.id;
  return (
    <>
      <tr
        id={`result-${r.id}`}
        data-testid="result-row"
        data-rider={r.riderName}
        data-class={cls.name}
      >
        <td data-testid="place">{r.place ?? '—'}</td>
        <td data-testid="rider">
          <span className="font-medium">{r.riderName}</span>
          {r.riderId === null ? (
            <>
              {' '}
              <span
                className="rounded bg-yellow-100 px-1.5 text-xs text-yellow-900"
                data-testid="unlinked"
              >
                {t('events:table.unlinked')}
              </span>{' '}
              <a href={`${pathname}?link=${r.id}#result-${r.id}`} className="text-xs underline">
                {t('events:table.link')}
              </a>
            </>
          ) : r.linkedRiderName && r.linkedRiderName !== r.riderName ? (
            <span className="block text-xs text-gray-600">
              {t('events:table.linkedTo', { name: r.linkedRiderName })}
            </span>
          ) : null}
        </td>
        <td>{r.amaNumber ?? ''}</td>
        <td data-testid="bike">{[r.make, r.model].filter(Boolean).join(' ')}</td>
        <td>{r.hometown ?? ''}</td>
        <td data-testid="result-type">{t(`events:resultTypes.${r.resultType}`)}</td>
        <td>
          <PayoutCell r={r} currency={cls.currency} payoutLabel={payoutLabel} />
        </td>
        <td data-testid="bonus">
          {r.bonusCents > 0
            ? r.payoutCents > 0
              ? formatMoney(r.bonusCents, cls.currency, lang)
              : t('events:table.bonusNotPaid', {
                  amount: formatMoney(r.bonusCents, cls.currency, lang),
                })
            : ''}
          {r.bonusNote ? <span className="block text-xs text-gray-600">{r.bonusNote}</span> : null}
        </td>
        <td>
          <div className="flex flex-wrap items-center gap-3">
            <a href={`${pathname}?edit=${r.id}#result-${r.id}`} className="underline">
              {t('events:table.edit')}
            </a>
            {r.riderId !== null ? (
              <a href={`${pathname}?link=${r.id}#result-${r.id}`} className="underline">
                {t('events:table.relink')}
              </a>
            ) : null}
            <Form method="post">
              <Hidden name="intent" value="deleteResult" />
              <Hidden name="resultId" value={r.id} />
              <ConfirmButton
                message={t('events:table.confirmDeleteResults')}
                className="text-red-700 underline"
              >
                {t('events:table.delete')}
              </ConfirmButton>
            </Form>
          </div>
        </td>
      </tr>
      {rowError ? (
        <tr>
          <td colSpan={9}>
            <Refusal data={actionData} testId="row-errors" />
          </td>
        </tr>
      ) : null}
      {editing ? (
        <tr>
          <td colSpan={9} className="bg-gray-50">
            <EditPanel r={r} actionData={actionData} />
          </td>
        </tr>
      ) : null}
      {linking ? (
        <tr>
          <td colSpan={9} className="bg-gray-50">
            <LinkPanel r={r} link={linking} actionData={actionData} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

// ---------------------------------------------------------------- page

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
}: {
  data: EventPageData;
  actionData?: EventActionData;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { view, role } = data;
  const e = view.event;
  const general =
    actionData && actionData.intent && GENERAL_INTENTS.includes(actionData.intent)
      ? actionData
      : undefined;
  const place = [e.city, e.state, e.country].filter(Boolean).join(', ');
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
      <PageHeading title={e.title}>
        {e.cancelled ? (
          <span
            className="rounded bg-red-100 px-2 py-1 text-sm font-semibold text-red-800"
            data-testid="event-cancelled"
          >
            {t('events:page.cancelled')}
          </span>
        ) : null}
      </PageHeading>
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

      {role === 'admin' ? (
        <div className="mb-6 flex flex-wrap items-center gap-3">
          <Form method="post">
            <Hidden name="intent" value="verifyResults" />
            <button type="submit" className="btn" disabled={view.results.length === 0}>
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
      ) : null}

      {general ? <Refusal data={general} testId="action-errors" /> : null}

      <ClassesSection classes={view.classes} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ClassUpload actionData={actionData} />
        <ResultsUpload classes={view.classes} actionData={actionData} />
      </div>

      <section aria-labelledby="results-title" className="mt-2">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="results-title" className="text-lg font-semibold">
            {t('events:page.results')}
          </h2>
          {view.results.length ? (
            <Form method="post">
              <Hidden name="intent" value="deleteAllResults" />
              <ConfirmButton
                message={t('events:table.confirmDeleteResults')}
                className="btn-danger"
              >
                {t('events:table.deleteAllResults')}
              </ConfirmButton>
            </Form>
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

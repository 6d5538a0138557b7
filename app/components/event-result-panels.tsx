/**
 * The panels opened under a result row of the event page: edit the result (place, result type,
 * bonus and its note) and link the result to a rider account (search, then choose).
 */
import { Form, useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors, forIntent, Hidden, Refusal } from '~/components/event-form-parts';
import { ErrorList } from '~/components/forms';
import { RESULT_TYPES } from '~/lib/constants';
import type { ResultView } from '~/services/events/management/event-view.server';
import type { EventActionData, EventPageData } from '~/http/events/event-page.server';

/** Cents as the text of an amount field ('1234' → '12.34'), without floating point. */
function centsToInput(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** One field of the edit panel: its label, the control (`children`, with the id), a hint, its errors. */
function EditField({
  id,
  label,
  hint,
  errors,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  errors: string[] | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
      {hint ? <p className="mt-1 text-xs text-gray-500">{hint}</p> : null}
      <ErrorList errors={errors} />
    </div>
  );
}

export function EditPanel({ r, actionData }: { r: ResultView; actionData?: EventActionData }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const mine = forIntent(actionData, 'editResult', r.id);
  const err = (name: string) => fieldErrors(actionData, 'editResult', name, r.id);
  return (
    <Form method="post" className="grid gap-3 p-3 sm:grid-cols-2" data-testid="edit-result-form">
      <h3 className="font-semibold sm:col-span-2">
        {t('events:edit.title', { name: r.riderName })}
      </h3>
      <Hidden name="intent" value="editResult" />
      <Hidden name="resultId" value={r.id} />
      <EditField
        id={`place-${r.id}`}
        label={t('events:edit.place')}
        hint={t('events:edit.placeHint')}
        errors={err('place')}
      >
        <input
          id={`place-${r.id}`}
          name="place"
          type="number"
          min={1}
          step={1}
          defaultValue={r.place ?? ''}
          className="input"
        />
      </EditField>
      <EditField id={`type-${r.id}`} label={t('events:edit.resultType')} errors={err('resultType')}>
        <select id={`type-${r.id}`} name="resultType" defaultValue={r.resultType} className="input">
          {RESULT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`events:resultTypes.${type}`)}
            </option>
          ))}
        </select>
      </EditField>
      <EditField
        id={`bonus-${r.id}`}
        label={t('events:edit.bonus')}
        hint={t('events:edit.bonusHint')}
        errors={err('bonus')}
      >
        <input
          id={`bonus-${r.id}`}
          name="bonus"
          type="text"
          inputMode="decimal"
          pattern="[0-9]+([.,][0-9]{1,2})?"
          defaultValue={centsToInput(r.bonusCents)}
          className="input"
        />
      </EditField>
      <EditField
        id={`bonus-note-${r.id}`}
        label={t('events:edit.bonusNote')}
        errors={err('bonusNote')}
      >
        <input
          id={`bonus-note-${r.id}`}
          name="bonusNote"
          type="text"
          maxLength={200}
          defaultValue={r.bonusNote ?? ''}
          className="input"
        />
      </EditField>
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

export function LinkPanel({
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
  const mine = forIntent(actionData, 'linkResult', r.id);
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

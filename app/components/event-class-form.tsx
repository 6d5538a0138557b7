/**
 * The event page's class form: add a class, or change the one picked with "Edit" (`?class=`),
 * without a file — name, payout type, currency and the amount of each place (a blank place pays
 * nothing). An amount over the promoter's per-place limit is refused next to that place.
 */
import { getInputProps } from '@conform-to/react';
import { Link, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorList, Field, SelectField, SubmitButton, ZodForm } from '~/components/forms';
import { useZodForm } from '~/components/use-zod-form';
import { CURRENCIES, PAYOUT_TYPES, type Currency } from '~/lib/constants';
import { CLASS_FORM_PLACES, saveClassSchema } from '~/lib/schemas/events';
import type { ClassView } from '~/services/events/management/event-view.server';
import type { EventActionData } from '~/http/events/event-page.server';

export function ClassForm({
  classes,
  editId,
  currency,
  actionData,
}: {
  classes: ClassView[];
  editId: number | null;
  currency: Currency;
  actionData?: EventActionData;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const cls = classes.find((c) => c.id === editId) ?? null;
  const count = Math.max(CLASS_FORM_PLACES, ...(cls?.places.map((p) => p.place) ?? []));
  const amounts = Array.from({ length: count }, (_, i) => {
    const p = cls?.places.find((x) => x.place === i + 1);
    return p ? (p.amountCents / 100).toFixed(2) : '';
  });
  const [form, fields] = useZodForm(saveClassSchema, {
    // A new id once a class is added or the edited class changes: the form starts empty again.
    id: cls ? `class-form-${cls.id}` : `class-form-new-${classes.length}`,
    lastResult: actionData?.intent === 'saveClass' ? actionData.reply : undefined,
    defaultValue: {
      name: cls?.name ?? '',
      payoutType: cls?.payoutType ?? 'cash',
      currency: cls?.currency ?? currency,
      places: amounts,
    },
  });
  const places = fields.places.getFieldList();
  return (
    <section className="card mb-6" aria-labelledby="class-form-title">
      <h2 id="class-form-title" className="mb-2 text-lg font-semibold">
        {cls ? t('events:classForm.editTitle', { name: cls.name }) : t('events:classForm.addTitle')}
      </h2>
      <ZodForm form={form} data-testid="class-form">
        <input type="hidden" name="intent" value="saveClass" />
        {cls ? <input type="hidden" name="classId" value={cls.id} /> : null}
        <ErrorList errors={form.errors} />
        <div className="grid gap-x-4 sm:grid-cols-3">
          <Field field={fields.name} label={t('events:classes.name')} />
          <SelectField
            field={fields.payoutType}
            label={t('events:classes.payoutType')}
            options={PAYOUT_TYPES.map((p) => [p, t(`events:payoutTypes.${p}`)] as [string, string])}
          />
          <SelectField
            field={fields.currency}
            label={t('events:classes.currency')}
            options={CURRENCIES.map((c) => [c, c] as [string, string])}
          />
        </div>
        <fieldset>
          <legend className="label">{t('events:classForm.places')}</legend>
          <p className="mb-2 text-xs text-gray-600">{t('events:classForm.placesHelp')}</p>
          <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-5">
            {places.map((place, i) => (
              <div key={place.key} className="mb-3">
                <label htmlFor={place.id} className="label">
                  {t('events:classForm.place', { place: i + 1 })}
                </label>
                <input
                  {...getInputProps(place, { type: 'text' })}
                  key={place.key}
                  inputMode="decimal"
                  className="input"
                />
                <ErrorList id={place.errorId} errors={place.errors} alert={false} />
              </div>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton data-testid="class-save">
            {cls ? t('common:actions.save') : t('events:classForm.add')}
          </SubmitButton>
          {cls ? (
            <Link to={pathname} className="underline">
              {t('events:classForm.cancelEdit')}
            </Link>
          ) : null}
        </div>
      </ZodForm>
    </section>
  );
}

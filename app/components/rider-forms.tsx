/**
 * Form pieces of the rider pages (registration, profile, password reset). Render only: the
 * schemas in ~/lib/schemas/rider and the routes' actions decide.
 */
import {
  getInputProps,
  getSelectProps,
  type FieldMetadata,
  type SubmissionResult,
} from '@conform-to/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ErrorList,
  Field,
  PasswordFields,
  SelectField,
  SubmitButton,
  ZodForm,
} from '~/components/forms';
import { useLang } from '~/components/link';
import { RACE_STYLES, SEXES } from '~/lib/constants';
import { countryByCode, countryOptions, regionsFor } from '~/lib/countries';
import { byPlaceName } from '~/lib/regions';
import { resetPasswordSchema } from '~/lib/schemas/rider';
import { useZodForm } from '~/components/use-zod-form';

/** False on the server and during hydration, true once the browser runs the page's scripts. */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

type AnyField = FieldMetadata<unknown>;

/** Select options for the sexes (male, female, non-binary). */
export function useSexOptions(): [string, string][] {
  const { t } = useTranslation();
  return SEXES.map((s) => [s, t(`common:sex.${s}`)]);
}

/** Select options for the race styles. */
export function useRaceStyleOptions(): [string, string][] {
  const { t } = useTranslation();
  return RACE_STYLES.map((s) => [s, t(`common:raceStyle.${s}`)]);
}

/**
 * Address lines, city, country, region and zipcode. With scripts the region is a select of the
 * chosen country's regions (US, Canada) or a text field (other countries); without scripts both
 * are shown: every US and Canadian region, grouped, and a text field for other countries.
 */
export function AddressFields({
  fields,
}: {
  fields: {
    addressLine1: AnyField;
    addressLine2: AnyField;
    city: AnyField;
    country: AnyField;
    state: AnyField;
    stateText: AnyField;
    zipcode: AnyField;
  };
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const hydrated = useHydrated();
  const [country, setCountry] = useState(String(fields.country.initialValue ?? 'US'));
  const options = countryOptions(lang).map((c): [string, string] => [c.value, c.label]);
  const hasRegions = regionsFor(country).length > 0;
  const stateProps = getSelectProps(fields.state);
  const regionLabel = (r: { label: string; labelFr: string }) =>
    lang === 'fr' ? r.labelFr : r.label;

  return (
    <fieldset className="mb-2">
      <legend className="mb-3 text-lg font-semibold">{t('rider:fields.address')}</legend>
      <Field
        field={fields.addressLine1}
        label={t('rider:fields.addressLine1')}
        autoComplete="address-line1"
      />
      <Field
        field={fields.addressLine2}
        label={t('rider:fields.addressLine2')}
        autoComplete="address-line2"
      />
      <Field field={fields.city} label={t('rider:fields.city')} autoComplete="address-level2" />
      <SelectField
        field={fields.country}
        label={t('rider:fields.country')}
        options={options}
        autoComplete="country"
        onChange={(e) => setCountry(e.currentTarget.value)}
      />
      {!hydrated || hasRegions ? (
        <div className="mb-4">
          <label htmlFor={fields.state.id} className="label">
            {hydrated ? t('rider:fields.region') : t('rider:fields.regionUsCa')}
          </label>
          {/* Same optgroup/option keys with and without scripts, so a choice made before the
              page hydrates survives hydration. */}
          <select
            {...stateProps}
            key={stateProps.key}
            className="input"
            autoComplete="address-level1"
          >
            <option value="">{t('rider:fields.regionChoose')}</option>
            {(['US', 'CA'] as const)
              .filter((code) => !hydrated || code === countryByCode(country)?.code)
              .map((code) => {
                const c = countryByCode(code);
                return c ? (
                  <optgroup key={code} label={lang === 'fr' ? c.labelFr : c.label}>
                    {byPlaceName(
                      c.regions.map((r) => ({ code: r.code, label: regionLabel(r) })),
                      lang,
                    ).map((r) => (
                      <option key={`${code}-${r.code}`} value={r.code}>
                        {r.label}
                      </option>
                    ))}
                  </optgroup>
                ) : null;
              })}
          </select>
          <ErrorList id={fields.state.errorId} errors={fields.state.errors} alert={false} />
        </div>
      ) : null}
      {!hydrated || !hasRegions ? (
        <Field
          field={fields.stateText}
          label={hydrated ? t('rider:fields.region') : t('rider:fields.regionOther')}
          autoComplete="address-level1"
        />
      ) : null}
      <Field field={fields.zipcode} label={t('rider:fields.zipcode')} autoComplete="postal-code" />
    </fieldset>
  );
}

/** A radio group wired to a Conform field (value strings with labels). */
export function RadioGroup({
  field,
  legend,
  options,
}: {
  field: AnyField;
  legend: string;
  options: [string, string][];
}) {
  return (
    <fieldset className="mb-4">
      <legend className="label">{legend}</legend>
      <div className="flex flex-wrap gap-4">
        {options.map(([value, label]) => {
          const props = getInputProps(field, { type: 'radio', value });
          return (
            <label key={value} className="flex items-center gap-2">
              <input
                {...props}
                key={`${field.key ?? ''}-${value}`}
                id={`${field.id}-${value}`}
                className="h-4 w-4"
              />
              <span>{label}</span>
            </label>
          );
        })}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} alert={false} />
    </fieldset>
  );
}

/**
 * The new-password form of /forgot-password-reset and /password-lost-reset: e-mail, the code
 * from the mail and the new password twice. It always posts to /forgot-password-reset.
 */
export function PasswordResetForm({
  action,
  email,
  code,
  lastResult,
}: {
  action: string;
  email: string | null;
  code: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(resetPasswordSchema, {
    id: 'password-reset',
    lastResult,
    defaultValue: { email: email ?? '', code: code ?? '' },
  });
  return (
    <ZodForm form={form} action={action}>
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        field={fields.email}
        label={t('rider:fields.email')}
        type="email"
        autoComplete="email"
      />
      <Field
        field={fields.code}
        label={t('rider:recovery.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
      />
      <PasswordFields password={fields.password} confirm={fields.confirmPassword} />
      <SubmitButton className="btn w-full">{t('rider:recovery.resetSubmit')}</SubmitButton>
    </ZodForm>
  );
}

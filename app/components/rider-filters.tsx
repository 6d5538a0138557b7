/**
 * The GET filter forms of the rider area (earnings, redemptions, dealer search): labelled fields
 * showing the URL's values, each field's errors (i18n keys) under it, the submit button and a
 * "Clear" link back to the bare page. A plain GET form: works without JavaScript.
 */
import { Form, useSearchParams } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList } from '~/components/forms';
import { LLink } from '~/components/link';

/** One field: a text or date input, or a select of `options` after an "All" option. */
export type RiderFilterDef = {
  /** The query parameter. */
  name: string;
  id: string;
  label: string;
  type?: 'text' | 'date';
  options?: readonly { value: string; label: ReactNode; key?: string }[];
};

export function RiderFilterForm({
  fields,
  errors,
  clearTo,
  testId,
  submitLabel,
  className = 'card mb-6 flex flex-wrap items-end gap-4',
  groupButtons = false,
}: {
  fields: readonly RiderFilterDef[];
  errors: Partial<Record<string, string[]>>;
  /** The page without filters (a site path). */
  clearTo: string;
  testId: string;
  submitLabel?: string;
  className?: string;
  /** Put the two buttons in one box (a grid layout). */
  groupButtons?: boolean;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const buttons = (
    <>
      <button type="submit" className="btn">
        {submitLabel ?? t('common:actions.filter')}
      </button>
      <LLink to={clearTo} className="btn-secondary">
        {t('common:actions.clear')}
      </LLink>
    </>
  );
  return (
    <Form method="get" className={className} data-testid={testId}>
      {fields.map((f) => {
        const value = params.get(f.name) ?? '';
        const common = {
          id: f.id,
          name: f.name,
          className: 'input',
          defaultValue: value,
          'aria-invalid': errors[f.name] ? true : undefined,
        };
        return (
          <div key={f.name}>
            <label htmlFor={f.id} className="label">
              {f.label}
            </label>
            {f.options ? (
              <select {...common} key={`${f.name}-${value}`}>
                <option value="">{t('riderArea:filters.all')}</option>
                {f.options.map((o) => (
                  <option key={o.key ?? o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input {...common} type={f.type} key={`${f.name}-${value}`} />
            )}
            <ErrorList errors={errors[f.name]} />
          </div>
        );
      })}
      {groupButtons ? <div className="flex gap-2">{buttons}</div> : buttons}
    </Form>
  );
}

/** The admin's "Add a rider" form, shown by /auth/admin/rider without an id. */
import { type SubmissionResult } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { Section } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import { ErrorSummary, Field, SelectField, SubmitButton, ZodForm } from '~/components/forms';
import { useLang } from '~/components/link';
import { countryOptions } from '~/lib/countries';
import { adminAddRiderSchema } from '~/lib/schemas/admin-add-rider';
import { LanguageField } from '~/components/language-field';
import { useZodForm } from '~/components/use-zod-form';

export function AdminRiderCreate({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form, fields] = useZodForm(adminAddRiderSchema, {
    id: 'add-rider',
    lastResult,
    defaultValue: { country: 'US', level: 'amateur', lang },
  });
  const k = (key: string) => t(`adminAddRider:${key}`);
  const summary: Parameters<typeof ErrorSummary>[0]['fields'] = [
    [fields.firstName, k('firstName')],
    [fields.lastName, k('lastName')],
    [fields.email, k('email')],
    [fields.phone1, k('phone')],
    [fields.level, k('level')],
    [fields.country, k('country')],
    [fields.dateOfBirth, k('dateOfBirth')],
    [fields.lang, k('lang')],
  ];
  return (
    <>
      <PageHeading title={k('title')} />
      <Section title={k('title')}>
        <p className="mb-4 text-sm">{k('intro')}</p>
        <ZodForm
          form={form}
          summary={summary}
          className="grid gap-x-4 sm:grid-cols-2"
          data-testid="add-rider-form"
        >
          <Field field={fields.firstName} label={k('firstName')} autoComplete="off" />
          <Field field={fields.lastName} label={k('lastName')} autoComplete="off" />
          <Field field={fields.email} label={k('email')} type="email" autoComplete="off" />
          <Field field={fields.phone1} label={k('phone')} type="tel" />
          <SelectField
            field={fields.level}
            label={k('level')}
            options={[
              ['amateur', k('amateur')],
              ['pro', k('pro')],
            ]}
          />
          <SelectField
            field={fields.country}
            label={k('country')}
            options={countryOptions(lang).map((o) => [o.value, o.label])}
          />
          <Field field={fields.dateOfBirth} label={k('dateOfBirth')} type="date" />
          <LanguageField field={fields.lang} label={k('lang')} />
          <div className="sm:col-span-2">
            <SubmitButton>{k('submit')}</SubmitButton>
          </div>
        </ZodForm>
      </Section>
    </>
  );
}

/**
 * The admin rider page's merge form (confirmed by typing DELETE and the e-mail of the rider to
 * delete, or KEEP and the e-mail of the rider to keep). Works without JavaScript; a refusal lists the awards that cannot be taken back.
 */
import { getInputProps, type SubmissionResult } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { Section } from '~/components/admin-ui';
import { AwardConflictList } from '~/components/award-conflicts';
import { ErrorList, Field, ZodForm } from '~/components/forms';
import { riderMergeFormSchema } from '~/lib/schemas/admin';
import type { AwardConflict } from '~/services/money/awards/award-conflicts.server';
import { useZodForm } from '~/components/use-zod-form';

export function RiderMerge({
  email,
  lastResult,
  conflicts,
}: {
  email: string;
  lastResult: SubmissionResult<string[]> | undefined;
  conflicts: AwardConflict[];
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(riderMergeFormSchema, { id: 'rider-merge', lastResult });
  return (
    <Section title={t('admin:merge.title')}>
      <ZodForm form={form} className="max-w-2xl" data-testid="rider-merge-form">
        <input type="hidden" name="intent" value="merge" />
        <p className="mb-4 text-sm text-gray-700">{t('admin:merge.intro', { email })}</p>
        {form.errors?.length || conflicts.length ? (
          <div
            role="alert"
            className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900"
            data-testid="merge-refused"
          >
            <ErrorList id={form.errorId} errors={form.errors} />
            <AwardConflictList conflicts={conflicts} />
          </div>
        ) : null}
        <Field field={fields.otherEmail} label={t('admin:merge.otherEmail')} type="email" />
        <fieldset
          className="mb-4"
          aria-describedby={fields.keep.errors ? fields.keep.errorId : undefined}
        >
          <legend className="label">{t('admin:merge.keep')}</legend>
          {(['this', 'other'] as const).map((value) => (
            <label key={value} className="mr-6 inline-flex items-center gap-2">
              <input
                {...getInputProps(fields.keep, { type: 'radio', value })}
                key={`${fields.keep.key}-${value}`}
              />
              {t(`admin:merge.keep_${value}`, { email })}
            </label>
          ))}
          <ErrorList id={fields.keep.errorId} errors={fields.keep.errors} />
        </fieldset>
        <Field
          field={fields.confirmation}
          label={t('admin:merge.confirmation')}
          hint={t('admin:merge.confirmationHint')}
          autoComplete="off"
          spellCheck={false}
        />
        <button type="submit" className="btn-danger">
          {t('admin:merge.submit')}
        </button>
      </ZodForm>
    </Section>
  );
}

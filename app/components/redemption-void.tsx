import { type SubmissionResult } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { ErrorList, Field, SubmitButton, ZodForm } from '~/components/forms';
import { useLang } from '~/components/link';
import { useZodForm } from '~/components/use-zod-form';
import { formatDate } from '~/lib/format';
import { voidSchema } from '~/lib/schemas/dealer';
import type { VoidState } from '~/services/money/counter/redemption-voids.server';

/**
 * Under a dealer's receipt: the void form while the void window is open (a reason required), or
 * why it can no longer be voided; nothing once voided or refunded.
 */
export function RedemptionVoid({
  voiding,
  onceToken,
  lastResult,
}: {
  voiding: VoidState;
  onceToken: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form, fields] = useZodForm(voidSchema, { id: 'void', lastResult });
  if (voiding.state === 'revoked') return null;
  const date = formatDate(voiding.lastDay, lang);
  if (voiding.state === 'closed')
    return (
      <p className="card mx-auto mt-6 max-w-lg text-sm print:hidden" data-testid="void-closed">
        {t('dealer:void.closed', { date })}
      </p>
    );
  return (
    <section
      className="card mx-auto mt-6 max-w-lg print:hidden"
      aria-labelledby="void-title"
      data-testid="void-section"
    >
      <h2 id="void-title" className="mb-2 text-lg font-semibold">
        {t('dealer:void.title')}
      </h2>
      <p className="mb-4 text-sm">{t('dealer:void.explain', { date })}</p>
      <ZodForm form={form} data-testid="void-form">
        <input type="hidden" name="onceToken" value={onceToken} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          field={fields.reason}
          label={t('dealer:void.reason')}
          hint={t('dealer:void.reasonHint')}
          autoComplete="off"
        />
        <SubmitButton className="btn-danger">{t('dealer:void.submit')}</SubmitButton>
      </ZodForm>
    </section>
  );
}

/**
 * The admin series page's final-standings awards: the form to award a rider of the series once its
 * last event has been run, and the awards given, each withdrawable while nobody has touched it.
 */
import { type SubmissionResult } from '@conform-to/react';
import { useZodForm } from '~/components/use-zod-form';
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Badge, Empty, Section } from '~/components/admin-ui';
import {
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  TextareaField,
  ZodForm,
} from '~/components/forms';
import { useLang } from '~/components/link';
import { formatDate, formatMoney } from '~/lib/format';
import { seriesAwardSchema } from '~/lib/schemas/programs';
import type {
  SeriesAwardRow,
  SeriesEnd,
  SeriesRider,
} from '~/services/money/awards/series-awards.server';
import { ScrollRegion } from '~/components/scroll-region';
import { ConfirmButton } from '~/components/confirm-button';
import { WithdrawalNote } from '~/components/withdrawal-note';

export function SeriesAwards({
  end,
  riders,
  awards,
  lastResult,
}: {
  end: SeriesEnd;
  riders: SeriesRider[];
  awards: SeriesAwardRow[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  // Checked on blur; errors clear while typing, so the button does not move under the pointer.
  const [form, fields] = useZodForm(seriesAwardSchema, {
    id: 'series-award',
    lastResult,
    shouldValidate: 'onBlur',
  });
  return (
    <Section title={t('admin:seriesAwards.title')}>
      <div data-testid="series-awards">
        {!end.ended || !end.paymentDay ? (
          <p className="mb-4 text-gray-700" data-testid="series-not-ended">
            {end.lastEventDay
              ? t('admin:seriesAwards.notEndedYet', { date: formatDate(end.lastEventDay, lang) })
              : t('admin:seriesAwards.noEvents')}
          </p>
        ) : (
          <ZodForm
            form={form}
            className="mb-6 grid max-w-3xl gap-x-4 sm:grid-cols-2"
            data-testid="series-award-form"
          >
            <input type="hidden" name="intent" value="addAward" />
            <p className="mb-4 text-sm text-gray-700 sm:col-span-2">
              {t('admin:seriesAwards.help', {
                date: formatDate(end.lastEventDay ?? '', lang),
                paymentDay: formatDate(end.paymentDay, lang),
                currency: end.currency,
              })}
            </p>
            <div className="sm:col-span-2">
              <ErrorList id={form.errorId} errors={form.errors} />
            </div>
            <SelectField
              field={fields.riderId}
              label={t('admin:seriesAwards.rider')}
              placeholder={t('admin:seriesAwards.pickRider')}
              options={riders.map(
                (r) =>
                  [String(r.id), `${r.name} (${t(`admin:level.${r.level}`)})`] as [string, string],
              )}
            />
            <Field
              field={fields.amount}
              label={t('admin:seriesAwards.amount', { currency: end.currency })}
              inputMode="decimal"
            />
            <div className="sm:col-span-2">
              <TextareaField field={fields.notes} label={t('admin:seriesAwards.notes')} rows={2} />
              <SubmitButton>{t('admin:seriesAwards.add')}</SubmitButton>
            </div>
          </ZodForm>
        )}
        {awards.length === 0 ? <Empty /> : <AwardList awards={awards} />}
      </div>
    </Section>
  );
}

/** The awards given, each withdrawable (a confirmed POST) while nobody has touched it. */
function AwardList({ awards }: { awards: SeriesAwardRow[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <ScrollRegion>
      <table className="table" data-testid="series-award-list">
        <thead>
          <tr>
            <th>{t('admin:seriesAwards.rider')}</th>
            <th>{t('admin:fields.type')}</th>
            <th>{t('admin:seriesAwards.value')}</th>
            <th>{t('admin:fields.status')}</th>
            <th>{t('admin:seriesAwards.awarded')}</th>
            <th>{t('admin:seriesAwards.notes')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {awards.map((a) => (
            <tr key={a.id}>
              <td>{a.riderName}</td>
              <td>{t(`common:payoutType.${a.payoutType}`)}</td>
              <td>{formatMoney(a.initialCents, a.currency, lang)}</td>
              <td>
                <Badge tone={a.status === 'reversed' ? 'red' : 'gray'}>
                  {t(`admin:awardStatus.${a.status}`)}
                </Badge>
              </td>
              <td>{formatDate(a.awardedAt, lang)}</td>
              <td className="whitespace-pre-line">
                {a.notes}
                <WithdrawalNote award={a} className="block text-xs text-gray-600" />
              </td>
              <td>
                {a.removable ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="removeAward" />
                    <input type="hidden" name="awardId" value={a.id} />
                    <ConfirmButton
                      message="admin:seriesAwards.confirmRemove"
                      className="btn-secondary"
                      testId="remove-series-award"
                    >
                      {t('admin:seriesAwards.remove')}
                    </ConfirmButton>
                  </Form>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/**
 * A rider's bikes (rider profile): why the rider was sent here (`?redirect=vin`), the bikes with
 * their valid/invalid state and what to do about an invalid one, an add-bike form and remove
 * buttons. The page's action handles `intent=addBike` (field `vin`, `addBikeSchema`) and
 * `intent=removeBike` (field `bikeId`, `removeBikeSchema`) with `addBike` / `removeBike` from
 * `~/services/vin/bikes.server`.
 *
 * `lastResult`: the page's action data when it answered an addBike submission (other results
 * are ignored: only a result whose submitted `intent` is `addBike` is applied). The add form is
 * reset whenever the list of bikes changes (a bike was added or removed).
 */
import { type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorList, Field, SubmitButton, ZodForm } from '~/components/forms';
import { LLink } from '~/components/link';
import { MIN_BIKE_YEAR } from '~/lib/constants';
import { addBikeSchema } from '~/lib/schemas/vin';
import { ConfirmButton } from '~/components/confirm-button';
import { useZodForm } from '~/components/use-zod-form';

export type RiderBike = {
  id: number;
  vin: string;
  year: number | null;
  make: string | null;
  model: string | null;
  valid: boolean;
  invalidReason: string | null;
};

export function RiderBikes({
  bikes,
  lastResult,
  redirectReason,
}: {
  bikes: RiderBike[];
  lastResult: SubmissionResult | undefined;
  redirectReason: string | null;
}) {
  const { t } = useTranslation();
  const invalidCount = bikes.filter((b) => !b.valid).length;
  const addResult = lastResult?.initialValue?.intent === 'addBike' ? lastResult : undefined;
  return (
    <section aria-labelledby="rider-bikes-title" className="card mb-6" data-testid="rider-bikes">
      <h2 id="rider-bikes-title" className="mb-3 text-xl font-semibold">
        {t('vin:bikes.title')}
      </h2>

      {redirectReason === 'vin' ? (
        <div
          role="alert"
          className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900"
          data-testid="vin-redirect"
        >
          <p className="font-semibold">{t('vin:bikes.redirect.title')}</p>
          <p className="mt-1 text-sm">
            {bikes.length === 0
              ? t('vin:bikes.redirect.noBike')
              : invalidCount > 0
                ? t('vin:bikes.redirect.invalid', { count: invalidCount })
                : t('vin:bikes.redirect.fixed')}
          </p>
        </div>
      ) : null}

      <p className="mb-4 text-sm text-gray-600">{t('vin:bikes.intro', { year: MIN_BIKE_YEAR })}</p>

      {bikes.length === 0 ? (
        <p className="mb-4 text-gray-700">{t('vin:bikes.empty')}</p>
      ) : (
        <ul className="mb-4 divide-y divide-gray-200" data-testid="bike-list">
          {bikes.map((bike) => (
            <BikeRow key={bike.id} bike={bike} />
          ))}
        </ul>
      )}

      <AddBikeForm key={bikes.map((b) => b.id).join(',')} lastResult={addResult} />
    </section>
  );
}

function BikeRow({ bike }: { bike: RiderBike }) {
  const { t } = useTranslation();
  const description = [bike.year, bike.make, bike.model]
    .filter((v) => v !== null && v !== '')
    .join(' ');
  return (
    <li
      className="flex flex-wrap items-start justify-between gap-3 py-3"
      data-testid="bike"
      data-vin={bike.vin}
    >
      <div className="min-w-0 flex-1">
        <p className="font-mono text-sm break-all">{bike.vin}</p>
        <p className="text-sm text-gray-700">{description || t('vin:bikes.unknownModel')}</p>
        {bike.valid ? (
          <span className="mt-1 inline-block rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
            {t('vin:bikes.valid')}
          </span>
        ) : (
          <div className="mt-1">
            <span className="inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
              {t('vin:bikes.invalid')}
            </span>
            <p className="mt-1 text-sm text-red-800">
              {t(bike.invalidReason ?? 'vin:invalid.unknown')}
            </p>
            <p className="mt-1 text-sm text-gray-700">
              {t('vin:bikes.whatToDo', { year: MIN_BIKE_YEAR })}{' '}
              <LLink to="/about/contact" className="text-brand hover:underline">
                {t('vin:bikes.contactSupport')}
              </LLink>
            </p>
          </div>
        )}
      </div>
      <Form method="post">
        <input type="hidden" name="intent" value="removeBike" />
        <input type="hidden" name="bikeId" value={bike.id} />
        {/* Asks first, with or without JavaScript (the /confirm page). */}
        <ConfirmButton
          message="vin:bikes.confirmRemove"
          values={{ vin: bike.vin }}
          className="btn-secondary text-sm"
          ariaLabel={t('vin:bikes.removeLabel', { vin: bike.vin })}
          testId="remove-bike"
        >
          {t('vin:bikes.remove')}
        </ConfirmButton>
      </Form>
    </li>
  );
}

function AddBikeForm({ lastResult }: { lastResult: SubmissionResult | undefined }) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(addBikeSchema, {
    id: 'add-bike',
    lastResult,
    shouldValidate: 'onBlur',
  });
  return (
    <ZodForm form={form} className="max-w-md" data-testid="add-bike-form">
      <h3 className="mb-2 font-semibold">{t('vin:bikes.addTitle')}</h3>
      <input type="hidden" name="intent" value="addBike" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        field={fields.vin}
        label={t('vin:bikes.vinLabel')}
        hint={t('vin:bikes.vinHint')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        announce
      />
      <SubmitButton>{t('vin:bikes.add')}</SubmitButton>
    </ZodForm>
  );
}

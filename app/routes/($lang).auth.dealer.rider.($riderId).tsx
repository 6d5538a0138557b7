import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { Money } from '~/components/dealer-counter';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { CheckboxField, ErrorList, Field, SubmitButton, ZodForm } from '~/components/forms';
import { LLink, useLang } from '~/components/link';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { formatDate, formatMoney, formatRedemptionCode, formatTime } from '~/lib/format';
import { localizePath } from '~/lib/lang';
import { messageWithValues } from '~/lib/messages';
import { redeemSchema } from '~/lib/schemas/dealer';
import { counterRider, getDealer } from '~/services/money/counter/dealer-counter.server';
import { requireRole } from '~/services/auth/guard.server';
import { dealerPausedUntil } from '~/services/money/counter/pin-lockout.server';
import { redeem } from '~/services/money/counter/redemptions.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import { scrollable } from '~/components/scroll-region';
import { useZodForm } from '~/components/use-zod-form';
import { at, itemTitle, type RouteHandle } from '~/lib/route-handle';

function riderIdParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  return Number(value);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { profile, actor } = await requireRole(request, 'dealer');
  if (params.riderId === undefined)
    throw redirect(localizePath('/auth/dealer/riders', requestLang(request)));
  const riderId = riderIdParam(params.riderId);
  if (riderId === null) throw new Response('Not found', { status: 404 });
  const db = getDb();
  const dealer = getDealer(db, profile.id);
  if (!dealer) throw new Response('Not found', { status: 404 });
  const rider = counterRider(db, riderId, dealer);
  if (!rider) throw new Response('Not found', { status: 404 });
  // A counter paused for wrong PINs across riders says so on arrival, not at the next attempt.
  const paused = dealerPausedUntil(db, { userId: actor.userId, dealerId: dealer.id });
  // A fresh one-time token per page view: a repeated POST of this form answers the first receipt.
  return { rider, pausedUntil: paused?.toISOString() ?? null, onceToken: crypto.randomUUID() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { profile, actor } = await requireRole(request, 'dealer');
  const riderId = riderIdParam(params.riderId);
  if (riderId === null) throw new Response('Not found', { status: 404 });
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: redeemSchema });
  if (submission.status !== 'success') {
    return data(submission.reply({ hideFields: ['pin'] }), { status: 400 });
  }
  const v = submission.value;
  const result = await redeem(getDb(), {
    riderId,
    dealerId: profile.id,
    amountCents: v.amount,
    pin: v.pin,
    employeeName: v.employeeName,
    idVerified: v.idVerified,
    actor,
    idempotencyKey: v.onceToken,
  });
  if (!result.ok) {
    const field =
      result.field === 'riderId' || result.field === 'dealerId' ? undefined : result.field;
    // "Wrong PIN." says how many tries are left before the lock-out.
    const error =
      result.triesLeft === undefined
        ? result.error
        : messageWithValues('dealer:errors.wrongPinTriesLeft', { count: result.triesLeft });
    const reply = field
      ? submission.reply({ fieldErrors: { [field]: [error] }, hideFields: ['pin'] })
      : submission.reply({ formErrors: [error], hideFields: ['pin'] });
    return data(reply, { status: result.lockedUntil ? 429 : 400 });
  }
  const lang = requestLang(request);
  return redirectWithFlash(localizePath(`/auth/dealer/redemptions/${result.redemption.id}`, lang), {
    kind: 'success',
    message: 'dealer:redeem.done',
    values: { code: formatRedemptionCode(result.code) },
  });
}

/**
 * A refusal that locks the rider out (429) reloads the counter's data, as a page without
 * JavaScript does: the lock-out notice replaces the form, so the dealer reads one message.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionStatus,
  defaultShouldRevalidate,
}) => actionStatus === 429 || defaultShouldRevalidate;

export default function DealerRiderPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { rider, pausedUntil, onceToken } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(redeemSchema, { id: 'redeem', lastResult });
  // The PIN is never kept after a refused attempt: a new answer remounts its input, which starts
  // from the server's reply (PIN hidden). Without JavaScript the page reloads empty anyway.
  const [pinKey, setPinKey] = useState(0);
  useEffect(() => {
    if (lastResult) setPinKey((k) => k + 1);
  }, [lastResult]);
  // While locked or paused, that notice is the one message (no form, so no second PIN error).
  const canRedeem =
    rider.active && rider.hasPin && rider.availableCents > 0 && !rider.lockedUntil && !pausedUntil;
  const money = (cents: number, currency = rider.currency) => formatMoney(cents, currency, lang);
  return (
    <>
      <PageHeading title={rider.name}>
        <LLink to="/auth/dealer/riders" className="text-sm text-brand hover:underline">
          {t('dealer:rider.back')}
        </LLink>
      </PageHeading>

      <div className="grid gap-6 lg:grid-cols-2">
        <RiderCard rider={rider} />

        <section className="card" aria-labelledby="redeem-title">
          <h2 id="redeem-title" className="mb-4 text-lg font-semibold">
            {t('dealer:redeem.title')}
          </h2>
          <RedeemNotices rider={rider} pausedUntil={pausedUntil} />
          {canRedeem ? (
            <ZodForm
              form={form}
              summary={[
                [fields.amount, t('dealer:redeem.amount', { currency: rider.currency })],
                [fields.pin, t('dealer:redeem.pin')],
                [fields.employeeName, t('dealer:redeem.employeeName')],
                [fields.idVerified, t('dealer:redeem.idVerified')],
              ]}
              data-testid="redeem-form"
            >
              <input type="hidden" name="onceToken" value={onceToken} />
              <ErrorList id={form.errorId} errors={form.errors} />
              <Field
                field={fields.amount}
                label={t('dealer:redeem.amount', { currency: rider.currency })}
                inputMode="decimal"
                autoComplete="off"
                hint={t('dealer:redeem.amountHint', { max: money(rider.availableCents) })}
              />
              <Field
                key={pinKey}
                field={fields.pin}
                label={t('dealer:redeem.pin')}
                type="password"
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                hint={t('dealer:redeem.pinHint')}
              />
              <Field
                field={fields.employeeName}
                label={t('dealer:redeem.employeeName')}
                autoComplete="name"
              />
              <CheckboxField field={fields.idVerified} label={t('dealer:redeem.idVerified')} />
              <SubmitButton className="btn w-full">{t('dealer:redeem.submit')}</SubmitButton>
            </ZodForm>
          ) : null}
        </section>
      </div>
    </>
  );
}

type CounterRider = ReturnType<typeof useLoaderData<typeof loader>>['rider'];

/** Who the rider is and what they can spend: photo, place, credit and the awards behind it. */
function RiderCard({ rider }: { rider: CounterRider }) {
  const { t } = useTranslation();
  const lang = useLang();
  const money = (cents: number, currency = rider.currency) => formatMoney(cents, currency, lang);
  return (
    <section className="card" aria-label={rider.name}>
      <div className="flex items-start gap-4">
        {rider.photoUrl ? (
          <img
            src={rider.photoUrl}
            alt={t('dealer:rider.photoAlt', { name: rider.name })}
            className="h-28 w-28 rounded object-cover"
          />
        ) : (
          <div className="flex h-28 w-28 items-center justify-center rounded bg-gray-100 p-2 text-center text-xs text-gray-700">
            {t('dealer:rider.noPhoto')}
          </div>
        )}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-semibold">{t('dealer:rider.location')}</dt>
          <dd>{[rider.city, rider.state, rider.country].filter(Boolean).join(', ')}</dd>
          {rider.amaNumber ? (
            <>
              <dt className="font-semibold">{t('dealer:rider.ama')}</dt>
              <dd>{rider.amaNumber}</dd>
            </>
          ) : null}
        </dl>
      </div>

      <div className="mt-6">
        <p className="text-sm text-gray-600">{t('dealer:rider.available')}</p>
        <p
          className="text-3xl font-bold"
          data-testid="available-credit"
          data-cents={rider.availableCents}
        >
          <Money cents={rider.availableCents} currency={rider.currency} />
        </p>
        {rider.expiringSoonCents > 0 ? (
          <p className="mt-1 text-sm font-semibold text-brand" data-testid="expiring-soon">
            {t('common:punctuation.label', { label: t('dealer:rider.expiringSoon') })}{' '}
            <Money cents={rider.expiringSoonCents} currency={rider.currency} />
          </p>
        ) : null}
        {rider.otherCurrencies.length > 0 ? (
          <p className="mt-2 text-sm text-gray-600">
            {t('dealer:rider.otherCurrencies', {
              list: rider.otherCurrencies.map((o) => money(o.totalCents, o.currency)).join(', '),
            })}
          </p>
        ) : null}
      </div>

      {rider.awards.length > 0 ? (
        <div className="mt-6 overflow-x-auto" {...scrollable(t('dealer:rider.awardsTitle'))}>
          <h2 className="mb-2 text-sm font-semibold">{t('dealer:rider.awardsTitle')}</h2>
          <table className="min-w-full text-sm" data-testid="credit-awards">
            <thead>
              <tr className="border-b text-left">
                <th className="py-1 pr-4">{t('dealer:rider.event')}</th>
                <th className="py-1 pr-4 text-right">{t('dealer:rider.amount')}</th>
                <th className="py-1">{t('dealer:rider.expires')}</th>
              </tr>
            </thead>
            <tbody>
              {rider.awards.map((a) => (
                <tr key={a.id} className="border-b">
                  <td className="py-1 pr-4">{a.eventTitle ?? ''}</td>
                  <td className="py-1 pr-4 text-right">
                    <Money cents={a.currentCents} currency={a.currency} />
                  </td>
                  <td className="py-1">{formatDate(a.expiresAt, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/** Why the form is not shown, or the lock-out or pause notice; nothing when it can be used. */
function RedeemNotices({
  rider,
  pausedUntil,
}: {
  rider: CounterRider;
  pausedUntil: string | null;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <>
      {!rider.active ? <p className="field-error mb-4">{t('dealer:rider.inactive')}</p> : null}
      {rider.active && !rider.hasPin ? (
        <p className="field-error mb-4">{t('dealer:rider.noPin')}</p>
      ) : null}
      {rider.active && rider.hasPin && rider.availableCents === 0 ? (
        <p className="mb-4 text-gray-600">{t('dealer:rider.noCredit')}</p>
      ) : null}
      {pausedUntil ? (
        <p className="field-error mb-4" role="alert" data-testid="counter-paused">
          {t('pinSafety:pausedNotice', {
            time: formatTime(pausedUntil, lang),
            date: formatDate(pausedUntil, lang),
          })}
        </p>
      ) : null}
      {rider.lockedUntil && !pausedUntil ? (
        <p className="field-error mb-4" role="alert" data-testid="pin-locked">
          {t('dealer:rider.locked', {
            time: formatTime(rider.lockedUntil, lang),
            date: formatDate(rider.lockedUntil, lang),
          })}
        </p>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  title: itemTitle('titles:counter', (d) => at(d, 'rider', 'name')),
} as const satisfies RouteHandle;

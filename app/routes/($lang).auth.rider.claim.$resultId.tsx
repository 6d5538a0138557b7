/**
 * A rider claims a result: the result, the rider's bikes to name the one ridden, a
 * note; then the claim's status (and the refusal's reason). Works without JavaScript.
 */
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { ErrorList, SelectField, TextareaField, ZodForm } from '~/components/forms';
import { LLink } from '~/components/link';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { localizePath } from '~/lib/lang';
import { claimFormSchema } from '~/lib/schemas/claims';
import { requireRole } from '~/services/auth/guard.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import { fileClaimWithMail } from '~/services/money/claims/result-claim-mail.server';
import { claimTarget } from '~/services/money/claims/result-claims.server';
import { useZodForm } from '~/components/use-zod-form';
import type { RouteHandle } from '~/lib/route-handle';

function resultIdOf(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new Response('Not Found', { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireRole(request, 'rider');
  const target = claimTarget(getDb(), resultIdOf(params.resultId), auth.profile.id);
  if (!target) throw new Response('Not Found', { status: 404 });
  return { target };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireRole(request, 'rider');
  const resultId = resultIdOf(params.resultId);
  const submission = parseWithZod(await request.formData(), { schema: claimFormSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const db = getDb();
  const out = await fileClaimWithMail(
    db,
    {
      resultId,
      riderId: auth.profile.id,
      bikeId: submission.value.bikeId,
      note: submission.value.note ?? null,
    },
    auth.actor,
  );
  if (!out.ok) {
    if (out.error === 'notFound') throw new Response('Not Found', { status: 404 });
    if (out.error === 'bikeNotYours')
      return data(submission.reply({ fieldErrors: { bikeId: ['claims:errors.bikeNotYours'] } }), {
        status: 400,
      });
    return data(submission.reply({ formErrors: [`claims:errors.${out.error}`] }), { status: 400 });
  }
  return redirectWithFlash(localizePath(`/auth/rider/claim/${resultId}`, requestLang(request)), {
    kind: 'success',
    message: 'claims:sent',
  });
}

export default function ClaimResult() {
  const { t } = useTranslation();
  const { target } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(claimFormSchema, {
    id: 'result-claim',
    lastResult,
    shouldValidate: 'onBlur',
  });
  const blocked = !target.pays
    ? 'notPaying'
    : target.yours
      ? 'alreadyYours'
      : target.claim?.status === 'pending'
        ? 'alreadyClaimed'
        : null;
  return (
    <>
      <PageHeading title={t('claims:title')} />
      <div className="card max-w-2xl">
        <p className="mb-2 font-semibold" data-testid="claim-result">
          {t('claims:result', {
            event: target.eventTitle,
            className: target.className,
            place: target.place ?? '—',
            name: target.riderName,
          })}
        </p>
        <p className="mb-4 text-sm text-gray-700">
          <LLink to={`/events/event/${target.eventId}`} className="text-brand hover:underline">
            {target.eventTitle}
          </LLink>
        </p>
        {target.claim ? (
          <p className="mb-4" data-testid="claim-status">
            <strong>{t(`claims:status.${target.claim.status}`)}</strong>
            {target.claim.status === 'refused' && target.claim.reason
              ? ` — ${t('claims:refusedBecause', { reason: target.claim.reason })}`
              : null}
          </p>
        ) : null}
        {blocked ? (
          <p className="text-gray-700" data-testid="claim-blocked">
            {t(`claims:errors.${blocked}`)}
          </p>
        ) : target.bikes.length === 0 ? (
          <p className="text-gray-700" data-testid="claim-no-bikes">
            {t('claims:noBikes')}{' '}
            <LLink to="/auth/rider/profile" className="text-brand hover:underline">
              {t('common:sidebar.profile')}
            </LLink>
          </p>
        ) : (
          <ZodForm form={form} data-testid="claim-form">
            <p className="mb-4 text-sm text-gray-700">{t('claims:intro')}</p>
            <ErrorList id={form.errorId} errors={form.errors} />
            <SelectField
              field={fields.bikeId}
              label={t('claims:bike')}
              placeholder={t('claims:chooseBike')}
              options={target.bikes.map((b) => [
                String(b.id),
                `${[b.year, b.make, b.model].filter(Boolean).join(' ')} — ${b.vin}`,
              ])}
            />
            <TextareaField field={fields.note} label={t('claims:note')} rows={3} />
            <button type="submit" className="btn">
              {t('claims:submit')}
            </button>
          </ZodForm>
        )}
      </div>
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:claim' } as const satisfies RouteHandle;

/**
 * The claim review list for the admin and the promoter: each claim beside the result
 * it names, to compare (name, AMA number, bike, hometown), with Approve and Refuse (a reason is
 * required). Plain forms: works without JavaScript.
 */
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Badge } from '~/components/admin-ui';
import { AwardConflictList } from '~/components/award-conflicts';
import { PageHeading } from '~/components/dashboard-layout';
import { ErrorList } from '~/components/forms';
import { LLink, useLang } from '~/components/link';
import { formatDate } from '~/lib/format';
import type { claimReviewAction, claimReviewLoader } from '~/http/money/claim-review-route.server';

type Claim = Awaited<ReturnType<typeof claimReviewLoader>>['claims'][number];
type FieldErrors = Record<string, string[] | null> | undefined;

/** The result as the file has it beside the rider who claims it, to compare. */
function ClaimComparison({ c }: { c: Claim }) {
  const { t } = useTranslation();
  return (
    <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
      <div>
        <dt className="font-semibold">{t('claims:review.claimed')}</dt>
        <dd>
          {[c.resultName, c.resultAma, c.resultBike, c.resultHometown].filter(Boolean).join(' · ')}
        </dd>
        <dd>
          {t('common:punctuation.label', { label: t('claims:review.linkedTo') })}{' '}
          {c.linkedRiderName ?? t('claims:review.unlinked')}
        </dd>
      </div>
      <div>
        <dt className="font-semibold">{t('claims:review.byRider')}</dt>
        <dd>
          {[c.riderName, c.riderAma, c.riderEmail, c.riderHometown].filter(Boolean).join(' · ')}
        </dd>
        <dd>
          {t('common:punctuation.labelled', {
            label: t('claims:review.bike'),
            value: c.bike || '—',
          })}{' '}
          {c.bikeVin ? <span className="font-mono">{c.bikeVin}</span> : null}{' '}
          {c.bikeVin
            ? `(${c.bikeValid ? t('claims:review.bikeValid') : t('claims:review.bikeInvalid')})`
            : null}
        </dd>
        {c.note ? (
          <dd>
            {t('common:punctuation.labelled', {
              label: t('claims:review.note'),
              value: c.note,
            })}
          </dd>
        ) : null}
      </div>
    </dl>
  );
}

/** Approve, or refuse with a reason (required; its error shown under the field). */
function ClaimDecision({ c, errors }: { c: Claim; errors: FieldErrors }) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 flex flex-wrap items-end gap-4">
      <Form method="post">
        <input type="hidden" name="intent" value="approve" />
        <input type="hidden" name="claimId" value={c.id} />
        <button type="submit" className="btn" data-testid="claim-approve">
          {t('claims:review.approve')}
        </button>
      </Form>
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="refuse" />
        <input type="hidden" name="claimId" value={c.id} />
        <div>
          <label htmlFor={`reason-${c.id}`} className="label">
            {t('claims:review.reason')}
          </label>
          <input
            id={`reason-${c.id}`}
            name="reason"
            className="input"
            maxLength={500}
            aria-invalid={errors?.reason ? true : undefined}
            aria-describedby={errors?.reason ? `reason-${c.id}-error` : undefined}
          />
          <ErrorList id={`reason-${c.id}-error`} errors={errors?.reason ?? null} />
        </div>
        <button type="submit" className="btn-secondary" data-testid="claim-refuse">
          {t('claims:review.refuse')}
        </button>
      </Form>
    </div>
  );
}

export function ClaimReviewPage({ role }: { role: 'admin' | 'promoter' }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { claims } = useLoaderData<Awaited<ReturnType<typeof claimReviewLoader>>>();
  const failed = useActionData<Awaited<ReturnType<typeof claimReviewAction>>>() as
    | { claimId: number; reply: { error?: Record<string, string[] | null> }; conflicts: [] }
    | undefined;
  return (
    <>
      <PageHeading title={t('claims:review.title')} />
      {claims.length === 0 ? <p className="text-gray-500">{t('claims:review.none')}</p> : null}
      <ul className="space-y-4" data-testid="claims">
        {claims.map((c) => {
          const errors = failed?.claimId === c.id ? failed.reply.error : undefined;
          return (
            <li key={c.id} className="card" data-testid="claim" data-claim={c.id}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold">
                  <LLink
                    to={`/auth/${role}/event/${c.eventId}`}
                    className="text-brand hover:underline"
                  >
                    {c.eventTitle}
                  </LLink>{' '}
                  — {c.className}, {c.place ?? '—'} ({formatDate(c.date, lang)})
                </p>
                <Badge
                  tone={
                    c.status === 'approved' ? 'green' : c.status === 'refused' ? 'red' : 'orange'
                  }
                >
                  {t(`claims:status.${c.status}`)}
                </Badge>
              </div>
              <ClaimComparison c={c} />
              {c.status === 'refused' && c.reason ? (
                <p className="mt-2 text-sm">{t('claims:refusedBecause', { reason: c.reason })}</p>
              ) : null}
              {errors ? (
                <div role="alert" className="mt-2 text-sm text-red-800">
                  <ErrorList id={`claim-${c.id}-error`} errors={errors[''] ?? null} />
                  <AwardConflictList conflicts={failed?.conflicts ?? []} />
                </div>
              ) : null}
              {c.status === 'pending' ? <ClaimDecision c={c} errors={errors} /> : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}

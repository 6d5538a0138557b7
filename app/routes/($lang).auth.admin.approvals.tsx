/**
 * Money held for a second admin: the changes waiting (approve / refuse), the last decisions with
 * who entered and who decided (and the admin behind a proxy), and the limits that hold changes
 * (a raise is itself held for a second admin; a lowering applies at once).
 */
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { ErrorList, Field, SubmitButton, ZodForm } from '~/components/forms';
import { PendingChangesTable } from '~/components/pending-changes';
import { StepUpSection } from '~/components/step-up-section';
import { STEP_UP_MINUTES } from '~/lib/constants';
import { getDb } from '~/db.server';
import {
  approvalsActionSchema,
  formatLimit,
  MONEY_LIMIT_KEYS,
  moneyLimitsSchema,
} from '~/lib/schemas/money-controls';
import { decisionAnswer, limitsAnswer, stepUpAnswer } from '~/http/money/approvals-route.server';
import { PROOF_FIELDS, proofSubject } from '~/http/auth/step-up-answer.server';
import { requireRole } from '~/services/auth/guard.server';
import { stepUpPrompt } from '~/services/auth/step-up.server';
import { currentMoneyLimits, moneyCeilings } from '~/services/money/ledger/money-limits.server';
import { listChanges } from '~/services/money/ledger/pending-changes.server';
import { activeAdminCount } from '~/services/money/ledger/limit-changes.server';
import { useZodForm } from '~/components/use-zod-form';
import { useLang } from '~/components/link';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireRole(request, 'admin');
  const db = getDb();
  const limits = currentMoneyLimits(db);
  const ceilings = moneyCeilings();
  return {
    me: auth.user.email,
    onlyAdmin: activeAdminCount(db) < 2,
    // Approving asks a fresh proof of this session: null while it is fresh.
    stepUp: stepUpPrompt(db, proofSubject(auth)),
    ceilings,
    pending: listChanges(db, 'pending'),
    decided: listChanges(db, 'decided', 50),
    limits: Object.fromEntries(
      MONEY_LIMIT_KEYS.map((k) => [k, (limits[k] / 100).toFixed(2)]),
    ) as Record<(typeof MONEY_LIMIT_KEYS)[number], string>,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireRole(request, 'admin');
  const submission = parseWithZod(await request.formData(), { schema: approvalsActionSchema });
  if (submission.status !== 'success') {
    const intent = submission.payload.intent === 'stepUp' ? 'stepUp' : 'limits';
    return data(
      { intent, result: submission.reply({ hideFields: PROOF_FIELDS }) },
      { status: 400 },
    );
  }
  const v = submission.value;
  const reply = submission.reply.bind(submission);
  if (v.intent === 'limits') {
    const { intent: _intent, ...limits } = v;
    return limitsAnswer(request, getDb(), limits, auth.actor, reply);
  }
  if (v.intent === 'stepUp') return stepUpAnswer(request, getDb(), v, auth, reply);
  return decisionAnswer(request, getDb(), v, auth, reply);
}

export default function Approvals() {
  const { t } = useTranslation();
  const { me, pending, decided, limits, onlyAdmin, ceilings, stepUp } =
    useLoaderData<typeof loader>();
  const lang = useLang();
  const last = useActionData<typeof action>();
  const decisionError =
    last && last.intent !== 'limits' && last.intent !== 'stepUp' ? last : undefined;
  const [form, fields] = useZodForm(moneyLimitsSchema, {
    id: 'money-limits',
    lastResult: last?.intent === 'limits' ? last.result : undefined,
    defaultValue: limits,
  });
  return (
    <>
      <PageHeading title={t('moneyControls:title')} />
      <p className="mb-4 text-gray-600">{t('moneyControls:intro')}</p>
      {decisionError ? <ErrorList errors={decisionError.result.error?.[''] ?? null} /> : null}
      {stepUp && pending.length > 0 ? (
        <StepUpSection
          totp={stepUp.totp}
          hasPasskeys={stepUp.passkeys}
          refused={false}
          lastResult={last?.intent === 'stepUp' ? last.result : undefined}
          intro={t(stepUp.totp ? 'moneyControls:stepUp.introTotp' : 'moneyControls:stepUp.intro', {
            minutes: STEP_UP_MINUTES,
          })}
        />
      ) : null}
      <section className="mb-8" aria-labelledby="pending-title">
        <h2 id="pending-title" className="mb-2 text-lg font-semibold">
          {t('moneyControls:pendingTitle')}
        </h2>
        <PendingChangesTable rows={pending} me={me} decide testId="pending-changes" />
      </section>
      <section className="mb-8" aria-labelledby="decided-title">
        <h2 id="decided-title" className="mb-2 text-lg font-semibold">
          {t('moneyControls:decidedTitle')}
        </h2>
        <PendingChangesTable rows={decided} me={me} testId="decided-changes" />
      </section>
      <section aria-labelledby="limits-title" className="max-w-xl">
        <h2 id="limits-title" className="mb-2 text-lg font-semibold">
          {t('moneyControls:limits.title')}
        </h2>
        <p className="mb-2 text-sm text-gray-600">{t('moneyControls:limits.intro')}</p>
        <p className="mb-2 text-sm text-gray-600" data-testid="limit-ceilings">
          {t('moneyControls:limits.ceilings', {
            single: formatLimit(ceilings.singleCents, lang),
            year: formatLimit(ceilings.perYearCents, lang),
          })}
        </p>
        {onlyAdmin ? (
          <p
            className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            data-testid="single-admin"
          >
            {t('moneyControls:limits.singleAdmin')}
          </p>
        ) : null}
        <ZodForm form={form}>
          <input type="hidden" name="intent" value="limits" />
          {MONEY_LIMIT_KEYS.map((k) => (
            <Field
              key={k}
              field={fields[k]}
              label={t(`moneyControls:limits.fields.${k}`)}
              inputMode="decimal"
            />
          ))}
          <ErrorList id={form.errorId} errors={form.errors} />
          <SubmitButton>{t('moneyControls:limits.save')}</SubmitButton>
        </ZodForm>
      </section>
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:approvals' } as const satisfies RouteHandle;

/**
 * The account's sign-in security page, the same for every role: the step-up (confirm it is you
 * with the password, plus a code when TOTP is on, or a passkey) when the session's proof is not
 * fresh, the authenticator app (set up with a QR code and its key, confirmed by a first code;
 * turned off with password and code), the recovery codes shown once, the passkeys, the sign-in
 * e-mail and the recent security events. Every form works without JavaScript; passkeys need it.
 */
import { type SubmissionResult } from '@conform-to/react';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Section } from '~/components/admin-ui';
import { ConfirmButton } from '~/components/confirm-button';
import { EmailChangeSection } from '~/components/email-change-section';
import { PageHeading } from '~/components/dashboard-layout';
import { ScrollRegion } from '~/components/scroll-region';
import { ErrorList, Field, SubmitButton, ZodForm } from '~/components/forms';
import { LLink, useLang } from '~/components/link';
import { AddPasskeyButton } from '~/components/passkey-buttons';
import { StepUpSection } from '~/components/step-up-section';
import { formatDate, formatTime } from '~/lib/format';
import {
  confirmTotpSchema,
  disableTotpSchema,
  regenerateRecoverySchema,
} from '~/lib/schemas/two-factor';
import type { securityLoader } from '~/http/auth/security-route.server';
import { EVENT_KINDS } from '~/lib/security-events';
import { useZodForm } from '~/components/use-zod-form';

type LoaderData = Awaited<ReturnType<typeof securityLoader>>;
type ActionData = {
  result: SubmissionResult<string[]>;
  recoveryCodes: string[] | null;
  stepUpNeeded: boolean;
};

type EventRow = LoaderData['events'][number];

/** The account's recent security events: when, what, from which address and browser. */
function SecurityEvents({ events }: { events: EventRow[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const known = new Set<string>(EVENT_KINDS);
  return (
    <Section title={t('twofactor:events.title')}>
      <p className="mb-3 text-sm">{t('twofactor:events.intro')}</p>
      {events.length === 0 ? (
        <p>{t('twofactor:events.none')}</p>
      ) : (
        <ScrollRegion label={t('twofactor:events.title')}>
          <table className="w-full text-sm" data-testid="security-events">
            <thead>
              <tr className="text-left">
                <th scope="col">{t('twofactor:events.when')}</th>
                <th scope="col">{t('twofactor:events.what')}</th>
                <th scope="col">{t('twofactor:events.address')}</th>
                <th scope="col">{t('twofactor:events.browser')}</th>
              </tr>
            </thead>
            <tbody>
              {events.map((e) => (
                <tr key={e.id} className="border-t align-top" data-kind={e.kind}>
                  <td className="py-1 pr-3 whitespace-nowrap">
                    {formatDate(e.createdAt, lang)} {formatTime(e.createdAt, lang)}
                  </td>
                  <td className="py-1 pr-3">
                    {t(`twofactor:events.${known.has(e.kind) ? e.kind : 'other'}`)}
                  </td>
                  <td className="py-1 pr-3 font-mono">
                    {e.address ?? t('twofactor:events.unknownAddress')}
                  </td>
                  <td className="max-w-xs truncate py-1" title={e.userAgent ?? undefined}>
                    {e.userAgent ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </Section>
  );
}

function ConfirmTotpForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(confirmTotpSchema, { id: 'totp-confirm', lastResult });
  return (
    <ZodForm form={form} className="max-w-md">
      <input type="hidden" name="intent" value="confirm" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        field={fields.code}
        label={t('twofactor:totp.confirmCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
      />
      <SubmitButton>{t('twofactor:totp.confirm')}</SubmitButton>
    </ZodForm>
  );
}

function DisableTotpForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(disableTotpSchema, { id: 'totp-disable', lastResult });
  return (
    <ZodForm form={form} className="mt-4 max-w-md">
      <h3 className="mb-2 font-semibold">{t('twofactor:totp.disableTitle')}</h3>
      <p className="mb-3 text-sm text-gray-600">{t('twofactor:totp.disableHint')}</p>
      <input type="hidden" name="intent" value="disable" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        field={fields.password}
        label={t('twofactor:totp.password')}
        type="password"
        autoComplete="current-password"
      />
      <Field field={fields.code} label={t('twofactor:totp.code')} autoComplete="one-time-code" />
      <SubmitButton className="btn-danger">{t('twofactor:totp.disable')}</SubmitButton>
    </ZodForm>
  );
}

function RegenerateRecoveryForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(regenerateRecoverySchema, {
    id: 'recovery-regenerate',
    lastResult,
  });
  return (
    <ZodForm form={form} className="mt-4 max-w-md">
      <h3 className="mb-2 font-semibold">{t('twofactor:recovery.regenerateTitle')}</h3>
      <p className="mb-3 text-sm text-gray-600">{t('twofactor:recovery.regenerateHint')}</p>
      <input type="hidden" name="intent" value="regenerateRecovery" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        field={fields.password}
        label={t('twofactor:totp.password')}
        type="password"
        autoComplete="current-password"
      />
      <Field
        field={fields.code}
        label={t('twofactor:recovery.regenerateCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
      />
      <SubmitButton>{t('twofactor:recovery.regenerate')}</SubmitButton>
    </ZodForm>
  );
}

/** The recovery codes, shown once right after they are made. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  return (
    <Section title={t('twofactor:recovery.title')}>
      <p className="mb-3 text-sm">{t('twofactor:recovery.intro')}</p>
      <ul className="grid max-w-md grid-cols-2 gap-2 font-mono" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <p className="mt-4">
        <LLink to="/" className="btn">
          {t('twofactor:totp.continue')}
        </LLink>
      </p>
    </Section>
  );
}

/** The account's passkeys, each removable, and the button to add one (not while proxying). */
function PasskeysSection({
  passkeys,
  proxying,
}: {
  passkeys: LoaderData['passkeys'];
  proxying: LoaderData['proxying'];
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Section title={t('twofactor:passkeys.title')}>
      <p className="mb-3 text-sm">{t('twofactor:passkeys.intro')}</p>
      {passkeys.length === 0 ? (
        <p className="mb-3">{t('twofactor:passkeys.none')}</p>
      ) : (
        <ul className="mb-4 divide-y" data-testid="passkey-list">
          {passkeys.map((p, i) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                {t('twofactor:passkeys.item', { n: i + 1 })} —{' '}
                {t('twofactor:passkeys.added', { date: formatDate(p.createdAt, lang) })}
                {p.lastUsedAt
                  ? `, ${t('twofactor:passkeys.lastUsed', { date: formatDate(p.lastUsedAt, lang) })}`
                  : ''}
              </span>
              {proxying ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="removePasskey" />
                  <input type="hidden" name="passkeyId" value={p.id} />
                  <ConfirmButton message="twofactor:passkeys.removeConfirm">
                    {t('twofactor:passkeys.remove')}
                  </ConfirmButton>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {proxying ? null : <AddPasskeyButton />}
    </Section>
  );
}

export function SecurityPage() {
  const { t } = useTranslation();
  const { state, missing, proxying, setup, passkeys, events, freshFor, email, pendingEmail } =
    useLoaderData<LoaderData>();
  const action = useActionData<ActionData>();
  const intent = action?.result.initialValue?.intent;
  // The loader's word: a step-up (form or passkey) revalidates it, a refused change leaves it.
  const fresh = freshFor > 0;
  return (
    <>
      <PageHeading title={t('twofactor:title')} />
      {missing && !proxying ? (
        <p role="alert" className="mb-4 rounded bg-amber-50 p-3 text-amber-900">
          {t('twofactor:required')}
        </p>
      ) : null}
      {proxying ? <p className="mb-4 rounded bg-gray-100 p-3">{t('twofactor:proxying')}</p> : null}
      {proxying ? null : fresh ? (
        <p role="status" className="mb-4 rounded bg-green-50 p-3 text-green-900">
          {t('twofactor:stepUp.fresh', { minutes: Math.max(1, Math.ceil(freshFor / 60)) })}
        </p>
      ) : (
        <StepUpSection
          totp={state.totp}
          hasPasskeys={passkeys.length > 0}
          refused={!!action?.stepUpNeeded && intent !== 'stepUp'}
          lastResult={intent === 'stepUp' ? action?.result : undefined}
        />
      )}
      {action?.recoveryCodes ? <RecoveryCodes codes={action.recoveryCodes} /> : null}
      <Section title={t('twofactor:totp.title')}>
        {state.totp ? (
          <>
            <p className="mb-2">{t('twofactor:totp.on')}</p>
            <p className="text-sm text-gray-600">
              {t('twofactor:totp.recoveryLeft', { count: state.recoveryLeft })}
            </p>
            {proxying ? null : (
              <>
                <RegenerateRecoveryForm
                  lastResult={intent === 'regenerateRecovery' ? action?.result : undefined}
                />
                <DisableTotpForm lastResult={intent === 'disable' ? action?.result : undefined} />
              </>
            )}
          </>
        ) : setup && !proxying ? (
          <>
            <p className="mb-3 text-sm">{t('twofactor:totp.scan')}</p>
            <img src={setup.qr} alt={t('twofactor:totp.qrAlt')} width={200} height={200} />
            <p className="my-3">
              {t('twofactor:totp.secret')}{' '}
              <code className="font-mono break-all" data-testid="totp-secret">
                {setup.secret}
              </code>
            </p>
            <ConfirmTotpForm lastResult={intent === 'confirm' ? action?.result : undefined} />
          </>
        ) : (
          <>
            <p className="mb-3">{t('twofactor:totp.off')}</p>
            {proxying ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="begin" />
                <SubmitButton>{t('twofactor:totp.begin')}</SubmitButton>
              </Form>
            )}
          </>
        )}
      </Section>
      <PasskeysSection passkeys={passkeys} proxying={proxying} />
      {proxying ? null : (
        <EmailChangeSection
          email={email}
          pending={pendingEmail}
          totp={state.totp}
          intent={intent}
          lastResult={action?.result}
        />
      )}
      <SecurityEvents events={events} />
    </>
  );
}

/**
 * A dealer's or promoter's login, as the admin sees it: (de)activate it, or invite the person by
 * mail (they choose their own password through the link); a waiting invitation can be sent again
 * or cancelled.
 */
import { type SubmissionResult } from '@conform-to/react';
import { LanguageField } from '~/components/language-field';
import { useZodForm } from '~/components/use-zod-form';
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Badge, Section } from '~/components/admin-ui';
import { ErrorList, Field, SubmitButton, ZodForm } from '~/components/forms';
import { useLang } from '~/components/link';
import { formatDate } from '~/lib/format';
import { inviteLoginSchema } from '~/lib/schemas/invitation';

export type LiveInvitation = {
  id: number;
  email: string;
  state: string;
  expiresAt: string | null;
};

/** Resend and cancel buttons of one invitation (plain forms: they work without JavaScript). */
export function InvitationButtons({ id, resend = true }: { id: number; resend?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2">
      {resend ? (
        <Form method="post">
          <input type="hidden" name="invitationId" value={id} />
          <button type="submit" name="intent" value="resend" className="btn-secondary">
            {t('admin:invitations.resend')}
          </button>
        </Form>
      ) : null}
      <Form method="post">
        <input type="hidden" name="invitationId" value={id} />
        <button type="submit" name="intent" value="cancel" className="btn-secondary">
          {t('admin:invitations.cancel')}
        </button>
      </Form>
    </div>
  );
}

function InviteForm({ id, lastResult }: { id: string; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form, fields] = useZodForm(inviteLoginSchema, {
    id,
    lastResult,
    defaultValue: { lang },
  });
  return (
    <ZodForm form={form} className="max-w-md" data-testid="invite-login">
      <input type="hidden" name="intent" value="invite" />
      <p className="mb-3 text-sm text-gray-600">{t('admin:invitations.loginHint')}</p>
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field field={fields.email} label={t('admin:fields.email')} type="email" autoComplete="off" />
      <LanguageField field={fields.lang} label={t('admin:invitations.lang')} />
      <SubmitButton>{t('admin:invitations.send')}</SubmitButton>
    </ZodForm>
  );
}

export function LoginSection({
  id,
  login,
  invitation,
  lastResult,
}: {
  id: string;
  login: { email: string; deactivated: boolean } | null;
  invitation: LiveInvitation | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Section title={t('admin:fields.login')}>
      {login ? (
        <div className="flex flex-wrap items-center gap-3">
          <span>{login.email}</span>
          {login.deactivated ? (
            <Badge tone="red">{t('admin:status.deactivated')}</Badge>
          ) : (
            <Badge tone="green">{t('admin:status.active')}</Badge>
          )}
          <Form method="post">
            <input
              type="hidden"
              name="intent"
              value={login.deactivated ? 'activateLogin' : 'deactivateLogin'}
            />
            <button type="submit" className="btn-secondary">
              {login.deactivated ? t('admin:activate') : t('admin:deactivate')}
            </button>
          </Form>
        </div>
      ) : (
        <>
          {invitation ? (
            <div className="mb-4" data-testid="live-invitation">
              <p className="mb-2">
                {t(
                  `admin:invitations.live.${invitation.state === 'expired' ? 'expired' : 'sent'}`,
                  {
                    email: invitation.email,
                    date: invitation.expiresAt ? formatDate(invitation.expiresAt, lang) : '',
                  },
                )}
              </p>
              <InvitationButtons id={invitation.id} />
            </div>
          ) : null}
          <InviteForm id={id} lastResult={lastResult} />
        </>
      )}
    </Section>
  );
}

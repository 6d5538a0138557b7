/**
 * The admins' invitations: invite an admin (held until a second admin approves it on the approvals
 * page; asked from a session that proved its owner within the step-up minutes, the password typed
 * on the same form otherwise), and every invitation to a login with where it stands (waiting for
 * approval, sent, used, expired, cancelled, refused), sent again or cancelled while it waits. An
 * admin's sent invitation is never sent again: it is asked again (`?again=`, the form filled in),
 * held for a second admin anew. Dealers and promoters are invited from their own pages.
 */
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Badge, Section, SectionTable } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import { ErrorList, Field, SubmitButton, ZodForm } from '~/components/forms';
import { LanguageField } from '~/components/language-field';
import { InvitationButtons } from '~/components/login-section';
import { StepUpPasskeyButton } from '~/components/passkey-buttons';
import { StepUpFields, type StepUpPrompt } from '~/components/step-up-section';
import { LLink, useLang } from '~/components/link';
import { useZodForm } from '~/components/use-zod-form';
import { getDb } from '~/db.server';
import { invitationChangeAnswer, inviteAdminAnswer } from '~/http/people/invitations-route.server';
import { formatDate } from '~/lib/format';
import type { RouteHandle } from '~/lib/route-handle';
import { STEP_UP_MINUTES } from '~/lib/constants';
import { inviteAdminSchema, invitationsActionSchema } from '~/lib/schemas/invitation';
import { PROOF_FIELDS, proofSubject } from '~/http/auth/step-up-answer.server';
import { requireRole } from '~/services/auth/guard.server';
import { stepUpPrompt } from '~/services/auth/step-up.server';
import { activeAdminCount } from '~/services/money/ledger/limit-changes.server';
import { invitationDays } from '~/services/people/invitations.server';
import { adminInvitationToAskAgain } from '~/services/people/role-invitations.server';
import { listInvitations, type InvitationRow } from '~/services/people/invitation-list.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireRole(request, 'admin');
  const db = getDb();
  const again = Number(new URL(request.url).searchParams.get('again'));
  return {
    invitations: listInvitations(db),
    onlyAdmin: activeAdminCount(db) < 2,
    days: invitationDays(),
    // The session must prove its owner before asking for an admin: null while its proof is fresh.
    stepUp: stepUpPrompt(db, proofSubject(auth)),
    again: (Number.isSafeInteger(again) && adminInvitationToAskAgain(db, again)) || null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireRole(request, 'admin');
  const submission = parseWithZod(await request.formData(), { schema: invitationsActionSchema });
  if (submission.status !== 'success')
    return data(submission.reply({ hideFields: PROOF_FIELDS }), { status: 400 });
  const v = submission.value;
  if (v.intent === 'inviteAdmin') return inviteAdminAnswer(request, getDb(), submission, v, auth);
  return invitationChangeAnswer(request, getDb(), v, auth.actor);
}

const TONES = {
  held: 'orange',
  sent: 'green',
  used: 'gray',
  expired: 'red',
  cancelled: 'gray',
  refused: 'red',
} as const;

function ForCell({ r }: { r: InvitationRow }) {
  const { t } = useTranslation();
  const to = r.dealerId
    ? `/auth/admin/dealer/${r.dealerId}`
    : r.promoterId
      ? `/auth/admin/promoter/${r.promoterId}`
      : null;
  return (
    <td>
      <span className="block font-semibold">{t(`admin:invitations.roles.${r.role}`)}</span>
      {to ? (
        <LLink to={to} className="text-brand hover:underline">
          {r.forName}
        </LLink>
      ) : (
        r.forName
      )}
    </td>
  );
}

function InvitationTable({ rows }: { rows: InvitationRow[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const k = (key: string) => t(`admin:invitations.${key}`);
  const date = (iso: string | null) => (iso ? formatDate(iso, lang) : '—');
  return (
    <SectionTable
      title={k('listTitle')}
      headers={[k('columns.email'), k('columns.for'), k('columns.state'), k('columns.dates'), '']}
      empty={rows.length === 0}
    >
      {rows.map((r) => (
        <tr key={r.id} data-testid={`invitation-${r.id}`}>
          <td>{r.email}</td>
          <ForCell r={r} />
          <td>
            <Badge tone={TONES[r.state]}>{k(`states.${r.state}`)}</Badge>
            {r.invitedBy ? (
              <span className="block text-sm text-gray-600">
                {t('admin:invitations.by', { email: r.invitedBy })}
              </span>
            ) : null}
          </td>
          <td className="text-sm">
            {r.usedAt
              ? t('admin:invitations.usedOn', { date: date(r.usedAt) })
              : r.expiresAt
                ? t('admin:invitations.until', { date: date(r.expiresAt) })
                : date(r.createdAt)}
          </td>
          <td>
            {r.state === 'held' || r.state === 'sent' || r.state === 'expired' ? (
              <InvitationButtons id={r.id} resend={r.state !== 'held' && r.role !== 'admin'} />
            ) : null}
            {r.role === 'admin' && (r.state === 'sent' || r.state === 'expired') ? (
              // A new admin link is a new grant: asked again, for a second admin to approve.
              <LLink
                to={`/auth/admin/invitations?again=${r.id}#invite-admin`}
                className="btn-secondary mt-2"
              >
                {k('askAgain')}
              </LLink>
            ) : null}
          </td>
        </tr>
      ))}
    </SectionTable>
  );
}

type AskAgain = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['again']>;

/**
 * The "invite an admin" form; `again` fills it in with an earlier invitation's names and language.
 * While the session's proof is not fresh it asks the password (and code) here, so nothing typed
 * in the form is lost to a step-up elsewhere.
 */
function InviteAdminForm({
  onlyAdmin,
  stepUp,
  again,
}: {
  onlyAdmin: boolean;
  stepUp: StepUpPrompt | null;
  again: AskAgain | null;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(inviteAdminSchema, {
    id: 'invite-admin',
    lastResult,
    defaultValue: again
      ? {
          email: again.email,
          firstName: again.firstName ?? '',
          lastName: again.lastName ?? '',
          lang: again.lang,
        }
      : { lang },
  });
  const k = (key: string, values?: Record<string, unknown>) =>
    t(`admin:invitations.${key}`, values);
  return (
    <Section title={k('adminTitle')}>
      <p className="mb-3 text-sm text-gray-600">{k('adminHint')}</p>
      {onlyAdmin ? (
        <p className="mb-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {k('errors.singleAdmin')}
        </p>
      ) : null}
      {again ? (
        <p className="mb-3 rounded-md border border-sky-300 bg-sky-50 p-3 text-sm" role="status">
          {k('again', { email: again.email })}
        </p>
      ) : null}
      <ZodForm
        form={form}
        className="grid max-w-2xl gap-x-4 sm:grid-cols-2"
        data-testid="invite-admin"
      >
        <input type="hidden" name="intent" value="inviteAdmin" />
        <div className="sm:col-span-2">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <Field field={fields.firstName} label={t('admin:fields.firstName')} autoComplete="off" />
        <Field field={fields.lastName} label={t('admin:fields.lastName')} autoComplete="off" />
        <Field
          field={fields.email}
          label={t('admin:fields.email')}
          type="email"
          autoComplete="off"
        />
        <LanguageField field={fields.lang} label={k('lang')} />
        {stepUp ? (
          <div className="sm:col-span-2">
            <StepUpFields
              prompt={stepUp}
              why={k(stepUp.totp ? 'stepUp.whyTotp' : 'stepUp.why', { minutes: STEP_UP_MINUTES })}
              password={fields.password}
              code={fields.code}
            />
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <SubmitButton>{k('sendAdmin')}</SubmitButton>
        </div>
      </ZodForm>
      {stepUp?.passkeys ? <StepUpPasskeyButton /> : null}
    </Section>
  );
}

export default function AdminInvitations() {
  const { t } = useTranslation();
  const { invitations, onlyAdmin, days, stepUp, again } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading title={t('admin:invitations.title')} />
      <p className="mb-4 text-gray-600">{t('admin:invitations.intro', { days })}</p>
      {/* A new key for each invitation asked again: the form takes its values anew. */}
      <InviteAdminForm
        key={again?.id ?? 'new'}
        onlyAdmin={onlyAdmin}
        stepUp={stepUp}
        again={again}
      />
      <InvitationTable rows={invitations} />
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:invitations' } as const satisfies RouteHandle;

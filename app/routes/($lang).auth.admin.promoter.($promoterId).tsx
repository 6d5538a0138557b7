import { type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { useZodForm } from '~/components/use-zod-form';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Badge, Empty, Section } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import { LoginSection } from '~/components/login-section';
import { ErrorList, Field, SubmitButton, ZodForm } from '~/components/forms';
import { LLink, useLang } from '~/components/link';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { formatDate } from '~/lib/format';
import { localizePath } from '~/lib/lang';
import { promoterSchema } from '~/lib/schemas/admin';
import { invitationChangeSchema, inviteLoginSchema } from '~/lib/schemas/invitation';
import { getPromoter, savePromoter, setLoginActive } from '~/services/people/admin-people.server';
import { requireRole } from '~/services/auth/guard.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import { addOrEditTitle, at, type RouteHandle } from '~/lib/route-handle';
import { invitationChangeAnswer, inviteLoginAnswer } from '~/http/people/invitations-route.server';
import { liveInvitationOf } from '~/services/people/invitation-list.server';
import { UserText } from '~/components/user-text';

const actionSchema = z.discriminatedUnion('intent', [
  promoterSchema,
  inviteLoginSchema,
  invitationChangeSchema.extend({ intent: z.literal('resend') }),
  invitationChangeSchema.extend({ intent: z.literal('cancel') }),
  z.object({ intent: z.literal('deactivateLogin') }),
  z.object({ intent: z.literal('activateLogin') }),
]);

function optionalId(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new Response('Not Found', { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const id = optionalId(params.promoterId);
  if (id === null) return { promoter: null, login: null, events: [], invitation: null };
  const found = getPromoter(getDb(), id);
  if (!found) throw new Response('Not Found', { status: 404 });
  return { ...found, invitation: liveInvitationOf(getDb(), 'promoter', id) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireRole(request, 'admin');
  const db = getDb();
  const id = optionalId(params.promoterId);
  const lang = requestLang(request);
  const submission = parseWithZod(await request.formData(), { schema: actionSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const v = submission.value;
  let target = id;
  if (v.intent === 'save') {
    target = savePromoter(db, id, v, auth.actor);
  } else {
    if (id === null) throw new Response('Not Found', { status: 404 });
    if (v.intent === 'invite')
      return inviteLoginAnswer(request, db, 'promoter', id, submission, v, auth.actor);
    if (v.intent === 'resend' || v.intent === 'cancel')
      return invitationChangeAnswer(request, db, v, auth.actor);
    const found = getPromoter(db, id);
    if (found?.login) setLoginActive(db, found.login.id, v.intent === 'activateLogin', auth.actor);
  }
  return redirectWithFlash(localizePath(`/auth/admin/promoter/${target}`, lang), {
    kind: 'success',
    message: 'admin:saved',
  });
}

export default function AdminPromoter() {
  const { t } = useTranslation();
  const lang = useLang();
  const { promoter, login, events, invitation } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const intentOf = (r: unknown) =>
    (r as { initialValue?: Record<string, unknown> } | undefined)?.initialValue?.intent;
  const [form, fields] = useZodForm(promoterSchema, {
    id: 'promoter',
    lastResult: intentOf(lastResult) === 'save' ? lastResult : undefined,
    defaultValue: promoter ?? {},
  });
  const loginResult =
    intentOf(lastResult) === 'invite' ? (lastResult as SubmissionResult<string[]>) : undefined;
  return (
    <>
      <PageHeading title={promoter ? promoter.name : t('admin:promoters.add')}>
        {promoter && login ? (
          <LLink to={`/proxy-promoter/${promoter.id}`} className="btn">
            {t('admin:actAs')}
          </LLink>
        ) : null}
      </PageHeading>
      <Section title={t('admin:promoters.details')}>
        <ZodForm form={form} className="max-w-lg">
          <input type="hidden" name="intent" value="save" />
          <ErrorList errors={form.errors} />
          <Field field={fields.name} label={t('admin:fields.name')} />
          <Field field={fields.phone} label={t('admin:fields.phone')} type="tel" />
          <Field field={fields.email} label={t('admin:fields.email')} type="email" />
          <SubmitButton>{t('common:actions.save')}</SubmitButton>
        </ZodForm>
      </Section>
      {promoter ? (
        <>
          <LoginSection
            id="promoter-login"
            login={login}
            invitation={invitation}
            lastResult={loginResult}
          />
          <Section title={t('admin:promoters.events')}>
            {events.length === 0 ? (
              <Empty />
            ) : (
              <ul className="space-y-1">
                {events.map((e) => (
                  <li key={e.id}>
                    <LLink to={`/auth/admin/event/${e.id}`} className="text-brand hover:underline">
                      <UserText>{e.title}</UserText>
                    </LLink>{' '}
                    <span className="text-sm text-gray-500">{formatDate(e.date, lang)}</span>
                    {e.cancelled ? (
                      <>
                        {' '}
                        <span className="ml-2">
                          <Badge tone="red">{t('admin:cancelled')}</Badge>
                        </span>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </>
      ) : null}
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  title: addOrEditTitle(
    (d) => d.promoter === null,
    'titles:newPromoter',
    'titles:promoter',
    (d) => at(d, 'promoter', 'name'),
  ),
} as const satisfies RouteHandle;

import { type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { useZodForm } from '~/components/use-zod-form';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Section } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import { LoginSection } from '~/components/login-section';
import {
  CheckboxField,
  ErrorList,
  Field,
  SubmitButton,
  TextareaField,
  ZodForm,
} from '~/components/forms';
import { LLink } from '~/components/link';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { localizePath } from '~/lib/lang';
import { dealerSchema } from '~/lib/schemas/admin';
import { invitationChangeSchema, inviteLoginSchema } from '~/lib/schemas/invitation';
import { getDealer, saveDealer, setLoginActive } from '~/services/people/admin-people.server';
import { requireRole } from '~/services/auth/guard.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import { addOrEditTitle, at, type RouteHandle } from '~/lib/route-handle';
import { invitationChangeAnswer, inviteLoginAnswer } from '~/http/people/invitations-route.server';
import { liveInvitationOf } from '~/services/people/invitation-list.server';

const loginToggleSchema = z.object({ intent: z.enum(['deactivateLogin', 'activateLogin']) });
const actionSchema = z.discriminatedUnion('intent', [
  dealerSchema.innerType(),
  inviteLoginSchema,
  invitationChangeSchema.extend({ intent: z.literal('resend') }),
  invitationChangeSchema.extend({ intent: z.literal('cancel') }),
  loginToggleSchema,
]);

function optionalId(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new Response('Not Found', { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const id = optionalId(params.dealerId);
  if (id === null) return { dealer: null, login: null, invitation: null };
  const found = getDealer(getDb(), id);
  if (!found) throw new Response('Not Found', { status: 404 });
  return { ...found, invitation: liveInvitationOf(getDb(), 'dealer', id) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireRole(request, 'admin');
  const db = getDb();
  const id = optionalId(params.dealerId);
  const formData = await request.formData();
  const intent = formData.get('intent');
  const lang = requestLang(request);
  if (intent === 'save') {
    const submission = parseWithZod(formData, { schema: dealerSchema });
    if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
    const savedId = saveDealer(db, id, submission.value, auth.actor);
    return redirectWithFlash(localizePath(`/auth/admin/dealer/${savedId}`, lang), {
      kind: 'success',
      message: 'admin:saved',
    });
  }
  if (id === null) throw new Response('Not Found', { status: 404 });
  const submission = parseWithZod(formData, { schema: actionSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const v = submission.value;
  if (v.intent === 'invite')
    return inviteLoginAnswer(request, db, 'dealer', id, submission, v, auth.actor);
  if (v.intent === 'resend' || v.intent === 'cancel')
    return invitationChangeAnswer(request, db, v, auth.actor);
  if (
    submission.value.intent === 'deactivateLogin' ||
    submission.value.intent === 'activateLogin'
  ) {
    const found = getDealer(db, id);
    if (found?.login)
      setLoginActive(db, found.login.id, submission.value.intent === 'activateLogin', auth.actor);
  }
  return redirectWithFlash(localizePath(`/auth/admin/dealer/${id}`, lang), {
    kind: 'success',
    message: 'admin:saved',
  });
}

export default function AdminDealer() {
  const { t } = useTranslation();
  const { dealer, login, invitation } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(dealerSchema, {
    id: 'dealer',
    lastResult:
      lastResult &&
      (lastResult as { initialValue?: Record<string, unknown> }).initialValue?.intent === 'save'
        ? lastResult
        : undefined,
    defaultValue: dealer
      ? {
          ...dealer,
          lat: dealer.lat ?? '',
          lon: dealer.lon ?? '',
          active: dealer.active ? 'on' : '',
        }
      : { country: 'US', active: 'on' },
  });
  const loginResult =
    (lastResult as { initialValue?: Record<string, unknown> } | undefined)?.initialValue?.intent ===
    'invite'
      ? (lastResult as SubmissionResult<string[]>)
      : undefined;
  return (
    <>
      <PageHeading title={dealer ? dealer.name : t('admin:dealers.add')}>
        {dealer && login ? (
          <LLink to={`/proxy-dealer/${dealer.id}`} className="btn">
            {t('admin:actAs')}
          </LLink>
        ) : null}
      </PageHeading>
      <Section title={t('admin:dealers.details')}>
        <ZodForm form={form} className="grid gap-x-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="save" />
          <div className="sm:col-span-2">
            <ErrorList errors={form.errors} />
          </div>
          <Field field={fields.name} label={t('admin:fields.name')} />
          <Field field={fields.dealerNumber} label={t('admin:fields.dealerNumber')} />
          <Field field={fields.addressLine1} label={t('admin:fields.addressLine1')} />
          <Field field={fields.addressLine2} label={t('admin:fields.addressLine2')} />
          <Field field={fields.city} label={t('admin:fields.city')} />
          <Field field={fields.state} label={t('admin:fields.state')} />
          <Field field={fields.zipcode} label={t('admin:fields.zipcode')} />
          <Field field={fields.country} label={t('admin:fields.country')} maxLength={2} />
          <Field field={fields.phone} label={t('admin:fields.phone')} type="tel" />
          <Field field={fields.email} label={t('admin:fields.email')} type="email" />
          <Field field={fields.websiteUrl} label={t('admin:fields.website')} type="url" />
          <div />
          <Field field={fields.lat} label={t('admin:fields.lat')} inputMode="decimal" />
          <Field field={fields.lon} label={t('admin:fields.lon')} inputMode="decimal" />
          <div className="sm:col-span-2">
            <TextareaField field={fields.bio} label={t('admin:fields.bio')} rows={3} />
            <CheckboxField field={fields.active} label={t('admin:dealers.active')} />
            <SubmitButton>{t('common:actions.save')}</SubmitButton>
          </div>
        </ZodForm>
      </Section>
      {dealer ? (
        <LoginSection
          id="dealer-login"
          login={login}
          invitation={invitation}
          lastResult={loginResult}
        />
      ) : null}
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  title: addOrEditTitle(
    (d) => d.dealer === null,
    'titles:newDealer',
    'titles:dealer',
    (d) => at(d, 'dealer', 'name'),
  ),
} as const satisfies RouteHandle;

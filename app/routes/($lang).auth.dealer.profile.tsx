import { type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { SecurityLink } from '~/components/security-link';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import {
  ErrorList,
  Field,
  PasswordFields,
  SubmitButton,
  TextareaField,
  ZodForm,
} from '~/components/forms';
import { useLang } from '~/components/link';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { countryLabel } from '~/lib/countries';
import { localizePath } from '~/lib/lang';
import { dealerPasswordSchema, dealerProfileSchema } from '~/lib/schemas/dealer';
import {
  dealerCurrency,
  getDealer,
  updateDealerProfile,
} from '~/services/money/counter/dealer-counter.server';
import { requireRole } from '~/services/auth/guard.server';
import { passwordPolicy } from '~/services/auth/password-policy.server';
import { changeOwnPassword } from '~/services/auth/password-change.server';
import { RemovePasskeysField } from '~/components/change-password-form';
import { OWN_PASSWORD_REFUSALS, wantsPasskeysRemoved } from '~/lib/schemas/two-factor';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import { useZodForm } from '~/components/use-zod-form';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  const { profile, user } = await requireRole(request, 'dealer');
  const dealer = getDealer(getDb(), profile.id);
  if (!dealer) throw new Response('Not found', { status: 404 });
  return {
    dealer: {
      name: dealer.name,
      addressLine1: dealer.addressLine1 ?? '',
      addressLine2: dealer.addressLine2 ?? '',
      city: dealer.city ?? '',
      state: dealer.state ?? '',
      zipcode: dealer.zipcode ?? '',
      phone: dealer.phone ?? '',
      websiteUrl: dealer.websiteUrl ?? '',
      bio: dealer.bio ?? '',
      country: dealer.country,
      dealerNumber: dealer.dealerNumber,
    },
    email: user.email,
    currency: dealerCurrency(dealer),
  };
}

type Reply = { intent: 'profile' | 'password'; result: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const { profile, user, actor, sessionId, proxyHost } = await requireRole(request, 'dealer');
  const formData = await request.formData();
  const intent = formData.get('intent');
  const lang = requestLang(request);
  const back = async (message: string) =>
    redirectWithFlash(localizePath('/auth/dealer/profile', lang), { kind: 'success', message });

  if (intent === 'profile') {
    const submission = parseWithZod(formData, { schema: dealerProfileSchema });
    if (submission.status !== 'success') {
      return data<Reply>({ intent, result: submission.reply() }, { status: 400 });
    }
    const { intent: _i, ...values } = submission.value;
    updateDealerProfile(getDb(), profile.id, values, actor);
    return back('dealer:profile.saved');
  }
  if (intent === 'password') {
    const submission = parseWithZod(formData, {
      schema: dealerPasswordSchema.and(passwordPolicy([user.email, profile.name])),
    });
    const hide = ['currentPassword', 'password', 'confirmPassword'];
    if (submission.status !== 'success') {
      return data<Reply>(
        { intent, result: submission.reply({ hideFields: hide }) },
        { status: 400 },
      );
    }
    const outcome = await changeOwnPassword(
      getDb(),
      { user, actor, sessionId, proxyHost },
      { ...submission.value, removePasskeys: wantsPasskeysRemoved(formData) },
    );
    if (outcome !== 'ok') {
      const result =
        outcome === 'wrongPassword'
          ? submission.reply({
              fieldErrors: { currentPassword: ['dealer:password.wrong'] },
              hideFields: hide,
            })
          : outcome === 'tooManyAttempts'
            ? submission.reply({ formErrors: ['dealer:password.tooMany'], hideFields: hide })
            : submission.reply({ formErrors: [OWN_PASSWORD_REFUSALS[outcome]], hideFields: hide });
      return data<Reply>({ intent, result }, { status: outcome === 'tooManyAttempts' ? 429 : 400 });
    }
    return back('dealer:password.changed');
  }
  throw new Response('Unknown intent', { status: 400 });
}

export default function DealerProfilePage() {
  const { t } = useTranslation();
  const { dealer, email, currency } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const [profileForm, pf] = useZodForm(dealerProfileSchema, {
    id: 'dealer-profile',
    lastResult: reply?.intent === 'profile' ? reply.result : undefined,
    defaultValue: dealer,
  });
  const [passwordForm, pw] = useZodForm(dealerPasswordSchema, {
    id: 'dealer-password',
    lastResult: reply?.intent === 'password' ? reply.result : undefined,
  });
  return (
    <>
      <PageHeading title={t('dealer:profile.title')} />
      <SecurityLink />
      <div className="grid gap-6 lg:grid-cols-2">
        <section className="card" aria-labelledby="dealer-details-title">
          <h2 id="dealer-details-title" className="mb-4 text-lg font-semibold">
            {t('dealer:profile.details')}
          </h2>
          <DealerFacts email={email} dealer={dealer} currency={currency} />
          <ZodForm form={profileForm}>
            <input type="hidden" name="intent" value="profile" />
            <ErrorList id={profileForm.errorId} errors={profileForm.errors} />
            <Field field={pf.name} label={t('dealer:profile.name')} autoComplete="organization" />
            <Field
              field={pf.addressLine1}
              label={t('dealer:profile.addressLine1')}
              autoComplete="address-line1"
            />
            <Field
              field={pf.addressLine2}
              label={t('dealer:profile.addressLine2')}
              autoComplete="address-line2"
            />
            <div className="grid gap-x-4 sm:grid-cols-3">
              <Field
                field={pf.city}
                label={t('dealer:profile.city')}
                autoComplete="address-level2"
              />
              <Field
                field={pf.state}
                label={t('dealer:profile.state')}
                autoComplete="address-level1"
              />
              <Field
                field={pf.zipcode}
                label={t('dealer:profile.zipcode')}
                autoComplete="postal-code"
              />
            </div>
            <Field
              field={pf.phone}
              label={t('dealer:profile.phone')}
              type="tel"
              autoComplete="tel"
            />
            <Field
              field={pf.websiteUrl}
              label={t('dealer:profile.websiteUrl')}
              type="url"
              hint={t('dealer:profile.websiteHint')}
            />
            <TextareaField field={pf.bio} label={t('dealer:profile.bio')} rows={5} />
            <SubmitButton>{t('dealer:profile.save')}</SubmitButton>
          </ZodForm>
        </section>

        <section className="card self-start" aria-labelledby="dealer-password-title">
          <h2 id="dealer-password-title" className="mb-4 text-lg font-semibold">
            {t('dealer:password.title')}
          </h2>
          <ZodForm form={passwordForm}>
            <input type="hidden" name="intent" value="password" />
            <ErrorList id={passwordForm.errorId} errors={passwordForm.errors} />
            <PasswordFields
              current={pw.currentPassword}
              password={pw.password}
              confirm={pw.confirmPassword}
            />
            <RemovePasskeysField />
            <SubmitButton>{t('dealer:password.submit')}</SubmitButton>
          </ZodForm>
        </section>
      </div>
    </>
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

/** What the dealer cannot change here: the sign-in e-mail, dealer number and country. */
function DealerFacts({
  email,
  dealer,
  currency,
}: Omit<LoaderData, 'dealer'> & {
  dealer: Pick<LoaderData['dealer'], 'dealerNumber' | 'country'>;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="font-semibold">{t('dealer:profile.email')}</dt>
      <dd>{email}</dd>
      {dealer.dealerNumber ? (
        <>
          <dt className="font-semibold">{t('dealer:profile.dealerNumber')}</dt>
          <dd>{dealer.dealerNumber}</dd>
        </>
      ) : null}
      <dt className="font-semibold">{t('dealer:profile.country')}</dt>
      <dd>
        {countryLabel(dealer.country, lang)}
        <span className="block text-xs text-gray-500">
          {t('dealer:profile.countryHint', { currency })}
        </span>
      </dd>
    </dl>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:dealerProfile' } as const satisfies RouteHandle;

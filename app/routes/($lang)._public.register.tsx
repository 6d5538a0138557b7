import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import type { TFunction } from 'i18next';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CheckboxField,
  ErrorList,
  ErrorSummary,
  Field,
  Honeypot,
  PasswordFields,
  SelectField,
  SubmitButton,
  ZodForm,
} from '~/components/forms';
import { LLink } from '~/components/link';
import {
  AddressFields,
  RadioGroup,
  useRaceStyleOptions,
  useSexOptions,
} from '~/components/rider-forms';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { AGE_OF_MAJORITY } from '~/lib/constants';
import { localizePath } from '~/lib/lang';
import { LEVELS, registerSchema } from '~/lib/schemas/rider';
import { redirectIfSignedIn } from '~/services/auth/guard.server';
import { passwordPolicy } from '~/services/auth/password-policy.server';
import { submitRegistration } from '~/services/people/registration.server';
import { useZodForm, type ZodFormFields } from '~/components/use-zod-form';
import type { RouteHandle } from '~/lib/route-handle';

const HIDE = ['password', 'confirmPassword'];

export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await redirectIfSignedIn(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: registerSchema.and(passwordPolicy()) });
  if (submission.status !== 'success')
    return data(submission.reply({ hideFields: HIDE }), { status: 400 });
  const db = getDb();
  const lang = requestLang(request);
  const result = await submitRegistration(db, submission.value, lang);
  if (!result.ok) {
    return data(submission.reply({ hideFields: HIDE, fieldErrors: result.fieldErrors }), {
      status: 400,
    });
  }
  // The same answer whether or not the address had an account: no session, "check your mail".
  const query = new URLSearchParams({ email: submission.value.email });
  return redirect(`${localizePath('/register-confirm', lang)}?${query.toString()}`);
}

export default function Register() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const sexOptions = useSexOptions();
  const raceStyles = useRaceStyleOptions();
  const [form, fields] = useZodForm(registerSchema, {
    id: 'register',
    lastResult,
    defaultValue: { country: 'US', level: 'amateur' },
  });
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="page-title">{t('rider:register.title')}</h1>
      <p className="mb-6 text-gray-700">{t('rider:register.intro')}</p>
      <ZodForm
        form={form}
        summary={summaryFields(t, fields)}
        className="card p-6"
        data-testid="register-form"
      >
        <Honeypot />
        <ErrorList id={form.errorId} errors={form.errors} />

        <AccountFields fields={fields} />

        <fieldset className="mb-2">
          <legend className="mb-3 text-lg font-semibold">{t('rider:register.aboutYou')}</legend>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <Field
              field={fields.dateOfBirth}
              label={t('rider:fields.dateOfBirth')}
              type="date"
              autoComplete="bday"
            />
            <SelectField
              field={fields.sex}
              label={t('rider:fields.sex')}
              options={sexOptions}
              placeholder={t('rider:fields.choose')}
            />
            <Field
              field={fields.phone1}
              label={t('rider:fields.phone')}
              type="tel"
              autoComplete="tel"
            />
            <Field field={fields.hometown} label={t('rider:fields.hometown')} />
            <SelectField
              field={fields.raceStyle}
              label={t('rider:fields.raceStyle')}
              options={raceStyles}
              placeholder={t('rider:fields.choose')}
            />
            <Field
              field={fields.amaNumber}
              label={t('rider:fields.amaNumber')}
              hint={t('rider:fields.amaHint')}
            />
          </div>
          <RadioGroup
            field={fields.level}
            legend={t('rider:fields.level')}
            options={LEVELS.map((l): [string, string] => [l, t(`rider:level.${l}`)])}
          />
          <p className="-mt-2 mb-4 text-sm text-gray-600">{t('rider:register.levelHint')}</p>
        </fieldset>

        <AddressFields fields={fields} />

        <GuardianFields fields={fields} />

        <p className="mb-4 text-sm text-gray-600">{t('rider:register.noFees')}</p>
        <SubmitButton className="btn w-full sm:w-auto">{t('rider:register.submit')}</SubmitButton>
      </ZodForm>
      <p className="mt-6 text-sm">
        <LLink to="/login" className="text-brand hover:underline">
          {t('rider:register.haveAccount')}
        </LLink>
      </p>
    </div>
  );
}

type RegisterFields = ZodFormFields<typeof registerSchema>;

/** Every field the error summary names, with its label, in the form's order. */
function summaryFields(
  t: TFunction,
  fields: RegisterFields,
): ComponentProps<typeof ErrorSummary>['fields'] {
  return [
    [fields.firstName, t('rider:fields.firstName')],
    [fields.lastName, t('rider:fields.lastName')],
    [fields.email, t('rider:fields.email')],
    [fields.password, t('common:password.first')],
    [fields.confirmPassword, t('common:password.confirm')],
    [fields.dateOfBirth, t('rider:fields.dateOfBirth')],
    [fields.sex, t('rider:fields.sex')],
    [fields.phone1, t('rider:fields.phone')],
    [fields.hometown, t('rider:fields.hometown')],
    [fields.raceStyle, t('rider:fields.raceStyle')],
    [fields.amaNumber, t('rider:fields.amaNumber')],
    [fields.level, t('rider:fields.level')],
    [fields.addressLine1, t('rider:fields.addressLine1')],
    [fields.addressLine2, t('rider:fields.addressLine2')],
    [fields.city, t('rider:fields.city')],
    [fields.country, t('rider:fields.country')],
    [fields.state, t('rider:fields.region')],
    [fields.stateText, t('rider:fields.region')],
    [fields.zipcode, t('rider:fields.zipcode')],
    [fields.guardianName, t('rider:fields.guardianName')],
    [fields.guardianEmail, t('rider:fields.guardianEmail')],
    [fields.guardianConsent, t('rider:fields.guardianConsent')],
  ];
}

/** Name, e-mail and password: the account itself. */
function AccountFields({ fields }: { fields: RegisterFields }) {
  const { t } = useTranslation();
  return (
    <fieldset className="mb-2">
      <legend className="mb-3 text-lg font-semibold">{t('rider:register.account')}</legend>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          field={fields.firstName}
          label={t('rider:fields.firstName')}
          autoComplete="given-name"
        />
        <Field
          field={fields.lastName}
          label={t('rider:fields.lastName')}
          autoComplete="family-name"
        />
      </div>
      <Field
        field={fields.email}
        label={t('rider:fields.email')}
        type="email"
        autoComplete="email"
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <PasswordFields password={fields.password} confirm={fields.confirmPassword} first />
      </div>
    </fieldset>
  );
}

/** A minor's parent or guardian and their consent. */
function GuardianFields({ fields }: { fields: RegisterFields }) {
  const { t } = useTranslation();
  return (
    <fieldset className="mb-4 rounded-md border border-gray-200 p-4" data-testid="guardian">
      <legend className="px-1 text-lg font-semibold">{t('rider:register.guardianTitle')}</legend>
      <p className="mb-4 text-sm text-gray-700">
        {t('rider:register.guardianIntro', { age: AGE_OF_MAJORITY })}
      </p>
      <Field field={fields.guardianName} label={t('rider:fields.guardianName')} />
      <Field field={fields.guardianEmail} label={t('rider:fields.guardianEmail')} type="email" />
      <CheckboxField field={fields.guardianConsent} label={t('rider:fields.guardianConsent')} />
    </fieldset>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  cache: 'none',
  rateLimit: 'sensitive',
  title: 'titles:register',
} as const satisfies RouteHandle;

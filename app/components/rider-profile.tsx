/**
 * Sections of the rider profile page (/auth/rider/profile): the account summary and the personal,
 * tax status, PIN and password forms. Render only: the page's action (one `intent` per form)
 * validates with the schemas of ~/lib/schemas/rider and answers a `ProfileActionResult`.
 */
import type { AwardConflict } from '~/services/money/awards/award-conflicts.server';
import { type DefaultValue, type FormMetadata, type SubmissionResult } from '@conform-to/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RemovePasskeysField } from '~/components/change-password-form';
import type { z } from 'zod';
import {
  CheckboxField,
  ErrorList,
  Field,
  PasswordFields,
  SelectField,
  SubmitButton,
  TextareaField,
  ZodForm,
} from '~/components/forms';
import {
  AddressFields,
  RadioGroup,
  useRaceStyleOptions,
  useSexOptions,
} from '~/components/rider-forms';
import { NON_RESIDENT_WITHHOLDING_PERCENT } from '~/lib/constants';
import { countryByCode } from '~/lib/countries';
import {
  changePasswordSchema,
  pinFormSchema,
  riderProfileSchema,
  SOCIAL_KEYS,
  taxStatusSchema,
  type ProfileIntent,
} from '~/lib/schemas/rider';
import { reminderPreferenceSchema } from '~/lib/schemas/reminders';
import { ProfileSection, type ProfileRider } from '~/components/profile-summary';
import { useZodForm } from '~/components/use-zod-form';

export { AccountSummary, ProfileSection, type ProfileRider } from '~/components/profile-summary';

/** What the profile action answers: which form it was, its Conform result or upload error. */
export type ProfileActionResult = {
  intent: ProfileIntent | null;
  result?: SubmissionResult<string[]>;
  kind?: string | null;
  error?: string;
  saved?: boolean;
  /** A change refused because it would take back awards already spent, claimed or paid. */
  conflicts?: AwardConflict[];
};

type ActionProps = { actionData: ProfileActionResult | undefined };

function resultFor(actionData: ProfileActionResult | undefined, intent: ProfileIntent) {
  return actionData?.intent === intent ? actionData.result : undefined;
}

/** A profile form checked as the rider types (on blur, then on input), showing the action's last answer. */
function useLiveForm<S extends z.ZodTypeAny>(
  id: string,
  intent: ProfileIntent,
  schema: S,
  actionData: ProfileActionResult | undefined,
  defaultValue?: DefaultValue<z.input<S>>,
) {
  return useZodForm(schema, { id, lastResult: resultFor(actionData, intent), defaultValue });
}

function Saved({ actionData, intent }: ActionProps & { intent: ProfileIntent }) {
  const { t } = useTranslation();
  if (actionData?.intent !== intent || !actionData.saved) return null;
  return (
    <p
      role="status"
      className="mt-3 text-sm font-semibold text-green-800"
      data-testid={`saved-${intent}`}
    >
      {t('rider:profile.saved')}
    </p>
  );
}

/** One form of the profile: its intent, form-level errors, the fields, the save button and "saved". */
function ProfileForm<Schema extends Record<string, unknown>>({
  form,
  intent,
  actionData,
  submit,
  className,
  children,
}: ActionProps & {
  form: FormMetadata<Schema, string[]>;
  intent: ProfileIntent;
  submit: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <ZodForm form={form} className={className}>
      <input type="hidden" name="intent" value={intent} />
      <ErrorList id={form.errorId} errors={form.errors} />
      {children}
      <SubmitButton>{submit}</SubmitButton>
      <Saved actionData={actionData} intent={intent} />
    </ZodForm>
  );
}

/** The personal form's first values: the rider's own, a state as a region or as free text. */
function personalDefaults(r: ProfileRider) {
  const hasRegions = (countryByCode(r.country)?.regions.length ?? 0) > 0;
  const social = r.socialMedia ?? {};
  return {
    firstName: r.firstName,
    lastName: r.lastName,
    phone1: r.phone1 ?? '',
    phone2: r.phone2 ?? '',
    dateOfBirth: r.dateOfBirth ?? '',
    sex: r.sex ?? '',
    raceStyle: r.raceStyle ?? '',
    amaNumber: r.amaNumber ?? '',
    hometown: r.hometown ?? '',
    addressLine1: r.addressLine1 ?? '',
    addressLine2: r.addressLine2 ?? '',
    city: r.city ?? '',
    country: r.country,
    state: hasRegions ? (r.state ?? '') : '',
    stateText: hasRegions ? '' : (r.state ?? ''),
    zipcode: r.zipcode ?? '',
    bio: r.bio ?? '',
    ...Object.fromEntries(SOCIAL_KEYS.map((k) => [k, social[k] ?? ''])),
  };
}

export function PersonalForm({ rider: r, actionData }: ActionProps & { rider: ProfileRider }) {
  const { t } = useTranslation();
  const sexOptions = useSexOptions();
  const raceStyles = useRaceStyleOptions();
  const [form, fields] = useLiveForm(
    'profile-personal',
    'personal',
    riderProfileSchema,
    actionData,
    personalDefaults(r),
  );
  return (
    <ProfileSection id="personal" title={t('rider:profile.personalTitle')}>
      <ProfileForm
        form={form}
        intent="personal"
        actionData={actionData}
        submit={t('rider:profile.savePersonal')}
      >
        <div className="grid gap-x-4 md:grid-cols-2">
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
          <Field
            field={fields.phone1}
            label={t('rider:fields.phone')}
            type="tel"
            autoComplete="tel"
          />
          <Field field={fields.phone2} label={t('rider:fields.phone2')} type="tel" />
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
          <Field field={fields.hometown} label={t('rider:fields.hometown')} />
        </div>
        <AddressFields fields={fields} />
        <TextareaField field={fields.bio} label={t('rider:fields.bio')} rows={4} />
        <fieldset className="mb-2">
          <legend className="mb-3 text-lg font-semibold">{t('rider:fields.socialMedia')}</legend>
          <div className="grid gap-x-4 md:grid-cols-2">
            {SOCIAL_KEYS.map((k) => (
              <Field
                key={k}
                field={fields[k]}
                label={t(`rider:social.${k}`)}
                hint={t(k === 'website' ? 'rider:social.urlHint' : 'rider:social.handleHint')}
              />
            ))}
          </div>
        </fieldset>
      </ProfileForm>
    </ProfileSection>
  );
}

export function TaxStatusForm({ usPerson, actionData }: ActionProps & { usPerson: boolean }) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(taxStatusSchema, {
    id: 'profile-tax',
    lastResult: resultFor(actionData, 'taxStatus'),
    defaultValue: { usPerson: usPerson ? 'yes' : 'no' },
    checkInBrowser: false,
  });
  return (
    <ProfileSection id="tax" title={t('rider:tax.title')}>
      <p className="mb-2 text-sm text-gray-700">{t('rider:tax.intro')}</p>
      <ul className="mb-4 list-disc pl-6 text-sm text-gray-700">
        <li>{t('rider:tax.usPerson')}</li>
        <li>{t('rider:tax.nonUsPerson', { percent: NON_RESIDENT_WITHHOLDING_PERCENT })}</li>
      </ul>
      <ProfileForm
        form={form}
        intent="taxStatus"
        actionData={actionData}
        submit={t('rider:tax.save')}
      >
        <RadioGroup
          field={fields.usPerson}
          legend={t('rider:tax.question')}
          options={[
            ['yes', t('rider:tax.yes')],
            ['no', t('rider:tax.no', { percent: NON_RESIDENT_WITHHOLDING_PERCENT })],
          ]}
        />
        <p className="mb-4 text-sm font-semibold" data-testid="tax-current">
          {usPerson
            ? t('rider:tax.currentUs')
            : t('rider:tax.currentNonUs', { percent: NON_RESIDENT_WITHHOLDING_PERCENT })}
        </p>
      </ProfileForm>
    </ProfileSection>
  );
}

export function PinForm({ hasPin, actionData }: ActionProps & { hasPin: boolean }) {
  const { t } = useTranslation();
  const [form, fields] = useLiveForm('profile-pin', 'pin', pinFormSchema, actionData);
  return (
    <ProfileSection id="pin" title={t('rider:pin.title')}>
      <p className="mb-4 text-sm text-gray-700">
        {hasPin ? t('rider:pin.introChange') : t('rider:pin.introSet')}
      </p>
      <ProfileForm
        form={form}
        intent="pin"
        actionData={actionData}
        submit={hasPin ? t('rider:pin.change') : t('rider:pin.set')}
        className="max-w-sm"
      >
        <Field
          field={fields.currentSecret}
          label={t('security:pinCurrentSecret')}
          type="password"
          autoComplete="current-password"
        />
        <Field
          field={fields.pin}
          label={t('rider:pin.pin')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
        />
        <Field
          field={fields.confirmPin}
          label={t('rider:pin.confirm')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
        />
      </ProfileForm>
    </ProfileSection>
  );
}

export function PasswordForm({ actionData }: ActionProps) {
  const { t } = useTranslation();
  const [form, fields] = useLiveForm(
    'profile-password',
    'password',
    changePasswordSchema,
    actionData,
  );
  return (
    <ProfileSection id="password" title={t('rider:password.title')}>
      <ProfileForm
        form={form}
        intent="password"
        actionData={actionData}
        submit={t('rider:password.submit')}
        className="max-w-sm"
      >
        <PasswordFields
          current={fields.currentPassword}
          password={fields.password}
          confirm={fields.confirmPassword}
        />
        <RemovePasskeysField />
      </ProfileForm>
    </ProfileSection>
  );
}

/** Early reminder e-mails on or off (the last warnings before money is lost always go). */
export function ReminderForm({
  reminderMails,
  actionData,
}: ActionProps & { reminderMails: boolean }) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(reminderPreferenceSchema, {
    id: 'profile-reminders',
    lastResult: resultFor(actionData, 'reminders'),
    defaultValue: { reminderMails: reminderMails ? 'on' : undefined },
    checkInBrowser: false,
  });
  return (
    <ProfileSection id="reminders" title={t('reminders:preference.title')}>
      <p className="mb-2 text-sm text-gray-700">{t('reminders:preference.intro')}</p>
      <ProfileForm
        form={form}
        intent="reminders"
        actionData={actionData}
        submit={t('reminders:preference.save')}
      >
        <CheckboxField field={fields.reminderMails} label={t('reminders:preference.label')} />
        <p className="mb-2 text-sm text-gray-600">{t('reminders:preference.hint')}</p>
        <p className="mb-4 text-sm font-semibold" data-testid="reminders-current">
          {reminderMails ? t('reminders:preference.on') : t('reminders:preference.off')}
        </p>
      </ProfileForm>
    </ProfileSection>
  );
}

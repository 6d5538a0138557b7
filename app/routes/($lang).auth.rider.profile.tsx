import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data, MaxPartSizeExceededError, redirect, unstable_parseMultipartFormData } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { ErrorList, Field, SelectField, SubmitButton, TextareaField } from '~/components/forms';
import { AddressFields, RadioGroup, useRaceStyleOptions, useSexOptions } from '~/components/rider-forms';
import { RiderBikes } from '~/components/rider-bikes';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { NON_RESIDENT_WITHHOLDING_PERCENT, UPLOAD_MAX_BYTES } from '~/lib/constants';
import { countryByCode } from '~/lib/countries';
import { formatDate } from '~/lib/format';
import { localizePath } from '~/lib/lang';
import {
  changePasswordSchema,
  deleteDocumentSchema,
  isMinorToday,
  pinFormSchema,
  RIDER_UPLOAD_KINDS,
  riderProfileSchema,
  SOCIAL_KEYS,
  taxStatusSchema,
  type ProfileIntent,
  type RiderUploadKind,
} from '~/lib/schemas/rider';
import { addBikeSchema, removeBikeSchema } from '~/lib/schemas/vin';
import { addBike, listRiderBikes, removeBike } from '~/services/vin/bikes.server';
import {
  createDocumentUploadHandler,
  deleteRiderDocument,
  listRiderDocuments,
  missingProDocuments,
  saveRiderDocument,
  UPLOAD_ERRORS,
  uploadedFile,
} from '~/services/people/documents.server';
import { requireRole, riderBikesOk, roleHome } from '~/services/auth/guard.server';
import { changePassword } from '~/services/auth/recovery.server';
import { getRider, hasGuardianConsent, setRiderPin, setTaxStatus, updateRiderProfile } from '~/services/people/riders.server';
import { flashCookie } from '~/services/auth/session.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireRole(request, 'rider');
  const db = getDb();
  const rider = getRider(db, auth.profile.id);
  if (!rider) throw new Response('Not Found', { status: 404 });
  const { pinHash, note: _note, ...fields } = rider;
  const documents = listRiderDocuments(db, rider.id).filter((d) => d.kind !== 'timecard');
  return {
    rider: fields,
    email: auth.user.email,
    hasPin: pinHash !== null,
    minor: isMinorToday(rider.dateOfBirth),
    guardianConsent: hasGuardianConsent(db, rider.id),
    profileImage: auth.user.profileImage ? `/files/profile/${auth.user.id}?v=${auth.user.profileImage.slice(0, 8)}` : null,
    bikes: listRiderBikes(db, rider.id).map((b) => ({
      id: b.id,
      vin: b.vin,
      year: b.year,
      make: b.make,
      model: b.model,
      valid: b.valid,
      invalidReason: b.invalidReason,
    })),
    documents: documents.map((d) => ({
      id: d.id,
      kind: d.kind,
      originalName: d.originalName,
      createdAt: d.createdAt,
      url: `/files/documents/${d.id}`,
    })),
    missingDocuments: missingProDocuments(rider, documents),
    redirectReason: new URL(request.url).searchParams.get('redirect'),
  };
}

/** What the action answers: which form it was, its Conform result or upload error. */
type ActionResult = {
  intent: ProfileIntent | null;
  result?: SubmissionResult<string[]>;
  kind?: string | null;
  error?: string;
  saved?: boolean;
};

function answer(body: ActionResult, status = 200) {
  return data(body, { status });
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireRole(request, 'rider');
  const db = getDb();
  const riderId = auth.profile.id;
  const riderRef = { id: riderId, userId: auth.user.id };

  if ((request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) {
    const { handler, tooLarge, fields } = createDocumentUploadHandler();
    let formData: FormData;
    try {
      formData = await unstable_parseMultipartFormData(request, handler);
    } catch (error) {
      if (error instanceof MaxPartSizeExceededError) {
        return answer({ intent: 'upload', kind: fields.get('kind') ?? null, error: UPLOAD_ERRORS.tooLarge }, 413);
      }
      throw error;
    }
    const kind = formData.get('kind');
    if (formData.get('intent') !== 'upload' || !RIDER_UPLOAD_KINDS.includes(kind as RiderUploadKind)) {
      return answer({ intent: null, error: 'rider:errors.intent' }, 400);
    }
    const uploadKind = kind as RiderUploadKind;
    if (tooLarge.has('file')) return answer({ intent: 'upload', kind: uploadKind, error: UPLOAD_ERRORS.tooLarge }, 400);
    const saved = saveRiderDocument(db, riderRef, uploadKind, await uploadedFile(formData.get('file')), auth.actor);
    if (!saved.ok) return answer({ intent: 'upload', kind: uploadKind, error: saved.error }, 400);
    return answer({ intent: 'upload', kind: uploadKind, saved: true });
  }

  const formData = await request.formData();
  const intent = formData.get('intent');
  switch (intent) {
    case 'personal': {
      const submission = parseWithZod(formData, { schema: riderProfileSchema });
      if (submission.status !== 'success') return answer({ intent, result: submission.reply() }, 400);
      const saved = updateRiderProfile(db, riderId, submission.value, auth.actor);
      if (!saved.ok) {
        const fieldErrors = 'fieldErrors' in saved ? saved.fieldErrors : {};
        return answer({ intent, result: submission.reply({ fieldErrors }) }, 400);
      }
      return answer({ intent, result: submission.reply(), saved: true });
    }
    case 'taxStatus': {
      const submission = parseWithZod(formData, { schema: taxStatusSchema });
      if (submission.status !== 'success') return answer({ intent, result: submission.reply() }, 400);
      setTaxStatus(db, riderId, submission.value.usPerson, auth.actor);
      return answer({ intent, result: submission.reply(), saved: true });
    }
    case 'pin': {
      const hideFields = ['pin', 'confirmPin'];
      const submission = parseWithZod(formData, { schema: pinFormSchema });
      if (submission.status !== 'success') return answer({ intent, result: submission.reply({ hideFields }) }, 400);
      await setRiderPin(db, riderId, submission.value.pin, auth.actor);
      return answer({ intent, result: submission.reply({ resetForm: true }), saved: true });
    }
    case 'password': {
      const hideFields = ['currentPassword', 'password', 'confirmPassword'];
      const submission = parseWithZod(formData, { schema: changePasswordSchema });
      if (submission.status !== 'success') return answer({ intent, result: submission.reply({ hideFields }) }, 400);
      const outcome = await changePassword(db, auth.user, submission.value, auth.actor, auth.sessionId);
      if (outcome === 'wrongPassword') {
        return answer({ intent, result: submission.reply({ hideFields, fieldErrors: { currentPassword: ['rider:errors.wrongPassword'] } }) }, 400);
      }
      if (outcome === 'tooManyAttempts') {
        return answer({ intent, result: submission.reply({ hideFields, formErrors: ['auth:tooManyAttempts'] }) }, 429);
      }
      return answer({ intent, result: submission.reply({ resetForm: true }), saved: true });
    }
    case 'deleteDocument': {
      const submission = parseWithZod(formData, { schema: deleteDocumentSchema });
      if (submission.status !== 'success') return answer({ intent, result: submission.reply() }, 400);
      const removed = deleteRiderDocument(db, riderRef, submission.value.documentId, auth.actor);
      if (!removed) return answer({ intent, error: 'common:errors.removalFailed' }, 404);
      return answer({ intent, saved: true });
    }
    case 'addBike': {
      const submission = parseWithZod(formData, { schema: addBikeSchema });
      if (submission.status !== 'success') return answer({ intent, result: submission.reply() }, 400);
      const wasOk = riderBikesOk(db, riderId);
      const added = addBike(db, riderId, submission.value.vin, auth.actor);
      if (!added.ok) return answer({ intent, result: submission.reply({ fieldErrors: { vin: [added.error] } }) }, 400);
      // The guard sent the rider here; with every bike valid now, they may go on to their home.
      if (!wasOk && riderBikesOk(db, riderId)) {
        return redirect(roleHome('rider', requestLang(request)), {
          headers: { 'Set-Cookie': await flashCookie({ kind: 'success', message: 'rider:profile.bikeReady' }) },
        });
      }
      return answer({ intent, result: submission.reply({ resetForm: true }), saved: true });
    }
    case 'removeBike': {
      const submission = parseWithZod(formData, { schema: removeBikeSchema });
      if (submission.status !== 'success') return answer({ intent, result: submission.reply() }, 400);
      if (!removeBike(db, riderId, submission.value.bikeId, auth.actor)) {
        return answer({ intent, result: submission.reply({ formErrors: ['common:errors.removalFailed'] }) }, 404);
      }
      const stillOk = riderBikesOk(db, riderId);
      if (!stillOk && !new URL(request.url).searchParams.has('redirect')) {
        return redirect(`${localizePath('/auth/rider/profile', requestLang(request))}?redirect=vin`);
      }
      return answer({ intent, result: submission.reply(), saved: true });
    }
    default:
      return answer({ intent: null, error: 'rider:errors.intent' }, 400);
  }
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function resultFor(actionData: ActionResult | undefined, intent: ProfileIntent) {
  return actionData?.intent === intent ? actionData.result : undefined;
}

function Saved({ actionData, intent }: { actionData: ActionResult | undefined; intent: ProfileIntent }) {
  const { t } = useTranslation();
  if (actionData?.intent !== intent || !actionData.saved) return null;
  return (
    <p role="status" className="mt-3 text-sm font-semibold text-green-800" data-testid={`saved-${intent}`}>
      {t('rider:profile.saved')}
    </p>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="card mb-6" data-testid={`section-${id}`}>
      <h2 id={`${id}-title`} className="mb-3 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function RiderProfilePage() {
  const { t } = useTranslation();
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <PageHeading title={t('common:pages.profile')} />
      <AccountSummary data={loaderData} />
      {loaderData.missingDocuments.length > 0 ? (
        <div role="alert" className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900" data-testid="pro-documents-notice">
          <p className="font-semibold">{t('rider:profile.proNotice.title')}</p>
          <p className="mt-1 text-sm">{t('rider:profile.proNotice.text')}</p>
          <ul className="mt-2 list-disc pl-6 text-sm">
            {loaderData.missingDocuments.map((k) => (
              <li key={k}>{t(`rider:documents.kinds.${k}`)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <RiderBikes
        bikes={loaderData.bikes}
        lastResult={actionData?.intent === 'addBike' ? actionData.result : undefined}
        redirectReason={loaderData.redirectReason}
      />
      {actionData?.intent === 'removeBike' && actionData.result?.error?.[''] ? (
        <ErrorList errors={actionData.result.error['']} />
      ) : null}
      <PersonalForm data={loaderData} actionData={actionData} />
      <TaxStatusForm data={loaderData} actionData={actionData} />
      <DocumentsSection data={loaderData} actionData={actionData} />
      <PinForm hasPin={loaderData.hasPin} actionData={actionData} />
      <PasswordForm actionData={actionData} />
    </>
  );
}

function AccountSummary({ data: d }: { data: LoaderData }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  return (
    <div className="card mb-6 flex flex-wrap items-center gap-4" data-testid="account-summary">
      {d.profileImage ? (
        <img src={d.profileImage} alt={t('common:user.avatarAlt')} className="h-16 w-16 rounded-full object-cover" />
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">{t('rider:fields.email')}</dt>
        <dd>{d.email}</dd>
        <dt className="font-semibold">{t('rider:fields.level')}</dt>
        <dd>{t(`rider:level.${d.rider.level}`)}</dd>
        <dt className="font-semibold">{t('rider:profile.memberSince')}</dt>
        <dd>{formatDate(d.rider.createdAt, lang)}</dd>
        {d.minor ? (
          <>
            <dt className="font-semibold">{t('rider:profile.guardian')}</dt>
            <dd>{d.guardianConsent ? t('rider:profile.guardianOnFile') : t('rider:profile.guardianMissing')}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

function PersonalForm({ data: d, actionData }: { data: LoaderData; actionData: ActionResult | undefined }) {
  const { t } = useTranslation();
  const sexOptions = useSexOptions();
  const raceStyles = useRaceStyleOptions();
  const r = d.rider;
  const hasRegions = (countryByCode(r.country)?.regions.length ?? 0) > 0;
  const social = r.socialMedia ?? {};
  const [form, fields] = useForm({
    id: 'profile-personal',
    lastResult: resultFor(actionData, 'personal'),
    constraint: getZodConstraint(riderProfileSchema),
    defaultValue: {
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
    },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: riderProfileSchema }),
  });
  return (
    <Section id="personal" title={t('rider:profile.personalTitle')}>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="personal" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="grid gap-x-4 md:grid-cols-2">
          <Field field={fields.firstName} label={t('rider:fields.firstName')} autoComplete="given-name" />
          <Field field={fields.lastName} label={t('rider:fields.lastName')} autoComplete="family-name" />
          <Field field={fields.phone1} label={t('rider:fields.phone')} type="tel" autoComplete="tel" />
          <Field field={fields.phone2} label={t('rider:fields.phone2')} type="tel" />
          <Field field={fields.dateOfBirth} label={t('rider:fields.dateOfBirth')} type="date" autoComplete="bday" />
          <SelectField field={fields.sex} label={t('rider:fields.sex')} options={sexOptions} placeholder={t('rider:fields.choose')} />
          <SelectField field={fields.raceStyle} label={t('rider:fields.raceStyle')} options={raceStyles} placeholder={t('rider:fields.choose')} />
          <Field field={fields.amaNumber} label={t('rider:fields.amaNumber')} hint={t('rider:fields.amaHint')} />
          <Field field={fields.hometown} label={t('rider:fields.hometown')} />
        </div>
        <AddressFields fields={fields} />
        <TextareaField field={fields.bio} label={t('rider:fields.bio')} rows={4} />
        <fieldset className="mb-2">
          <legend className="mb-3 text-lg font-semibold">{t('rider:fields.socialMedia')}</legend>
          <div className="grid gap-x-4 md:grid-cols-2">
            {SOCIAL_KEYS.map((k) => (
              <Field key={k} field={fields[k]} label={t(`rider:social.${k}`)} hint={t(k === 'website' ? 'rider:social.urlHint' : 'rider:social.handleHint')} />
            ))}
          </div>
        </fieldset>
        <SubmitButton>{t('rider:profile.savePersonal')}</SubmitButton>
        <Saved actionData={actionData} intent="personal" />
      </Form>
    </Section>
  );
}

function TaxStatusForm({ data: d, actionData }: { data: LoaderData; actionData: ActionResult | undefined }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: 'profile-tax',
    lastResult: resultFor(actionData, 'taxStatus'),
    constraint: getZodConstraint(taxStatusSchema),
    defaultValue: { usPerson: d.rider.usPerson ? 'yes' : 'no' },
    shouldValidate: 'onSubmit',
  });
  return (
    <Section id="tax" title={t('rider:tax.title')}>
      <p className="mb-2 text-sm text-gray-700">{t('rider:tax.intro')}</p>
      <ul className="mb-4 list-disc pl-6 text-sm text-gray-700">
        <li>{t('rider:tax.usPerson')}</li>
        <li>{t('rider:tax.nonUsPerson', { percent: NON_RESIDENT_WITHHOLDING_PERCENT })}</li>
      </ul>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="taxStatus" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <RadioGroup
          field={fields.usPerson}
          legend={t('rider:tax.question')}
          options={[
            ['yes', t('rider:tax.yes')],
            ['no', t('rider:tax.no', { percent: NON_RESIDENT_WITHHOLDING_PERCENT })],
          ]}
        />
        <p className="mb-4 text-sm font-semibold" data-testid="tax-current">
          {d.rider.usPerson ? t('rider:tax.currentUs') : t('rider:tax.currentNonUs', { percent: NON_RESIDENT_WITHHOLDING_PERCENT })}
        </p>
        <SubmitButton>{t('rider:tax.save')}</SubmitButton>
        <Saved actionData={actionData} intent="taxStatus" />
      </Form>
    </Section>
  );
}

function DocumentsSection({ data: d, actionData }: { data: LoaderData; actionData: ActionResult | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const maxMb = UPLOAD_MAX_BYTES / (1024 * 1024);
  return (
    <Section id="documents" title={t('rider:documents.title')}>
      <p className="mb-4 text-sm text-gray-700">{t('rider:documents.intro', { max: maxMb })}</p>
      {actionData?.intent === 'deleteDocument' && actionData.error ? <ErrorList errors={[actionData.error]} /> : null}
      <div className="grid gap-6 md:grid-cols-2">
        {RIDER_UPLOAD_KINDS.map((kind) => {
          const docs = d.documents.filter((doc) => doc.kind === kind);
          const error = actionData?.intent === 'upload' && actionData.kind === kind ? actionData.error : undefined;
          const saved = actionData?.intent === 'upload' && actionData.kind === kind && actionData.saved;
          const inputId = `upload-${kind}`;
          return (
            <div key={kind} className="rounded-md border border-gray-200 p-3" data-testid={`documents-${kind}`}>
              <h3 className="mb-2 font-semibold">{t(`rider:documents.kinds.${kind}`)}</h3>
              {docs.length === 0 ? (
                <p className="mb-2 text-sm text-gray-600">{t('rider:documents.none')}</p>
              ) : (
                <ul className="mb-3 space-y-1 text-sm">
                  {docs.map((doc) => (
                    <li key={doc.id} className="flex flex-wrap items-center justify-between gap-2">
                      <a href={doc.url} target="_blank" rel="noreferrer" className="text-brand hover:underline">
                        {doc.originalName}
                      </a>
                      <span className="text-gray-500">{formatDate(doc.createdAt, lang)}</span>
                      <Form method="post">
                        <input type="hidden" name="intent" value="deleteDocument" />
                        <input type="hidden" name="documentId" value={doc.id} />
                        <button type="submit" className="text-sm text-red-700 hover:underline" aria-label={t('rider:documents.deleteLabel', { name: doc.originalName })}>
                          {t('common:actions.delete')}
                        </button>
                      </Form>
                    </li>
                  ))}
                </ul>
              )}
              <Form method="post" encType="multipart/form-data">
                <input type="hidden" name="intent" value="upload" />
                <input type="hidden" name="kind" value={kind} />
                <label htmlFor={inputId} className="label">
                  {t('rider:documents.choose')}
                </label>
                <input
                  id={inputId}
                  name="file"
                  type="file"
                  accept="image/png,image/jpeg,.png,.jpg,.jpeg"
                  required
                  className="mb-2 block w-full text-sm"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                />
                {error ? <ErrorList id={`${inputId}-error`} errors={[error]} /> : null}
                <SubmitButton className="btn-secondary mt-2 text-sm">{t('rider:documents.upload')}</SubmitButton>
                {saved ? (
                  <p role="status" className="mt-2 text-sm font-semibold text-green-800" data-testid={`uploaded-${kind}`}>
                    {t('rider:documents.uploaded')}
                  </p>
                ) : null}
              </Form>
            </div>
          );
        })}
      </div>
    </Section>
  );
}

function PinForm({ hasPin, actionData }: { hasPin: boolean; actionData: ActionResult | undefined }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: 'profile-pin',
    lastResult: resultFor(actionData, 'pin'),
    constraint: getZodConstraint(pinFormSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: pinFormSchema }),
  });
  return (
    <Section id="pin" title={t('rider:pin.title')}>
      <p className="mb-4 text-sm text-gray-700">{hasPin ? t('rider:pin.introChange') : t('rider:pin.introSet')}</p>
      <Form method="post" {...getFormProps(form)} className="max-w-sm">
        <input type="hidden" name="intent" value="pin" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field field={fields.pin} label={t('rider:pin.pin')} type="password" inputMode="numeric" autoComplete="off" maxLength={4} />
        <Field field={fields.confirmPin} label={t('rider:pin.confirm')} type="password" inputMode="numeric" autoComplete="off" maxLength={4} />
        <SubmitButton>{hasPin ? t('rider:pin.change') : t('rider:pin.set')}</SubmitButton>
        <Saved actionData={actionData} intent="pin" />
      </Form>
    </Section>
  );
}

function PasswordForm({ actionData }: { actionData: ActionResult | undefined }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: 'profile-password',
    lastResult: resultFor(actionData, 'password'),
    constraint: getZodConstraint(changePasswordSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  return (
    <Section id="password" title={t('rider:password.title')}>
      <Form method="post" {...getFormProps(form)} className="max-w-sm">
        <input type="hidden" name="intent" value="password" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field field={fields.currentPassword} label={t('rider:password.current')} type="password" autoComplete="current-password" />
        <Field field={fields.password} label={t('rider:fields.newPassword')} type="password" autoComplete="new-password" hint={t('rider:fields.passwordHint')} />
        <Field field={fields.confirmPassword} label={t('rider:fields.confirmPassword')} type="password" autoComplete="new-password" />
        <SubmitButton>{t('rider:password.submit')}</SubmitButton>
        <Saved actionData={actionData} intent="password" />
      </Form>
    </Section>
  );
}

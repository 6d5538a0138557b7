import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data, MaxPartSizeExceededError, redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { SecurityLink } from '~/components/security-link';
import { AwardConflictsRefusal } from '~/components/award-conflicts';
import { ErrorList } from '~/components/forms';
import { RiderBikes } from '~/components/rider-bikes';
import { DocumentsSection, ProDocumentsNotice } from '~/components/rider-documents';
import {
  AccountSummary,
  PasswordForm,
  PersonalForm,
  PinForm,
  ReminderForm,
  TaxStatusForm,
  type ProfileActionResult,
} from '~/components/rider-profile';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { localizePath } from '~/lib/lang';
import {
  changePasswordSchema,
  deleteDocumentSchema,
  isMinorToday,
  pinFormSchema,
  RIDER_UPLOAD_KINDS,
  riderProfileSchema,
  taxStatusSchema,
  type RiderUploadKind,
} from '~/lib/schemas/rider';
import { addBikeSchema, removeBikeSchema } from '~/lib/schemas/vin';
import { reminderPreferenceSchema } from '~/lib/schemas/reminders';
import { addBike, listRiderBikes, removeBike } from '~/services/vin/bikes.server';
import {
  deleteRiderDocument,
  listRiderDocuments,
  missingProDocuments,
  saveRiderDocument,
  UPLOAD_ERRORS,
  uploadedFile,
} from '~/services/people/documents.server';
import { createDocumentUploadHandler } from '~/http/people/document-upload.server';
import { requireRole, riderBikesOk, roleHome } from '~/services/auth/guard.server';
import { passwordPolicy } from '~/services/auth/password-policy.server';
import { changeOwnPassword } from '~/services/auth/password-change.server';
import { OWN_PASSWORD_REFUSALS, wantsPasskeysRemoved } from '~/lib/schemas/two-factor';
import {
  getRider,
  hasGuardianConsent,
  setReminderMails,
  setTaxStatus,
  updateRiderProfile,
} from '~/services/people/riders.server';
import { changeRiderPin } from '~/services/people/rider-pin.server';
import { flashCookie } from '~/services/auth/session.server';
import { parseMultipart } from '~/http/multipart.server';

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
    profileImage: auth.user.profileImage
      ? `/files/profile/${auth.user.id}?v=${auth.user.profileImage.slice(0, 8)}`
      : null,
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

function answer(body: ProfileActionResult, status = 200) {
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
      formData = await parseMultipart(request, handler);
    } catch (error) {
      if (error instanceof MaxPartSizeExceededError) {
        return answer(
          { intent: 'upload', kind: fields.get('kind') ?? null, error: UPLOAD_ERRORS.tooLarge },
          413,
        );
      }
      throw error;
    }
    const kind = formData.get('kind');
    if (
      formData.get('intent') !== 'upload' ||
      !RIDER_UPLOAD_KINDS.includes(kind as RiderUploadKind)
    ) {
      return answer({ intent: null, error: 'rider:errors.intent' }, 400);
    }
    const uploadKind = kind as RiderUploadKind;
    if (tooLarge.has('file'))
      return answer({ intent: 'upload', kind: uploadKind, error: UPLOAD_ERRORS.tooLarge }, 400);
    const saved = saveRiderDocument(
      db,
      riderRef,
      uploadKind,
      await uploadedFile(formData.get('file')),
      auth.actor,
    );
    if (!saved.ok) return answer({ intent: 'upload', kind: uploadKind, error: saved.error }, 400);
    return answer({ intent: 'upload', kind: uploadKind, saved: true });
  }

  const formData = await request.formData();
  const intent = formData.get('intent');
  switch (intent) {
    case 'personal': {
      const submission = parseWithZod(formData, { schema: riderProfileSchema });
      if (submission.status !== 'success')
        return answer({ intent, result: submission.reply() }, 400);
      const saved = updateRiderProfile(db, riderId, submission.value, auth.actor);
      if (!saved.ok && 'conflicts' in saved) {
        return answer({ intent, result: submission.reply(), conflicts: saved.conflicts }, 409);
      }
      if (!saved.ok) {
        const fieldErrors = 'fieldErrors' in saved ? saved.fieldErrors : {};
        return answer({ intent, result: submission.reply({ fieldErrors }) }, 400);
      }
      return answer({ intent, result: submission.reply(), saved: true });
    }
    case 'taxStatus': {
      const submission = parseWithZod(formData, { schema: taxStatusSchema });
      if (submission.status !== 'success')
        return answer({ intent, result: submission.reply() }, 400);
      setTaxStatus(db, riderId, submission.value.usPerson, auth.actor);
      return answer({ intent, result: submission.reply(), saved: true });
    }
    case 'reminders': {
      const submission = parseWithZod(formData, { schema: reminderPreferenceSchema });
      if (submission.status !== 'success')
        return answer({ intent, result: submission.reply() }, 400);
      setReminderMails(db, riderId, submission.value.reminderMails, auth.actor);
      return answer({ intent, result: submission.reply(), saved: true });
    }
    case 'pin': {
      const hideFields = ['currentSecret', 'pin', 'confirmPin'];
      const submission = parseWithZod(formData, { schema: pinFormSchema });
      if (submission.status !== 'success')
        return answer({ intent, result: submission.reply({ hideFields }) }, 400);
      const outcome = await changeRiderPin(db, riderId, submission.value, auth.actor);
      if (outcome !== 'ok') {
        const reply =
          outcome === 'weakPin'
            ? submission.reply({ hideFields, fieldErrors: { pin: ['pinSafety:weakPin'] } })
            : outcome === 'wrongSecret'
              ? submission.reply({
                  hideFields,
                  fieldErrors: { currentSecret: ['security:pinWrongSecret'] },
                })
              : submission.reply({ hideFields, formErrors: ['auth:tooManyAttempts'] });
        return answer({ intent, result: reply }, outcome === 'tooManyAttempts' ? 429 : 400);
      }
      return answer({ intent, result: submission.reply({ resetForm: true }), saved: true });
    }
    case 'password': {
      const hideFields = ['currentPassword', 'password', 'confirmPassword'];
      const submission = parseWithZod(formData, {
        schema: changePasswordSchema.and(passwordPolicy([auth.user.email])),
      });
      if (submission.status !== 'success')
        return answer({ intent, result: submission.reply({ hideFields }) }, 400);
      const outcome = await changeOwnPassword(db, auth, {
        ...submission.value,
        removePasskeys: wantsPasskeysRemoved(formData),
      });
      if (outcome === 'stepUp' || outcome === 'proxy') {
        const formErrors = [OWN_PASSWORD_REFUSALS[outcome]];
        return answer({ intent, result: submission.reply({ hideFields, formErrors }) }, 403);
      }
      if (outcome === 'wrongPassword') {
        return answer(
          {
            intent,
            result: submission.reply({
              hideFields,
              fieldErrors: { currentPassword: ['rider:errors.wrongPassword'] },
            }),
          },
          400,
        );
      }
      if (outcome === 'tooManyAttempts') {
        return answer(
          {
            intent,
            result: submission.reply({ hideFields, formErrors: ['auth:tooManyAttempts'] }),
          },
          429,
        );
      }
      return answer({ intent, result: submission.reply({ resetForm: true }), saved: true });
    }
    case 'deleteDocument': {
      const submission = parseWithZod(formData, { schema: deleteDocumentSchema });
      if (submission.status !== 'success')
        return answer({ intent, result: submission.reply() }, 400);
      const removed = deleteRiderDocument(db, riderRef, submission.value.documentId, auth.actor);
      if (!removed) return answer({ intent, error: 'common:errors.removalFailed' }, 404);
      return answer({ intent, saved: true });
    }
    case 'addBike': {
      const submission = parseWithZod(formData, { schema: addBikeSchema });
      if (submission.status !== 'success')
        return answer({ intent, result: submission.reply() }, 400);
      const wasOk = riderBikesOk(db, riderId);
      const added = addBike(db, riderId, submission.value.vin, auth.actor);
      if (!added.ok && 'conflicts' in added)
        return answer({ intent, conflicts: added.conflicts }, 409);
      if (!added.ok)
        return answer(
          { intent, result: submission.reply({ fieldErrors: { vin: [added.error] } }) },
          400,
        );
      // The guard sent the rider here; with every bike valid now, they may go on to their home.
      if (!wasOk && riderBikesOk(db, riderId)) {
        return redirect(roleHome('rider', requestLang(request)), {
          headers: {
            'Set-Cookie': await flashCookie({
              kind: 'success',
              message: 'rider:profile.bikeReady',
            }),
          },
        });
      }
      return answer({ intent, result: submission.reply({ resetForm: true }), saved: true });
    }
    case 'removeBike': {
      const submission = parseWithZod(formData, { schema: removeBikeSchema });
      if (submission.status !== 'success')
        return answer({ intent, result: submission.reply() }, 400);
      const removed = removeBike(db, riderId, submission.value.bikeId, auth.actor);
      if (!removed.ok && 'conflicts' in removed)
        return answer({ intent, conflicts: removed.conflicts }, 409);
      if (!removed.ok) {
        return answer(
          { intent, result: submission.reply({ formErrors: ['common:errors.removalFailed'] }) },
          404,
        );
      }
      const stillOk = riderBikesOk(db, riderId);
      if (!stillOk && !new URL(request.url).searchParams.has('redirect')) {
        return redirect(
          `${localizePath('/auth/rider/profile', requestLang(request))}?redirect=vin`,
        );
      }
      return answer({ intent, result: submission.reply(), saved: true });
    }
    default:
      return answer({ intent: null, error: 'rider:errors.intent' }, 400);
  }
}

export default function RiderProfilePage() {
  const { t } = useTranslation();
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <PageHeading title={t('common:pages.profile')} />
      <SecurityLink />
      <AccountSummary
        email={loaderData.email}
        rider={loaderData.rider}
        profileImage={loaderData.profileImage}
        minor={loaderData.minor}
        guardianConsent={loaderData.guardianConsent}
      />
      <ProDocumentsNotice missing={loaderData.missingDocuments} />
      <RiderBikes
        bikes={loaderData.bikes}
        lastResult={actionData?.intent === 'addBike' ? actionData.result : undefined}
        redirectReason={loaderData.redirectReason}
      />
      {actionData && 'conflicts' in actionData && actionData.conflicts ? (
        <AwardConflictsRefusal
          message="events:errors.conflicts"
          conflicts={actionData.conflicts}
          testId="eligibility-refused"
        />
      ) : null}
      {actionData?.intent === 'removeBike' && actionData.result?.error?.[''] ? (
        <ErrorList errors={actionData.result.error['']} />
      ) : null}
      <PersonalForm rider={loaderData.rider} actionData={actionData} />
      <TaxStatusForm usPerson={loaderData.rider.usPerson} actionData={actionData} />
      <DocumentsSection documents={loaderData.documents} actionData={actionData} />
      <ReminderForm reminderMails={loaderData.rider.reminderMails} actionData={actionData} />
      <PinForm hasPin={loaderData.hasPin} actionData={actionData} />
      <PasswordForm actionData={actionData} />
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:profile' } as const;

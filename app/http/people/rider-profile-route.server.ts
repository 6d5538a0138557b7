/**
 * The rider profile page's action: one function per form of the page (its `intent`), and the
 * document upload, the page's one multipart form. Each answers with the page's action data or
 * a redirect.
 */
import { parseWithZod } from '@conform-to/zod';
import { data, MaxPartSizeExceededError, redirect } from '@remix-run/node';
import type { ProfileActionResult } from '~/components/rider-profile';
import { getDb, type DB } from '~/db.server';
import { createDocumentUploadHandler } from '~/http/people/document-upload.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import { parseMultipart } from '~/http/multipart.server';
import { requestLang } from '~/i18next.server';
import { localizePath } from '~/lib/lang';
import { reminderPreferenceSchema } from '~/lib/schemas/reminders';
import {
  changePasswordSchema,
  deleteDocumentSchema,
  pinFormSchema,
  RIDER_UPLOAD_KINDS,
  riderProfileSchema,
  taxStatusSchema,
  type RiderUploadKind,
} from '~/lib/schemas/rider';
import { OWN_PASSWORD_REFUSALS, wantsPasskeysRemoved } from '~/lib/schemas/two-factor';
import { addBikeSchema, removeBikeSchema } from '~/lib/schemas/vin';
import { requireRole, riderBikesOk, roleHome, type Auth } from '~/services/auth/guard.server';
import { changeOwnPassword } from '~/services/auth/password-change.server';
import { passwordPolicy } from '~/services/auth/password-policy.server';
import {
  deleteRiderDocument,
  saveRiderDocument,
  UPLOAD_ERRORS,
  uploadedFile,
} from '~/services/people/documents.server';
import { changeRiderPin } from '~/services/people/rider-pin.server';
import {
  setReminderMails,
  setTaxStatus,
  updateRiderProfile,
} from '~/services/people/riders.server';
import { addBike, removeBike } from '~/services/vin/bikes.server';

function answer(body: ProfileActionResult, status = 200) {
  return data(body, { status });
}

/** What every intent works on: the request, the signed-in rider, the database. */
type Ctx = { request: Request; auth: Auth; db: DB; riderId: number };

/** intent=upload (multipart): one of the rider's documents. */
async function uploadDocument({ request, auth, db, riderId }: Ctx) {
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
    { id: riderId, userId: auth.user.id },
    uploadKind,
    await uploadedFile(formData.get('file')),
    auth.actor,
  );
  if (!saved.ok) return answer({ intent: 'upload', kind: uploadKind, error: saved.error }, 400);
  return answer({ intent: 'upload', kind: uploadKind, saved: true });
}

async function savePersonal({ auth, db, riderId }: Ctx, formData: FormData) {
  const intent = 'personal';
  const submission = parseWithZod(formData, { schema: riderProfileSchema });
  if (submission.status !== 'success') return answer({ intent, result: submission.reply() }, 400);
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

async function saveTaxStatus({ auth, db, riderId }: Ctx, formData: FormData) {
  const intent = 'taxStatus';
  const submission = parseWithZod(formData, { schema: taxStatusSchema });
  if (submission.status !== 'success') return answer({ intent, result: submission.reply() }, 400);
  setTaxStatus(db, riderId, submission.value.usPerson, auth.actor);
  return answer({ intent, result: submission.reply(), saved: true });
}

async function saveReminders({ auth, db, riderId }: Ctx, formData: FormData) {
  const intent = 'reminders';
  const submission = parseWithZod(formData, { schema: reminderPreferenceSchema });
  if (submission.status !== 'success') return answer({ intent, result: submission.reply() }, 400);
  setReminderMails(db, riderId, submission.value.reminderMails, auth.actor);
  return answer({ intent, result: submission.reply(), saved: true });
}

async function changePin({ auth, db, riderId }: Ctx, formData: FormData) {
  const intent = 'pin';
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

async function changePassword({ auth, db }: Ctx, formData: FormData) {
  const intent = 'password';
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
    const fieldErrors = { currentPassword: ['rider:errors.wrongPassword'] };
    return answer({ intent, result: submission.reply({ hideFields, fieldErrors }) }, 400);
  }
  if (outcome === 'tooManyAttempts') {
    const formErrors = ['auth:tooManyAttempts'];
    return answer({ intent, result: submission.reply({ hideFields, formErrors }) }, 429);
  }
  return answer({ intent, result: submission.reply({ resetForm: true }), saved: true });
}

async function deleteDocument({ auth, db, riderId }: Ctx, formData: FormData) {
  const intent = 'deleteDocument';
  const submission = parseWithZod(formData, { schema: deleteDocumentSchema });
  if (submission.status !== 'success') return answer({ intent, result: submission.reply() }, 400);
  const rider = { id: riderId, userId: auth.user.id };
  const removed = deleteRiderDocument(db, rider, submission.value.documentId, auth.actor);
  if (!removed) return answer({ intent, error: 'common:errors.removalFailed' }, 404);
  return answer({ intent, saved: true });
}

async function addRiderBike({ request, auth, db, riderId }: Ctx, formData: FormData) {
  const intent = 'addBike';
  const submission = parseWithZod(formData, { schema: addBikeSchema });
  if (submission.status !== 'success') return answer({ intent, result: submission.reply() }, 400);
  const wasOk = riderBikesOk(db, riderId);
  const added = addBike(db, riderId, submission.value.vin, auth.actor);
  if (!added.ok && 'conflicts' in added) return answer({ intent, conflicts: added.conflicts }, 409);
  if (!added.ok)
    return answer(
      { intent, result: submission.reply({ fieldErrors: { vin: [added.error] } }) },
      400,
    );
  // The guard sent the rider here; with every bike valid now, they may go on to their home.
  if (!wasOk && riderBikesOk(db, riderId)) {
    return redirectWithFlash(roleHome('rider', requestLang(request)), {
      kind: 'success',
      message: 'rider:profile.bikeReady',
    });
  }
  return answer({ intent, result: submission.reply({ resetForm: true }), saved: true });
}

async function removeRiderBike({ request, auth, db, riderId }: Ctx, formData: FormData) {
  const intent = 'removeBike';
  const submission = parseWithZod(formData, { schema: removeBikeSchema });
  if (submission.status !== 'success') return answer({ intent, result: submission.reply() }, 400);
  const removed = removeBike(db, riderId, submission.value.bikeId, auth.actor);
  if (!removed.ok && 'conflicts' in removed)
    return answer({ intent, conflicts: removed.conflicts }, 409);
  if (!removed.ok) {
    const formErrors = ['common:errors.removalFailed'];
    return answer({ intent, result: submission.reply({ formErrors }) }, 404);
  }
  if (!riderBikesOk(db, riderId) && !new URL(request.url).searchParams.has('redirect')) {
    return redirect(`${localizePath('/auth/rider/profile', requestLang(request))}?redirect=vin`);
  }
  return answer({ intent, result: submission.reply(), saved: true });
}

/** The page's forms, by the `intent` each posts. */
const INTENTS = {
  personal: savePersonal,
  taxStatus: saveTaxStatus,
  reminders: saveReminders,
  pin: changePin,
  password: changePassword,
  deleteDocument,
  addBike: addRiderBike,
  removeBike: removeRiderBike,
};

/** The rider profile page's action. */
export async function riderProfileAction(request: Request) {
  const auth = await requireRole(request, 'rider');
  const ctx: Ctx = { request, auth, db: getDb(), riderId: auth.profile.id };
  if ((request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data'))
    return uploadDocument(ctx);
  const formData = await request.formData();
  const intent = formData.get('intent');
  if (typeof intent !== 'string' || !Object.hasOwn(INTENTS, intent))
    return answer({ intent: null, error: 'rider:errors.intent' }, 400);
  return INTENTS[intent as keyof typeof INTENTS](ctx, formData);
}

/** The change-password intent shared by the admin and promoter profile actions. */
import { parseWithZod } from '@conform-to/zod';
import { data } from '@remix-run/node';
import { getDb } from '~/db.server';
import { changePasswordSchema } from '~/lib/schemas/rider';
import type { Auth } from '~/services/auth/guard.server';
import { changePassword } from '~/services/auth/recovery.server';

const ERRORS = { wrongPassword: 'admin:profile.wrongPassword', tooManyAttempts: 'auth:tooManyAttempts' } as const;

/** Handles intent=password; returns the Conform reply (400 on error). */
export async function changePasswordAction(formData: FormData, auth: Auth) {
  const hide = { hideFields: ['currentPassword', 'password', 'confirmPassword'] };
  const submission = parseWithZod(formData, { schema: changePasswordSchema });
  if (submission.status !== 'success') return data({ form: 'password' as const, result: submission.reply(hide) }, { status: 400 });
  const r = await changePassword(getDb(), auth.user, submission.value, auth.actor, auth.sessionId);
  if (r !== 'ok') {
    return data({ form: 'password' as const, result: submission.reply({ ...hide, fieldErrors: { currentPassword: [ERRORS[r]] } }) }, { status: 400 });
  }
  return data({ form: 'password' as const, result: submission.reply({ resetForm: true }), done: true });
}

/** The admin and promoter profile actions: the profile form and the change-password intent. */
import { parseWithZod } from '@conform-to/zod';
import { data } from '@remix-run/node';
import type { z } from 'zod';
import { getDb } from '~/db.server';
import { changePasswordSchema } from '~/lib/schemas/rider';
import type { Auth } from '~/services/auth/guard.server';
import { passwordPolicy } from '~/services/auth/password-policy.server';
import { changeOwnPassword } from '~/services/auth/password-change.server';
import { OWN_PASSWORD_REFUSALS, wantsPasskeysRemoved } from '~/lib/schemas/two-factor';

const ERRORS = {
  wrongPassword: 'admin:profile.wrongPassword',
  tooManyAttempts: 'auth:tooManyAttempts',
  ...OWN_PASSWORD_REFUSALS,
} as const;

/** Handles intent=password; returns the Conform reply (400 on error). */
async function changePasswordAction(formData: FormData, auth: Auth) {
  const hide = { hideFields: ['currentPassword', 'password', 'confirmPassword'] };
  const submission = parseWithZod(formData, {
    schema: changePasswordSchema.and(passwordPolicy([auth.user.email])),
  });
  if (submission.status !== 'success')
    return data({ form: 'password' as const, result: submission.reply(hide) }, { status: 400 });
  const removePasskeys = wantsPasskeysRemoved(formData);
  const r = await changeOwnPassword(getDb(), auth, { ...submission.value, removePasskeys });
  if (r !== 'ok') {
    return data(
      {
        form: 'password' as const,
        result: submission.reply({ ...hide, fieldErrors: { currentPassword: [ERRORS[r]] } }),
      },
      { status: 400 },
    );
  }
  return data({
    form: 'password' as const,
    result: submission.reply({ resetForm: true }),
    done: true,
  });
}

/**
 * A profile page's action: intent=password changes the password; any other submission is the
 * profile form, parsed with `schema` and saved by `save`. Returns which form answered and its reply.
 */
export async function profileAction<S extends z.ZodTypeAny>(
  formData: FormData,
  auth: Auth,
  schema: S,
  save: (value: z.output<S>) => void,
) {
  if (formData.get('intent') === 'password') return changePasswordAction(formData, auth);
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== 'success')
    return data({ form: 'profile' as const, result: submission.reply() }, { status: 400 });
  save(submission.value);
  return { form: 'profile' as const, result: submission.reply(), done: true };
}

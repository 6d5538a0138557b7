import type { Submission } from '@conform-to/react';
import { data } from '@remix-run/node';
import type { DB } from '~/db.server';
import { passwordProblem } from '~/services/auth/password-policy.server';
import { createLogin } from '~/services/people/admin-people.server';
import { DuplicateEmailError } from '~/services/people/users.server';
import type { Actor } from '~/services/platform/audit.server';

/**
 * The admin's "create a login" form on a dealer's or promoter's page: the login is made, or the
 * form's refusal is answered next to its field (the password never sent back).
 */
export async function createLoginAnswer(
  db: DB,
  role: 'dealer' | 'promoter',
  id: number,
  submission: Pick<Submission<unknown>, 'reply'>,
  input: { email: string; password: string },
  actor: Actor,
) {
  const weak = passwordProblem(input.password, [input.email]);
  if (weak) {
    return data(submission.reply({ fieldErrors: { password: [weak] }, hideFields: ['password'] }), {
      status: 400,
    });
  }
  try {
    const r = await createLogin(db, role, id, input.email, input.password, actor);
    if (r === 'hasLogin') {
      return data(
        submission.reply({ formErrors: ['admin:errors.hasLogin'], hideFields: ['password'] }),
        { status: 400 },
      );
    }
    return null;
  } catch (e) {
    if (!(e instanceof DuplicateEmailError)) throw e;
    return data(
      submission.reply({
        fieldErrors: { email: ['admin:errors.emailTaken'] },
        hideFields: ['password'],
      }),
      { status: 400 },
    );
  }
}

/**
 * An admin adds a rider (issue #10): the account is created with an unusable random password and
 * not verified; the rider gets a mail, in their language, with a password-reset code link
 * (the same one-time code flow as "password lost"), which verifies the address when used.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { writeTx, type DB } from '~/db.server';
import { users } from '#db/schema';
import { tFor } from '~/i18next.server';
import { CODE_TTL_MINUTES } from '~/lib/constants';
import type { Lang } from '~/lib/lang';
import { issueCode } from '~/services/auth/codes.server';
import { resetLink } from '~/services/auth/recovery.server';
import { audit, type Actor } from '~/services/platform/audit.server';
import { sendMail } from '~/services/platform/mail.server';
import { createAccount, DuplicateEmailError } from '~/services/people/users.server';

export type AdminNewRider = {
  firstName: string;
  lastName: string;
  email: string;
  level: 'amateur' | 'pro';
  country: string;
  phone1?: string;
  dateOfBirth: string;
  lang: Lang;
};

/** Creates the rider and mails the set-password link; 'emailTaken' when the address has an account. */
export async function createRiderAsAdmin(
  db: DB,
  input: AdminNewRider,
  actor: Actor,
): Promise<{ ok: true; riderId: number } | { ok: false; error: 'emailTaken' }> {
  const email = input.email.trim().toLowerCase();
  let created: Awaited<ReturnType<typeof createAccount>>;
  try {
    created = await createAccount(db, {
      role: 'rider',
      email,
      password: randomBytes(32).toString('base64url'),
      emailVerified: false,
      firstName: input.firstName,
      lastName: input.lastName,
      rider: {
        level: input.level,
        country: input.country,
        phone1: input.phone1 || null,
        dateOfBirth: input.dateOfBirth,
      },
    });
  } catch (error) {
    if (error instanceof DuplicateEmailError) return { ok: false, error: 'emailTaken' };
    throw error;
  }
  const { user, profileId } = created;
  writeTx(db, (tx) => {
    tx.update(users).set({ lang: input.lang }).where(eq(users.id, user.id)).run();
    audit(tx, actor, 'rider.createdByAdmin', { type: 'rider', id: profileId }, { level: input.level });
  });
  const code = issueCode(db, email, 'password-reset');
  const t = await tFor(input.lang);
  await sendMail(db, {
    to: email,
    lang: input.lang,
    subject: t('adminAddRider:mail.subject'),
    text: t('adminAddRider:mail.text', {
      name: input.firstName,
      code,
      minutes: CODE_TTL_MINUTES,
      link: resetLink(input.lang, email, code),
    }),
  });
  return { ok: true, riderId: profileId };
}

/**
 * An admin adds a rider: the account is created with an unusable random password and
 * not verified; the rider gets a mail, in their language, with an invitation link (valid for days,
 * single use: invitations.server) to choose a password, which verifies the address when used.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DB } from '~/db.server';
import { users } from '#db/schema';
import { tFor } from '~/i18next.server';
import type { Lang } from '~/lib/lang';
import { audit, type Actor } from '~/services/platform/audit.server';
import { deliverQueued, queueMail } from '~/services/platform/mail.server';
import { issueInvitation } from '~/services/people/invitations.server';
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
  const t = await tFor(input.lang);
  const queued: number[] = [];
  let created: Awaited<ReturnType<typeof createAccount>>;
  try {
    // One transaction: the account, its language, the audit line, the set-password code and the
    // mail carrying it — a rider is never created without their mail, nor mailed for nothing.
    created = await createAccount(
      db,
      {
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
      },
      (tx, { user, profileId }) => {
        tx.update(users).set({ lang: input.lang }).where(eq(users.id, user.id)).run();
        audit(
          tx,
          actor,
          'rider.createdByAdmin',
          { type: 'rider', id: profileId },
          { level: input.level },
        );
        queued.push(
          queueMail(
            tx,
            issueInvitation(tx, { email, firstName: input.firstName, lang: input.lang, t }),
          ),
        );
      },
    );
  } catch (error) {
    if (error instanceof DuplicateEmailError) return { ok: false, error: 'emailTaken' };
    throw error;
  }
  await deliverQueued(db, queued);
  return { ok: true, riderId: created.profileId };
}

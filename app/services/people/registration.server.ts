/**
 * The public registration: it answers the same whether or not the address has an account, so the
 * form cannot be used to learn who has an account. A new address gets the account and a code; an
 * address that has an account gets a mail telling its owner someone tried, and nothing changes.
 * The code is entered on /register-confirm, where every failure reads the same too.
 */
import { eq } from 'drizzle-orm';
import { writeTx, type DB } from '~/db.server';
import { users, type User } from '#db/schema';
import { absoluteUrl } from '~/env.server';
import { tFor } from '~/i18next.server';
import { localizePath, type Lang } from '~/lib/lang';
import type { RegisterInput } from '~/lib/schemas/rider';
import { checkCode } from '~/services/auth/codes.server';
import { passwordProblem } from '~/services/auth/password-policy.server';
import { rateLimitHit } from '~/services/auth/rate-limit.server';
import { sendVerificationCode } from '~/services/auth/verification.server';
import { deliverQueued, queueMail } from '~/services/platform/mail.server';
import { registerRider, type FieldErrors } from '~/services/people/riders.server';

/** "Someone tried to register with your address" mails per address: a form cannot flood a box. */
export const EXISTING_USER_NOTICE_LIMIT = { count: 3, windowSeconds: 60 * 60 };

function userByEmail(db: DB, email: string): User | undefined {
  return db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
}

/** Tells the owner of an address that someone tried to register with it, in the owner's language. */
async function mailExistingUser(db: DB, user: User, lang: Lang): Promise<void> {
  const limit = EXISTING_USER_NOTICE_LIMIT;
  if (!rateLimitHit(db, `register-notice:${user.email}`, limit.count, limit.windowSeconds)) return;
  const userLang = user.lang ?? lang;
  const t = await tFor(userLang);
  const queued = writeTx(db, (tx) =>
    queueMail(tx, {
      to: user.email,
      lang: userLang,
      subject: t('mail:registerNotice.subject'),
      text: t('mail:registerNotice.text', {
        login: absoluteUrl(localizePath('/login', userLang)),
        reset: absoluteUrl(localizePath('/forgot-password', userLang)),
      }),
    }),
  );
  await deliverQueued(db, [queued]);
}

/**
 * Registers a rider from the public form. `ok` means "check your mail", whether the address was
 * new (account created, code mailed) or already had an account (its owner mailed instead). Only
 * errors in what was typed (a minor without consent) come back as field errors.
 */
export async function submitRegistration(
  db: DB,
  input: RegisterInput,
  lang: Lang,
): Promise<{ ok: true } | { ok: false; fieldErrors: FieldErrors }> {
  // Decided by what was typed alone, before the address is looked up: the same for any address.
  const weak = passwordProblem(input.password, [input.email, input.firstName, input.lastName]);
  if (weak) return { ok: false, fieldErrors: { password: [weak] } };
  const result = await registerRider(db, input, lang);
  if (result.ok) {
    await sendVerificationCode(db, result.user, lang);
    return { ok: true };
  }
  if ('fieldErrors' in result) return result;
  const user = userByEmail(db, input.email);
  if (user) await mailExistingUser(db, user, lang);
  return { ok: true };
}

/**
 * Checks the code mailed at registration and marks the address verified. Any failure is `wrong`:
 * telling "expired" or "too many tries" apart would show which addresses were just registered.
 */
export function confirmRegistration(
  db: DB,
  email: string,
  code: string,
): { ok: true; user: User } | { ok: false } {
  const check = checkCode(db, email, 'email-verify', code);
  if (check !== 'ok') return { ok: false };
  const user = userByEmail(db, email);
  if (!user || user.deactivated || user.emailVerified) return { ok: false };
  db.update(users)
    .set({ emailVerified: true, updatedAt: new Date().toISOString() })
    .where(eq(users.id, user.id))
    .run();
  return { ok: true, user: { ...user, emailVerified: true } };
}

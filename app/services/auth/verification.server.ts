/** E-mail verification: send a code to the signed-in user, then check it. */
import { eq } from 'drizzle-orm';
import type { DB } from '~/db.server';
import { users, type User } from '#db/schema';
import { tFor } from '~/i18next.server';
import type { Lang } from '~/lib/lang';
import { checkCode, issueCode, type CodeCheck } from '~/services/auth/codes.server';
import { sendMail } from '~/services/platform/mail.server';
import { rateLimitHit } from '~/services/auth/rate-limit.server';

export const SEND_LIMIT = { count: 5, windowSeconds: 15 * 60 };

/** Mails a fresh 6-digit code; false when too many were sent recently. */
export async function sendVerificationCode(db: DB, user: User, lang: Lang): Promise<boolean> {
  if (!rateLimitHit(db, `code-send:email-verify:${user.email}`, SEND_LIMIT.count, SEND_LIMIT.windowSeconds)) {
    return false;
  }
  const code = issueCode(db, user.email, 'email-verify');
  const t = await tFor(lang);
  await sendMail(db, {
    to: user.email,
    lang,
    subject: t('mail:verify.subject'),
    text: t('mail:verify.text', { code }),
  });
  return true;
}

/** Checks the code; on success marks the e-mail verified. */
export function verifyEmailCode(db: DB, user: User, code: string): CodeCheck {
  const result = checkCode(db, user.email, 'email-verify', code);
  if (result === 'ok') {
    db.update(users).set({ emailVerified: true, updatedAt: new Date().toISOString() }).where(eq(users.id, user.id)).run();
  }
  return result;
}

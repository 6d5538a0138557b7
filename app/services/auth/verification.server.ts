/** E-mail verification: send a code to the signed-in user, then check it. */
import { eq } from 'drizzle-orm';
import { writeTx, type DB } from '~/db.server';
import { users, type User } from '#db/schema';
import { tFor } from '~/i18next.server';
import type { Lang } from '~/lib/lang';
import { checkCode, issueCode, type CodeCheck } from '~/services/auth/codes.server';
import { deliverQueued, queueMail } from '~/services/platform/mail.server';
import { rateLimitHit } from '~/services/auth/rate-limit.server';

const SEND_LIMIT = { count: 5, windowSeconds: 15 * 60 };

/** Mails a fresh 6-digit code; false when too many were sent recently. */
export async function sendVerificationCode(db: DB, user: User, lang: Lang): Promise<boolean> {
  if (
    !rateLimitHit(
      db,
      `code-send:email-verify:${user.email}`,
      SEND_LIMIT.count,
      SEND_LIMIT.windowSeconds,
    )
  ) {
    return false;
  }
  const t = await tFor(lang);
  // The code and its mail in one transaction: no code without its mail, no mail without its code.
  const queued = writeTx(db, (tx) => {
    const code = issueCode(tx, user.email, 'email-verify');
    return queueMail(tx, {
      to: user.email,
      lang,
      subject: t('mail:verify.subject'),
      text: t('mail:verify.text', { code }),
    });
  });
  await deliverQueued(db, [queued]);
  return true;
}

/** Checks the code; on success marks the e-mail verified. */
export function verifyEmailCode(db: DB, user: User, code: string): CodeCheck {
  const result = checkCode(db, user.email, 'email-verify', code);
  if (result === 'ok') {
    db.update(users)
      .set({ emailVerified: true, updatedAt: new Date().toISOString() })
      .where(eq(users.id, user.id))
      .run();
  }
  return result;
}

/**
 * The PIN is money: setting or changing it needs the account password or the current
 * PIN (a stolen session alone cannot take the rider's credit), wrong tries are rate-limited, and
 * the rider is mailed whenever it changes.
 */
import { eq } from 'drizzle-orm';
import type { DB } from '~/db.server';
import { riders, users } from '#db/schema';
import { tFor } from '~/i18next.server';
import { PIN_LENGTH } from '~/lib/constants';
import { isWeakPin } from '~/lib/weak-pins';
import { absoluteUrl } from '~/env.server';
import { localizePath } from '~/lib/lang';
import type { Actor } from '~/services/platform/audit.server';
import { deliverQueued, queueMail, type Mail } from '~/services/platform/mail.server';
import { DUMMY_HASH, verifyPassword, verifyPin } from '~/services/auth/password.server';
import { rateLimitHit, rateLimitReset } from '~/services/auth/rate-limit.server';
import { setRiderPin } from '~/services/people/riders.server';

/** Wrong passwords/PINs per rider per window on a PIN change. */
export const PIN_CHANGE_LIMIT = { count: 5, windowSeconds: 15 * 60 };

/** Sets a new PIN once the account password or the current PIN is proven; mails the rider. */
export async function changeRiderPin(
  db: DB,
  riderId: number,
  input: { pin: string; currentSecret?: string },
  actor: Actor,
): Promise<'ok' | 'wrongSecret' | 'tooManyAttempts' | 'weakPin'> {
  // Checked again here, whoever calls: a PIN anyone would try first is never stored.
  if (isWeakPin(input.pin)) return 'weakPin';
  const row = db
    .select({
      pinHash: riders.pinHash,
      passwordHash: users.passwordHash,
      email: users.email,
      lang: users.lang,
    })
    .from(riders)
    .innerJoin(users, eq(users.id, riders.userId))
    .where(eq(riders.id, riderId))
    .get();
  const key = `pin-change:${riderId}`;
  if (!rateLimitHit(db, key, PIN_CHANGE_LIMIT.count, PIN_CHANGE_LIMIT.windowSeconds))
    return 'tooManyAttempts';
  const secret = input.currentSecret ?? '';
  const byPassword = (await verifyPassword(secret, row?.passwordHash ?? DUMMY_HASH)).ok;
  const byPin =
    !byPassword &&
    !!row?.pinHash &&
    new RegExp(`^\\d{${PIN_LENGTH}}$`).test(secret) &&
    (await verifyPin(secret, row.pinHash)).ok;
  if (!row || !(byPassword || byPin)) return 'wrongSecret';
  const t = await tFor(row.lang);
  const mail: Mail = {
    to: row.email,
    lang: row.lang,
    subject: t('security:pinChangedMail.subject'),
    text: t('security:pinChangedMail.text', {
      link: absoluteUrl(localizePath('/forgot-password', row.lang)),
    }),
  };
  const queued: number[] = [];
  // The mail is queued in the PIN change's transaction: a PIN never changes without it.
  await setRiderPin(db, riderId, input.pin, actor, (tx) => queued.push(queueMail(tx, mail)));
  rateLimitReset(db, key);
  await deliverQueued(db, queued);
  return 'ok';
}

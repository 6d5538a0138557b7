/**
 * The rider's mails about a redemption: the receipt when a dealer redeems their credit, and the
 * notice when a redemption is refunded. In the rider's language (their stored preference, else
 * the program's default), with the program's money and date formats.
 *
 * Queued AFTER the money transaction has committed, in a small transaction of its own: a receipt
 * must never hold the write lock of the counter nor make a redemption fail. A mail that cannot be
 * queued is logged; the redemption stands.
 */
import { eq } from 'drizzle-orm';
import { writeTx, type DB } from '~/db.server';
import { creditRedemptions, dealers, riders, users } from '#db/schema';
import { absoluteUrl } from '~/env.server';
import { tFor } from '~/i18next.server';
import { formatDate, formatMoney, formatRedemptionCode } from '~/lib/format';
import { DEFAULT_LANG, localizePath, type Lang } from '~/lib/lang';
import { availableCredit } from '~/services/money/ledger/credit.server';
import { logger } from '~/services/platform/log.server';
import { deliverQueued, queueMail, type Mail } from '~/services/platform/mail.server';

export type RedemptionMailKind = 'receipt' | 'refund';

/** Renders the rider's mail about a redemption (null when the redemption or rider is gone). */
export async function redemptionMail(
  db: DB,
  redemptionId: number,
  kind: RedemptionMailKind,
  now: Date = new Date(),
): Promise<Mail | null> {
  const row = db
    .select({
      riderId: creditRedemptions.riderId,
      amountCents: creditRedemptions.amountCents,
      currency: creditRedemptions.currency,
      createdAt: creditRedemptions.createdAt,
      dealerName: dealers.name,
      firstName: riders.firstName,
      email: users.email,
      lang: users.lang,
    })
    .from(creditRedemptions)
    .innerJoin(dealers, eq(dealers.id, creditRedemptions.dealerId))
    .innerJoin(riders, eq(riders.id, creditRedemptions.riderId))
    .innerJoin(users, eq(users.id, riders.userId))
    .where(eq(creditRedemptions.id, redemptionId))
    .get();
  if (!row) return null;
  const lang: Lang = row.lang ?? DEFAULT_LANG;
  const t = await tFor(lang);
  const left = availableCredit(db, row.riderId, now, row.currency);
  const values = {
    name: row.firstName,
    amount: formatMoney(row.amountCents, row.currency, lang),
    dealer: row.dealerName,
    code: formatRedemptionCode(redemptionId, lang),
    date: formatDate(row.createdAt, lang),
    remaining: formatMoney(left.totalCents, row.currency, lang),
    contact: absoluteUrl(localizePath('/about/contact', lang)),
    link: absoluteUrl(localizePath('/auth/rider/redemptions', lang)),
  };
  return {
    to: row.email,
    lang,
    subject: t(`notices:mail.${kind}.subject`, values),
    text: t(`notices:mail.${kind}.text`, values),
  };
}

/** Queues and sends the rider's mail about a redemption that has committed; never throws. */
export async function mailRiderAboutRedemption(
  db: DB,
  redemptionId: number,
  kind: RedemptionMailKind,
  now: Date = new Date(),
): Promise<void> {
  try {
    const mail = await redemptionMail(db, redemptionId, kind, now);
    if (!mail) return;
    const id = writeTx(db, (tx) => queueMail(tx, mail));
    await deliverQueued(db, [id]);
  } catch (error) {
    logger().error({ err: error, redemptionId, kind }, 'redemption mail not queued');
  }
}

/**
 * The rider's mails about a redemption: the receipt when a dealer redeems their credit, and the
 * notice when a redemption is refunded (by an admin) or voided (by the dealer, queued in the
 * void's transaction like the receipt). In the rider's language (their stored preference, else
 * the program's default), with the program's money and date formats.
 *
 * The receipt is rendered from what the redemption already read (`receiptMail`) and queued in the
 * redemption's own transaction: it exists exactly when the redemption does, and costs the counter
 * no second transaction nor second reading of the rider's credit. The refund notice is queued
 * after the refund has committed, in a small transaction of its own (`mailRiderAboutRedemption`);
 * one that cannot be queued is logged and the refund stands.
 */
import type { TFunction } from 'i18next';
import { eq } from 'drizzle-orm';
import { writeTx, type DB, type Tx } from '~/db.server';
import { creditRedemptions, dealers, riders, users } from '#db/schema';
import { absoluteUrl, publicOrigin } from '~/env.server';
import { tFor } from '~/i18next.server';
import { formatDate, formatMoney, formatRedemptionCode, type Currency } from '~/lib/format';
import { DEFAULT_LANG, localizePath, type Lang } from '~/lib/lang';
import { availableCredit } from '~/services/money/ledger/credit.server';
import { logger } from '~/services/platform/log.server';
import { deliverQueued, queueMail, type Mail } from '~/services/platform/mail.server';

export type RedemptionMailKind = 'receipt' | 'refund' | 'void';

/** Renders the rider's mail about a redemption (null when the redemption or rider is gone). */
async function redemptionMail(
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
  return renderRedemptionMail(t, kind, {
    ...row,
    lang,
    redemptionId,
    remainingCents: left.totalCents,
  });
}

/** What a mail about a redemption says, from values already read. */
export type RedemptionMailFacts = {
  redemptionId: number;
  amountCents: number;
  currency: Currency;
  createdAt: string;
  dealerName: string;
  firstName: string;
  email: string;
  lang: Lang;
  /** The rider's credit left in that currency once the redemption (or refund) is counted. */
  remainingCents: number;
  /** Why the dealer voided it (a void's mail says it). */
  reason?: string;
};

/** Renders a mail about a redemption (`t` in the rider's language: `tFor(facts.lang)`). */
function renderRedemptionMail(
  t: TFunction,
  kind: RedemptionMailKind,
  facts: RedemptionMailFacts,
): Mail {
  const lang = facts.lang;
  const values = {
    name: facts.firstName,
    amount: formatMoney(facts.amountCents, facts.currency, lang),
    dealer: facts.dealerName,
    code: formatRedemptionCode(facts.redemptionId),
    date: formatDate(facts.createdAt, lang),
    remaining: formatMoney(facts.remainingCents, facts.currency, lang),
    reason: facts.reason ?? '',
    ...linksFor(lang),
  };
  return {
    to: facts.email,
    lang,
    subject: fill(t(`notices:mail.${kind}.subject`), values),
    text: fill(t(`notices:mail.${kind}.text`), values),
  };
}

const links = new Map<string, { contact: string; link: string }>();

/** The mail's two links in a language, built once per site address (every receipt has them). */
function linksFor(lang: Lang): { contact: string; link: string } {
  const key = `${publicOrigin()} ${lang}`;
  let out = links.get(key);
  if (!out) {
    out = {
      contact: absoluteUrl(localizePath('/about/contact', lang)),
      link: absoluteUrl(localizePath('/auth/rider/redemptions', lang)),
    };
    links.set(key, out);
  }
  return out;
}

/**
 * The template's `{{name}}` placeholders filled in, as i18next would (its values are not escaped on
 * the server). The template itself is a plain lookup i18next remembers; i18next's own
 * interpolation parsed the key and built its patterns again at every receipt.
 */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => values[name] ?? match);
}

/** Queues the rider's receipt inside the redemption's transaction; returns the mail's id. */
export function queueReceipt(tx: Tx, t: TFunction, facts: RedemptionMailFacts): number {
  return queueMail(tx, renderRedemptionMail(t, 'receipt', facts));
}

/** Queues the rider's notice of a dealer's void inside the void's transaction; the mail's id. */
export function queueVoidNotice(tx: Tx, t: TFunction, facts: RedemptionMailFacts): number {
  return queueMail(tx, renderRedemptionMail(t, 'void', facts));
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

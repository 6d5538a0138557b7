/**
 * Expiry (docs/rules.md "Dealer credit" and "Cash (pros)"):
 * - dealer credit is `current` until the end of the day (America/Los_Angeles) 12 months after it
 *   was awarded; then what is left is `expired` (ledger `expiry`, − what was left);
 * - a pro's cash award that is still `earned` and unclaimed expires when the rider has not
 *   supplied payment information (see `paymentInfoMissing`) by `paymentInfoDueAt` (race + 60 days);
 * - riders whose credit expires within 30 days get one e-mail per award.
 * Also the calendar helpers every money service shares (days in Los Angeles).
 */
import { and, count, eq, gt, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DB, Tx } from '~/db.server';
import { prepared, writeTx } from '~/db.server';
import { tFor } from '~/i18next.server';
import { EXPIRY_MAIL_DAYS } from '~/lib/constants';
import { formatDate, formatMoney } from '~/lib/format';
import type { Lang } from '~/lib/lang';
import {
  awards,
  events,
  riderDocuments,
  riders,
  sentReminders,
  users,
  type Award,
  type Rider,
} from '#db/schema';
import type { Conn } from '~/db.server';
import { audit, SYSTEM_ACTOR, type Actor } from '~/services/platform/audit.server';
import { recordLedger } from '~/services/money/ledger/ledger.server';
import { deliverQueued, queueMail, type Mail } from '~/services/platform/mail.server';
import { awardSourceTitle } from '~/services/money/awards/award-title.server';
import { instantWindow } from '~/services/platform/instant-window.server';

// ---------------------------------------------------------------- calendar days (Los Angeles)

// The calendar helpers live in ~/lib/dates (one copy); re-exported for existing callers.
export {
  addDays,
  addMonths,
  creditExpiresAt,
  laDay,
  laDayStart,
  paymentInfoDueAt,
} from '~/lib/dates';

// ---------------------------------------------------------------- payment information (pros)

/** What a pro may still have to supply before cash can be paid. */
export type MissingPaymentInfo = 'w9' | 'driversLicence' | 'address';

type RiderForPaymentInfo = Pick<
  Rider,
  'id' | 'usPerson' | 'country' | 'addressLine1' | 'city' | 'state' | 'zipcode'
>;

const filled = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';

/**
 * "Payment information supplied" (docs/rules.md "Cash (pros)"): a driver's licence
 * document on file; for a US person (riders.usPerson) a W-9 on file; and a postal address
 * (line 1, city, country, plus state and ZIP/postal code in the US and Canada) to send the
 * debit card or cheque to. Returns what is missing, in that order; empty when complete.
 */
export function missingPaymentInfo(
  rider: RiderForPaymentInfo,
  documentKinds: ReadonlySet<string>,
): MissingPaymentInfo[] {
  const missing: MissingPaymentInfo[] = [];
  if (rider.usPerson && !documentKinds.has('w9')) missing.push('w9');
  if (!documentKinds.has('driversLicence')) missing.push('driversLicence');
  const northAmerica = rider.country === 'US' || rider.country === 'CA';
  const address =
    filled(rider.addressLine1) &&
    filled(rider.city) &&
    filled(rider.country) &&
    (!northAmerica || (filled(rider.state) && filled(rider.zipcode)));
  if (!address) missing.push('address');
  return missing;
}

/** `missingPaymentInfo` for several riders at once (unknown riders are left out). */
export function paymentInfoMissingMany(
  conn: Conn,
  riderIds: readonly number[],
): Map<number, MissingPaymentInfo[]> {
  const out = new Map<number, MissingPaymentInfo[]>();
  if (riderIds.length === 0) return out;
  const ids = [...new Set(riderIds)];
  const rows = conn.select().from(riders).where(inArray(riders.id, ids)).all();
  const docs = conn
    .select({ riderId: riderDocuments.riderId, kind: riderDocuments.kind })
    .from(riderDocuments)
    .where(inArray(riderDocuments.riderId, ids))
    .all();
  const kinds = new Map<number, Set<string>>();
  for (const d of docs) {
    const set = kinds.get(d.riderId) ?? new Set<string>();
    set.add(d.kind);
    kinds.set(d.riderId, set);
  }
  for (const r of rows) out.set(r.id, missingPaymentInfo(r, kinds.get(r.id) ?? new Set()));
  return out;
}

/**
 * `missingPaymentInfo` of one rider (undefined for an unknown rider), read through statements
 * built once per connection: the rider pages ask it on every request.
 */
export function paymentInfoMissingFor(
  conn: Conn,
  riderId: number,
): MissingPaymentInfo[] | undefined {
  const rider = prepared(conn, 'expiry.paymentInfoRider', (c) =>
    c
      .select({
        id: riders.id,
        usPerson: riders.usPerson,
        country: riders.country,
        addressLine1: riders.addressLine1,
        city: riders.city,
        state: riders.state,
        zipcode: riders.zipcode,
      })
      .from(riders)
      .where(eq(riders.id, sql.placeholder('riderId')))
      .prepare(),
  ).get({ riderId });
  if (!rider) return undefined;
  const kinds = prepared(conn, 'expiry.paymentInfoDocuments', (c) =>
    c
      .selectDistinct({ kind: riderDocuments.kind })
      .from(riderDocuments)
      .where(eq(riderDocuments.riderId, sql.placeholder('riderId')))
      .prepare(),
  ).all({ riderId });
  return missingPaymentInfo(rider, new Set(kinds.map((d) => d.kind)));
}

/** SQL: true when the instant in `column` is at or before `iso` (any ISO-8601 text works). */
const atOrBefore = (
  column: typeof awards.expiresAt | typeof awards.paymentInfoDueAt,
  iso: string,
) => sql`julianday(${column}) <= julianday(${iso})`;

// ---------------------------------------------------------------- the expiry job

/**
 * Expires one award while `still` holds for it (a change that got there first wins): nothing left
 * on it, and the ledger's `expiry` row for what was left. False when it was no longer due.
 */
function expireAward(
  tx: Tx,
  a: Award,
  balance: 'credit' | 'cash',
  still: SQL,
  actor: Actor,
  note: string,
): boolean {
  const changed = tx
    .update(awards)
    .set({ status: 'expired', currentCents: 0 })
    .where(and(eq(awards.id, a.id), still))
    .run().changes;
  if (changed !== 1) return false;
  if (a.currentCents !== 0) {
    recordLedger(tx, {
      riderId: a.riderId,
      balance,
      kind: 'expiry',
      amountCents: -a.currentCents,
      currency: a.currency,
      awardId: a.id,
      actor,
      note,
    });
  }
  return true;
}

export type ExpiryResult = { expired: number; credit: number; cash: number };

/**
 * Expires, in one transaction: dealer credit past its expiry, and unclaimed cash awards whose
 * payment information is still missing after its due date. Each expiry writes a ledger row
 * (− what was left). Idempotent: a second run finds nothing to do.
 */
export function expireCredits(db: DB, now: Date, actor: Actor = SYSTEM_ACTOR): ExpiryResult {
  const nowIso = now.toISOString();
  return writeTx(db, (tx) => {
    let credit = 0;
    let cash = 0;
    const dueCredit = tx
      .select()
      .from(awards)
      .where(
        and(
          eq(awards.payoutType, 'dealerCredit'),
          eq(awards.status, 'current'),
          isNotNull(awards.expiresAt),
          atOrBefore(awards.expiresAt, nowIso),
        ),
      )
      .all();
    for (const a of dueCredit) {
      if (expireAward(tx, a, 'credit', eq(awards.status, 'current'), actor, 'credit expired'))
        credit += 1;
    }

    const dueCash = tx
      .select()
      .from(awards)
      .where(
        and(
          eq(awards.payoutType, 'cash'),
          eq(awards.status, 'earned'),
          isNull(awards.payoutClaimId),
          isNotNull(awards.paymentInfoDueAt),
          atOrBefore(awards.paymentInfoDueAt, nowIso),
        ),
      )
      .all();
    const missing = paymentInfoMissingMany(tx, [...new Set(dueCash.map((a) => a.riderId))]);
    for (const a of dueCash) {
      const lacking = missing.get(a.riderId) ?? [];
      if (lacking.length === 0) continue; // information supplied: keep
      const still = and(eq(awards.status, 'earned'), isNull(awards.payoutClaimId)) as SQL;
      if (
        expireAward(
          tx,
          a,
          'cash',
          still,
          actor,
          `payment information missing: ${lacking.join(', ')}`,
        )
      )
        cash += 1;
    }
    if (credit + cash > 0) {
      audit(tx, actor, 'awards.expire', undefined, { credit, cash, at: nowIso });
    }
    return { expired: credit + cash, credit, cash };
  });
}

// ---------------------------------------------------------------- the expiry mail

/** The awards the expiry mail is due for at `now` (see awardsNeedingExpiryMail). */
function expiryMailDue(now: Date): SQL {
  const nowIso = now.toISOString();
  const untilIso = new Date(now.getTime() + EXPIRY_MAIL_DAYS * 24 * 60 * 60 * 1000).toISOString();
  return and(
    eq(awards.payoutType, 'dealerCredit'),
    eq(awards.status, 'current'),
    gt(awards.currentCents, 0),
    isNull(awards.expiryMailSentAt),
    // A credit reminder already told the rider (stamped since; this also covers older ones).
    sql`not exists (select 1 from ${sentReminders} where ${sentReminders.kind} = 'creditExpiring' and ${sentReminders.itemId} = ${awards.id})`,
    isNotNull(awards.expiresAt),
    instantWindow(awards.expiresAt, nowIso, untilIso),
    sql`julianday(${awards.expiresAt}) > julianday(${nowIso})`,
    sql`julianday(${awards.expiresAt}) <= julianday(${untilIso})`,
    eq(users.deactivated, false),
  ) as SQL;
}

/**
 * Dealer-credit awards that expire within 30 days and have not had their e-mail yet (neither this
 * mail nor a credit reminder of the daily job: an award is never mailed its expiry twice).
 */
function awardsNeedingExpiryMail(db: DB, now: Date) {
  return db
    .select({
      awardId: awards.id,
      riderId: awards.riderId,
      currentCents: awards.currentCents,
      currency: awards.currency,
      expiresAt: awards.expiresAt,
      eventTitle: awardSourceTitle,
      firstName: riders.firstName,
      lastName: riders.lastName,
      email: users.email,
      lang: users.lang,
    })
    .from(awards)
    .innerJoin(riders, eq(riders.id, awards.riderId))
    .innerJoin(users, eq(users.id, riders.userId))
    .leftJoin(events, eq(events.id, awards.eventId))
    .where(expiryMailDue(now))
    .orderBy(awards.expiresAt, awards.id)
    .all();
}

/** How many awards the expiry mail would go to now (the admin's button says it). */
export function expiryMailDueCount(db: DB, now: Date): number {
  const row = db
    .select({ n: count() })
    .from(awards)
    .innerJoin(riders, eq(riders.id, awards.riderId))
    .innerJoin(users, eq(users.id, riders.userId))
    .where(expiryMailDue(now))
    .get();
  return row?.n ?? 0;
}

/**
 * Sends one e-mail per dealer-credit award expiring within 30 days, never twice: the award is
 * marked and its mail queued in one transaction (either both or neither), then delivered from
 * the queue. In the rider's language. Returns how many e-mails were queued.
 */
export async function sendExpiryMail(
  db: DB,
  now: Date,
  actor: Actor = SYSTEM_ACTOR,
): Promise<number> {
  const due = awardsNeedingExpiryMail(db, now);
  const stamp = now.toISOString();
  const queued: number[] = [];
  for (const a of due) {
    const lang: Lang = a.lang === 'fr' ? 'fr' : 'en';
    const t = await tFor(lang);
    const values = {
      name: `${a.firstName} ${a.lastName}`.trim(),
      amount: formatMoney(a.currentCents, a.currency, lang),
      date: formatDate(a.expiresAt, lang),
      event: a.eventTitle ?? t('payouts:mail.expiry.noEvent'),
    };
    const mail: Mail = {
      to: a.email,
      lang,
      subject: t('payouts:mail.expiry.subject', values),
      text: t('payouts:mail.expiry.text', values),
    };
    const id = writeTx(db, (tx) => {
      const claimed = tx
        .update(awards)
        .set({ expiryMailSentAt: stamp })
        .where(and(eq(awards.id, a.awardId), isNull(awards.expiryMailSentAt)))
        .run().changes;
      return claimed === 1 ? queueMail(tx, mail) : null; // 0: another run took it
    });
    if (id !== null) queued.push(id);
  }
  await deliverQueued(db, queued);
  if (queued.length > 0)
    audit(db, actor, 'awards.expiryMail', undefined, { sent: queued.length, at: stamp });
  return queued.length;
}

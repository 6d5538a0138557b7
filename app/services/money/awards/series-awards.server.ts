/**
 * Series-end (final standings) awards: an admin pays a series' final standings once its last
 * event has been run. Pros get cash, paid 60 days after the series' last event (docs/rules.md "Cash");
 * amateurs get dealer credit that expires 12 months after it was awarded, like any credit.
 * Each award is one ledger row in the same immediate transaction; an award nobody has touched
 * can be withdrawn (a reversing ledger row), one that was spent, claimed or paid cannot.
 */
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { writeTx, type Conn, type DB, type Tx, unplannedLimit } from '~/db.server';
import { awards, events, results, riders, series, users, type Award } from '#db/schema';
import type { Currency } from '~/lib/constants';
import { creditExpiresAt, laDay, paymentInfoDueAt } from '~/lib/dates';
import { audit, type Actor } from '~/services/platform/audit.server';
import { currencyForCountry } from '~/services/money/ledger/credit.server';
import { currentMoneyLimits } from '~/services/money/ledger/money-limits.server';
import { holdChange, type HoldMail } from '~/services/money/ledger/pending-changes.server';
import { recordLedger } from '~/services/money/ledger/ledger.server';
import { payoutDueDate } from '~/services/money/payouts/payout-rules.server';
import { awardAmountColumns } from '~/services/money/ledger/select-columns.server';

/** The day of the series' last event that was not cancelled ('YYYY-MM-DD'), or null. */
function seriesLastEventDay(conn: Conn, seriesId: number): string | null {
  const row = conn
    .select({ date: events.date })
    .from(events)
    .where(and(eq(events.seriesId, seriesId), eq(events.cancelled, false)))
    .orderBy(desc(events.date))
    .limit(unplannedLimit(1))
    .get();
  return row?.date ?? null;
}

export type SeriesEnd = {
  lastEventDay: string | null;
  /** The last event's day has come (LA calendar): final standings can be paid. */
  ended: boolean;
  currency: Currency;
  paymentDay: string | null;
};

export function seriesEnd(conn: Conn, seriesId: number, now: Date = new Date()): SeriesEnd | null {
  const row = conn
    .select({ country: series.country })
    .from(series)
    .where(eq(series.id, seriesId))
    .get();
  if (!row) return null;
  const lastEventDay = seriesLastEventDay(conn, seriesId);
  return {
    lastEventDay,
    ended: lastEventDay !== null && lastEventDay <= laDay(now),
    currency: currencyForCountry(row.country),
    paymentDay: lastEventDay
      ? payoutDueDate({ kind: 'seriesEnd', seriesLastDate: lastEventDay })
      : null,
  };
}

export type SeriesRider = { id: number; name: string; level: 'amateur' | 'pro' };

/** Active riders with a linked result at one of the series' events: who can be in its standings. */
export function seriesRiders(conn: Conn, seriesId: number): SeriesRider[] {
  return conn
    .selectDistinct({
      id: riders.id,
      firstName: riders.firstName,
      lastName: riders.lastName,
      level: riders.level,
    })
    .from(results)
    .innerJoin(events, eq(events.id, results.eventId))
    .innerJoin(riders, eq(riders.id, results.riderId))
    .innerJoin(users, eq(users.id, riders.userId))
    .where(
      and(eq(events.seriesId, seriesId), isNotNull(results.riderId), eq(users.deactivated, false)),
    )
    .orderBy(asc(riders.lastName), asc(riders.firstName), asc(riders.id))
    .all()
    .map((r) => ({
      id: r.id,
      name: `${r.firstName} ${r.lastName}`.trim(),
      level: r.level ?? 'amateur',
    }));
}

export type SeriesAwardRow = Pick<
  Award,
  | 'id'
  | 'riderId'
  | 'type'
  | 'payoutType'
  | 'currency'
  | 'initialCents'
  | 'currentCents'
  | 'status'
  | 'awardedAt'
  | 'notes'
  | 'withdrawnBy'
  | 'withdrawnAt'
  | 'withdrawnFromCents'
> & { riderName: string; removable: boolean };

/** Why an award can no longer be withdrawn, or null when nobody has touched it. */
function touched(
  a: Pick<Award, 'status' | 'payoutClaimId' | 'spentCents' | 'currentCents' | 'initialCents'>,
) {
  if (a.status === 'reversed') return 'reversed';
  if (a.status === 'sent' || a.status === 'paid' || a.status === 'funded') return 'paid';
  if (a.payoutClaimId !== null) return 'claimed';
  if (
    a.spentCents > 0 ||
    a.currentCents !== a.initialCents ||
    a.status === 'spent' ||
    a.status === 'redeemed'
  )
    return 'spent';
  if (a.status === 'expired') return 'expired';
  return null;
}

/** The series' final-standings awards, newest first (withdrawn ones included, marked). */
export function listSeriesAwards(conn: Conn, seriesId: number): SeriesAwardRow[] {
  return conn
    .select({
      id: awards.id,
      riderId: awards.riderId,
      firstName: riders.firstName,
      lastName: riders.lastName,
      ...awardAmountColumns,
      spentCents: awards.spentCents,
      notes: awards.notes,
      withdrawnBy: awards.withdrawnBy,
      withdrawnAt: awards.withdrawnAt,
      withdrawnFromCents: awards.withdrawnFromCents,
      payoutClaimId: awards.payoutClaimId,
    })
    .from(awards)
    .innerJoin(riders, eq(riders.id, awards.riderId))
    .where(eq(awards.seriesId, seriesId))
    .orderBy(desc(awards.awardedAt), desc(awards.id))
    .all()
    .map(({ firstName, lastName, spentCents, payoutClaimId, ...a }) => ({
      ...a,
      riderName: `${firstName} ${lastName}`.trim(),
      removable: touched({ ...a, spentCents, payoutClaimId }) === null,
    }));
}

export type SeriesAwardInput = { riderId: number; amountCents: number; notes: string };

export type AddSeriesAwardOutcome =
  | { ok: true; awardId: number }
  | { ok: false; reason: 'seriesNotFound' | 'notEnded' | 'notInSeries' }
  /** Over the admin's limit: nothing awarded, held until a second admin approves it. */
  | { ok: false; reason: 'held'; pendingId: number };

/**
 * Awards a rider of the series' final standings, once the series has ended. Pros get cash
 * (`earned`, payment information due 60 days after the series' last event or after today, whichever
 * is later); amateurs dealer credit (`current`, expiring 12 months from now). The series' country
 * sets the currency, as an event's does. An amount a person typed over the per-award limit (the
 * admin's limit on a bonus per result) is not awarded: it is held for a second admin, as a bonus is.
 */
export function addSeriesAward(
  db: DB,
  seriesId: number,
  input: SeriesAwardInput,
  actor: Actor,
  now: Date = new Date(),
  mail?: HoldMail,
): AddSeriesAwardOutcome {
  return writeTx(db, (tx) => {
    const checked = checkSeriesAward(tx, seriesId, input, now);
    if (!checked.ok) return checked;
    if (input.amountCents > currentMoneyLimits(tx).adminBonusPerResultCents) {
      const pendingId = holdChange(
        tx,
        {
          kind: 'seriesAward',
          amountCents: input.amountCents,
          currency: checked.end.currency,
          limitName: 'perSeriesAward',
          seriesId,
          riderId: input.riderId,
          note: input.notes,
        },
        actor,
        now,
        mail,
      );
      return { ok: false, reason: 'held', pendingId };
    }
    return { ok: true, awardId: awardSeriesInTx(tx, seriesId, input, actor, now) };
  });
}

type Checked =
  | { ok: true; end: SeriesEnd & { lastEventDay: string }; rider: SeriesRider }
  | { ok: false; reason: 'seriesNotFound' | 'notEnded' | 'notInSeries' };

/** The series has ended and the rider is in its standings (checked again on approval). */
function checkSeriesAward(tx: Conn, seriesId: number, input: SeriesAwardInput, now: Date): Checked {
  const end = seriesEnd(tx, seriesId, now);
  if (!end) return { ok: false, reason: 'seriesNotFound' };
  if (!end.ended || !end.lastEventDay) return { ok: false, reason: 'notEnded' };
  const rider = seriesRiders(tx, seriesId).find((r) => r.id === input.riderId);
  if (!rider) return { ok: false, reason: 'notInSeries' };
  return { ok: true, end: { ...end, lastEventDay: end.lastEventDay }, rider };
}

/**
 * Makes the award inside the caller's transaction (an award within its limit, or a held one a
 * second admin approves); returns its id. Throws SeriesAwardGone when the series or rider no
 * longer qualifies.
 */
export function awardSeriesInTx(
  tx: Tx,
  seriesId: number,
  input: SeriesAwardInput,
  actor: Actor,
  now: Date,
): number {
  const checked = checkSeriesAward(tx, seriesId, input, now);
  if (!checked.ok) throw new SeriesAwardGone(checked.reason);
  const { end, rider } = checked;
  const cash = rider.level === 'pro';
  const today = laDay(now);
  const award = tx
    .insert(awards)
    .values({
      riderId: rider.id,
      seriesId,
      type: cash ? 'cash' : 'credit',
      payoutType: cash ? 'cash' : 'dealerCredit',
      currency: end.currency,
      initialCents: input.amountCents,
      currentCents: input.amountCents,
      spentCents: 0,
      status: cash ? 'earned' : 'current',
      awardedAt: now.toISOString(),
      expiresAt: cash ? null : creditExpiresAt(now),
      paymentInfoDueAt: cash
        ? paymentInfoDueAt(end.lastEventDay > today ? end.lastEventDay : today)
        : null,
      notes: input.notes,
    })
    .returning({ id: awards.id })
    .get();
  recordLedger(tx, {
    riderId: rider.id,
    balance: cash ? 'cash' : 'credit',
    kind: 'award',
    amountCents: input.amountCents,
    currency: end.currency,
    awardId: award.id,
    actor,
    note: `series-end award: ${input.notes}`,
  });
  audit(
    tx,
    actor,
    'series.award',
    { type: 'series', id: seriesId },
    {
      awardId: award.id,
      riderId: rider.id,
      amountCents: input.amountCents,
      currency: end.currency,
    },
  );
  return award.id;
}

/** A held series award whose series or rider no longer qualifies when it is approved. */
export class SeriesAwardGone extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export type RemoveSeriesAwardOutcome =
  'ok' | 'notFound' | 'spent' | 'claimed' | 'paid' | 'expired' | 'reversed';

/**
 * Withdraws a series-end award nobody has touched: status `reversed`, value 0, and a reversing
 * ledger row. Refused once any of it was spent, claimed, paid or expired.
 */
export function removeSeriesAward(
  db: DB,
  seriesId: number,
  awardId: number,
  actor: Actor,
): RemoveSeriesAwardOutcome {
  return writeTx(db, (tx) => {
    const a = tx
      .select()
      .from(awards)
      .where(and(eq(awards.id, awardId), eq(awards.seriesId, seriesId)))
      .get();
    if (!a) return 'notFound';
    const why = touched(a);
    if (why) return why;
    tx.update(awards)
      .set({
        status: 'reversed',
        currentCents: 0,
        withdrawnBy: 'admin',
        withdrawnAt: new Date().toISOString(),
        withdrawnFromCents: a.initialCents,
        withdrawnFromStatus: a.status,
      })
      .where(eq(awards.id, a.id))
      .run();
    recordLedger(tx, {
      riderId: a.riderId,
      balance: a.payoutType === 'cash' ? 'cash' : 'credit',
      kind: 'awardReversal',
      amountCents: -a.currentCents,
      currency: a.currency,
      awardId: a.id,
      actor,
      note: 'series-end award withdrawn',
    });
    audit(tx, actor, 'series.awardRemove', { type: 'series', id: seriesId }, { awardId: a.id });
    return 'ok';
  });
}

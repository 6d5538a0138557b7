/**
 * Which deadline reminders are due now (docs/rules.md "Reminders"). Read-only: the daily job
 * (`reminders.server`) decides what to send from this list and the sent-reminders table.
 *
 * For each item only the nearest threshold reached counts (a job that did not run for a while
 * sends the current warning, never a backlog of earlier ones).
 */
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Conn } from '~/db.server';
import { REMINDER_DAYS, RESULTS_LATE_REMINDER_MAX_DAYS, type Currency } from '~/lib/constants';
import { addDays } from '~/lib/dates';
import { todayString } from '~/lib/format';
import type { Lang } from '~/lib/lang';
import { awards, events, promoters, riderDocuments, riders, users } from '#db/schema';
import { awardSourceTitle } from '~/services/money/awards/award-title.server';
import {
  paymentInfoMissingMany,
  type MissingPaymentInfo,
} from '~/services/money/ledger/expiry.server';
import { instantWindow } from '~/services/platform/instant-window.server';

export type ReminderKind = 'paymentInfo' | 'w9Missing' | 'creditExpiring' | 'resultsLate';

export type DueReminder = {
  kind: ReminderKind;
  itemId: number;
  threshold: number;
  to: { email: string; userId: number | null; lang: Lang };
  /** A warning ahead of time the rider may turn off; the last warnings before money is lost are not. */
  optional: boolean;
  /** The rider said no to optional reminders (riders.reminderMails false). */
  optedOut: boolean;
  copyAdmins: boolean;
  /** What the mail says: amounts in cents with currency, instants, names. */
  facts: {
    name: string;
    cents?: number;
    currency?: Currency;
    title?: string | null;
    date?: string | null;
    days?: number;
    missing?: MissingPaymentInfo[];
  };
};

const DAY_MS = 24 * 60 * 60 * 1000;
const langOf = (v: string | null | undefined): Lang => (v === 'fr' ? 'fr' : 'en');

/** The nearest threshold (days) reached when `left` days remain, or null when none is reached. */
export function thresholdReached(thresholds: readonly number[], left: number): number | null {
  const reached = thresholds.filter((t) => left <= t);
  return reached.length ? Math.min(...reached) : null;
}

/** The nearest threshold passed `late` days after an event, or null. */
export function lateThreshold(thresholds: readonly number[], late: number): number | null {
  const passed = thresholds.filter((t) => late >= t);
  return passed.length ? Math.max(...passed) : null;
}

const daysLeft = (iso: string, now: Date) =>
  Math.max(0, Math.ceil((new Date(iso).getTime() - now.getTime()) / DAY_MS));

function riderAwardsWithin(
  conn: Conn,
  payoutType: 'cash' | 'dealerCredit',
  now: Date,
  days: number,
) {
  const nowIso = now.toISOString();
  const untilIso = new Date(now.getTime() + days * DAY_MS).toISOString();
  const deadline = payoutType === 'cash' ? awards.paymentInfoDueAt : awards.expiresAt;
  return conn
    .select({
      id: awards.id,
      riderId: awards.riderId,
      cents: awards.currentCents,
      currency: awards.currency,
      deadline,
      title: awardSourceTitle,
      firstName: riders.firstName,
      lastName: riders.lastName,
      reminderMails: riders.reminderMails,
      email: users.email,
      userId: users.id,
      lang: users.lang,
      expiryMailSentAt: awards.expiryMailSentAt,
    })
    .from(awards)
    .innerJoin(riders, eq(riders.id, awards.riderId))
    .innerJoin(users, eq(users.id, riders.userId))
    .leftJoin(events, eq(events.id, awards.eventId))
    .where(
      and(
        eq(awards.payoutType, payoutType),
        eq(awards.status, payoutType === 'cash' ? 'earned' : 'current'),
        payoutType === 'cash' ? isNull(awards.payoutClaimId) : undefined,
        gt(awards.currentCents, 0),
        instantWindow(deadline, nowIso, untilIso),
        sql`julianday(${deadline}) > julianday(${nowIso})`,
        sql`julianday(${deadline}) <= julianday(${untilIso})`,
        eq(users.deactivated, false),
      ),
    )
    .orderBy(deadline, awards.id)
    .all();
}

type AwardRow = ReturnType<typeof riderAwardsWithin>[number];

/** A reminder about one award; the last threshold before the deadline is never optional. */
function awardReminder(
  kind: 'paymentInfo' | 'creditExpiring',
  r: AwardRow,
  threshold: number,
  steps: readonly number[],
  extra: Partial<DueReminder['facts']>,
): DueReminder {
  return {
    kind,
    itemId: r.id,
    threshold,
    to: { email: r.email, userId: r.userId, lang: langOf(r.lang) },
    optional: threshold !== Math.min(...steps),
    optedOut: !r.reminderMails,
    copyAdmins: false,
    facts: {
      name: `${r.firstName} ${r.lastName}`.trim(),
      cents: r.cents,
      currency: r.currency,
      title: r.title,
      date: r.deadline,
      ...extra,
    },
  };
}

/** Pros' cash awards whose payment information is still missing 30, 14 and 3 days before it is due. */
function paymentInfoDue(conn: Conn, now: Date): DueReminder[] {
  const steps = REMINDER_DAYS.paymentInfo;
  const rows = riderAwardsWithin(conn, 'cash', now, Math.max(...steps));
  const missing = paymentInfoMissingMany(
    conn,
    rows.map((r) => r.riderId),
  );
  const out: DueReminder[] = [];
  for (const r of rows) {
    const what = missing.get(r.riderId) ?? [];
    const left = daysLeft(r.deadline!, now);
    const threshold = thresholdReached(steps, left);
    if (what.length === 0 || threshold === null) continue;
    out.push(awardReminder('paymentInfo', r, threshold, steps, { days: left, missing: what }));
  }
  return out;
}

/** Dealer credit expiring within 30 and 7 days. */
function creditExpiringDue(conn: Conn, now: Date): DueReminder[] {
  const steps = REMINDER_DAYS.creditExpiring;
  const out: DueReminder[] = [];
  for (const r of riderAwardsWithin(conn, 'dealerCredit', now, Math.max(...steps))) {
    const left = daysLeft(r.deadline!, now);
    const threshold = thresholdReached(steps, left);
    if (threshold === null) continue;
    // The 30-day notice is the rules' expiry mail: not again if an admin already sent it.
    if (threshold === Math.max(...steps) && r.expiryMailSentAt) continue;
    out.push(awardReminder('creditExpiring', r, threshold, steps, { days: left }));
  }
  return out;
}

/** US pros owed cash (earned, not yet sent) with no W-9 on file: once per rider and calendar year. */
function w9MissingDue(conn: Conn, now: Date): DueReminder[] {
  const owed = conn
    .select({
      riderId: awards.riderId,
      currency: awards.currency,
      cents: sql<number>`sum(${awards.currentCents})`,
      firstName: riders.firstName,
      lastName: riders.lastName,
      reminderMails: riders.reminderMails,
      email: users.email,
      userId: users.id,
      lang: users.lang,
    })
    .from(awards)
    .innerJoin(riders, eq(riders.id, awards.riderId))
    .innerJoin(users, eq(users.id, riders.userId))
    .where(
      and(
        eq(awards.payoutType, 'cash'),
        eq(awards.status, 'earned'),
        gt(awards.currentCents, 0),
        eq(riders.usPerson, true),
        eq(users.deactivated, false),
      ),
    )
    .groupBy(awards.riderId, awards.currency)
    .orderBy(awards.riderId, awards.currency)
    .all();
  if (owed.length === 0) return [];
  const withW9 = new Set(
    conn
      .select({ riderId: riderDocuments.riderId })
      .from(riderDocuments)
      .where(
        and(
          eq(riderDocuments.kind, 'w9'),
          inArray(riderDocuments.riderId, [...new Set(owed.map((o) => o.riderId))]),
        ),
      )
      .all()
      .map((d) => d.riderId),
  );
  const year = Number(todayString(now).slice(0, 4));
  const seen = new Set<number>();
  const out: DueReminder[] = [];
  for (const r of owed) {
    if (withW9.has(r.riderId) || seen.has(r.riderId)) continue;
    seen.add(r.riderId);
    out.push({
      kind: 'w9Missing',
      itemId: r.riderId,
      threshold: year,
      to: { email: r.email, userId: r.userId, lang: langOf(r.lang) },
      optional: false,
      optedOut: !r.reminderMails,
      copyAdmins: false,
      facts: { name: `${r.firstName} ${r.lastName}`.trim(), cents: r.cents, currency: r.currency },
    });
  }
  return out;
}

/** Events 7 and 14 days past with no results uploaded: the promoter is reminded, admins copied at 14. */
function resultsLateDue(conn: Conn, now: Date): DueReminder[] {
  const steps = REMINDER_DAYS.resultsLate;
  const today = todayString(now);
  const rows = conn
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      promoterName: promoters.name,
      promoterEmail: sql<string | null>`coalesce(${promoters.email}, ${users.email})`,
      userId: users.id,
      lang: users.lang,
    })
    .from(events)
    .innerJoin(promoters, eq(promoters.id, events.promoterId))
    .leftJoin(users, eq(users.id, promoters.userId))
    .where(
      and(
        eq(events.cancelled, false),
        isNull(events.resultsUploadedAt),
        lte(events.date, addDays(today, -Math.min(...steps))),
        sql`${events.date} >= ${addDays(today, -RESULTS_LATE_REMINDER_MAX_DAYS)}`,
      ),
    )
    .orderBy(events.date, events.id)
    .all();
  const out: DueReminder[] = [];
  for (const e of rows) {
    const late = Math.round((Date.parse(today) - Date.parse(e.date)) / DAY_MS);
    const threshold = lateThreshold(steps, late);
    if (threshold === null || !e.promoterEmail) continue;
    out.push({
      kind: 'resultsLate',
      itemId: e.id,
      threshold,
      to: { email: e.promoterEmail.toLowerCase(), userId: e.userId, lang: langOf(e.lang) },
      optional: false,
      optedOut: false,
      copyAdmins: threshold === Math.max(...steps),
      facts: { name: e.promoterName, title: e.title, date: e.date, days: late },
    });
  }
  return out;
}

/** Every reminder due now, in a stable order. */
export function dueReminders(conn: Conn, now: Date): DueReminder[] {
  return [
    ...paymentInfoDue(conn, now),
    ...w9MissingDue(conn, now),
    ...creditExpiringDue(conn, now),
    ...resultsLateDue(conn, now),
  ];
}

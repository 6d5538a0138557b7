/**
 * Money held for a second admin (separation of duties): a change over its limit (money-limits)
 * is stored here instead of being applied, so no award, balance or ledger row exists for it
 * until another admin approves it. The person who entered it can never approve it, neither as
 * themself nor through a proxy. Every step is audited with both identities, and admins are
 * mailed of each held change.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { writeTx, type DB, type Tx } from '~/db.server';
import {
  creditRedemptions,
  events,
  pendingMoneyChanges,
  results,
  riders,
  series,
  users,
  type Result,
} from '#db/schema';
import type { Currency } from '~/lib/constants';
import { formatMoney } from '~/lib/format';
import { localizePath, type Lang } from '~/lib/lang';
import { absoluteUrl } from '~/env.server';
import { tForEach } from '~/i18next.server';
import { audit, type Actor } from '~/services/platform/audit.server';
import { deliverQueued, queueMail } from '~/services/platform/mail.server';
import { recomputeInTx } from '~/services/money/awards.server';
import { AwardConflictError } from '~/services/money/award-conflicts.server';
import { refundInTx } from '~/services/money/redemption-refunds.server';
import { awardSeriesInTx, SeriesAwardGone } from '~/services/money/series-awards.server';

export const APPROVALS_PATH = '/auth/admin/approvals';

/** What a held change needs to mail the admins inside its transaction. */
export type HoldMail = { ts: Record<Lang, TFunction>; queued: number[] };

/** The translations for `HoldMail`, loaded before the transaction opens. */
export async function holdMail(): Promise<HoldMail> {
  return { ts: await tForEach(), queued: [] };
}

export type HeldInput = {
  kind: 'bonus' | 'refund' | 'seriesAward';
  amountCents: number;
  previousCents?: number;
  currency: Currency;
  limitName: string;
  eventId?: number | null;
  resultId?: number | null;
  redemptionId?: number | null;
  riderId?: number | null;
  seriesId?: number | null;
  note?: string | null;
};

/**
 * Holds a change for approval inside the caller's transaction: an earlier pending change of the
 * same thing is superseded (the latest entry is the one to decide), the hold is audited and every
 * active admin is mailed in their language. Returns the pending change's id.
 */
export function holdChange(
  tx: Tx,
  input: HeldInput,
  actor: Actor,
  now: Date,
  mail: HoldMail | undefined,
): number {
  const same =
    input.kind === 'bonus' && input.resultId
      ? eq(pendingMoneyChanges.resultId, input.resultId)
      : input.redemptionId
        ? eq(pendingMoneyChanges.redemptionId, input.redemptionId)
        : undefined;
  if (same) supersede(tx, and(same, eq(pendingMoneyChanges.kind, input.kind)), actor, now);
  const row = tx
    .insert(pendingMoneyChanges)
    .values({
      kind: input.kind,
      amountCents: input.amountCents,
      previousCents: input.previousCents ?? 0,
      currency: input.currency,
      limitName: input.limitName,
      eventId: input.eventId ?? null,
      resultId: input.resultId ?? null,
      redemptionId: input.redemptionId ?? null,
      riderId: input.riderId ?? null,
      seriesId: input.seriesId ?? null,
      note: input.note ?? null,
      enteredByUserId: actor.userId,
      enteredProxyHostUserId: actor.proxyHostUserId,
      createdAt: now.toISOString(),
    })
    .returning({ id: pendingMoneyChanges.id })
    .get();
  audit(tx, actor, 'money.change.held', { type: 'pendingMoneyChange', id: row.id }, { ...input });
  if (mail) mail.queued.push(...mailAdmins(tx, mail.ts, input));
  return row.id;
}

/** Marks the pending changes `where` selects as superseded by a newer entry (or a direct edit). */
export function supersede(tx: Tx, where: ReturnType<typeof and>, actor: Actor, now: Date): void {
  const gone = tx
    .update(pendingMoneyChanges)
    .set({
      status: 'superseded',
      decidedByUserId: actor.userId,
      decidedProxyHostUserId: actor.proxyHostUserId,
      decidedAt: now.toISOString(),
    })
    .where(and(where, eq(pendingMoneyChanges.status, 'pending')))
    .returning({ id: pendingMoneyChanges.id })
    .all();
  for (const g of gone)
    audit(tx, actor, 'money.change.superseded', { type: 'pendingMoneyChange', id: g.id });
}

function mailAdmins(tx: Tx, ts: Record<Lang, TFunction>, input: HeldInput): number[] {
  const admins = tx
    .select({ email: users.email, lang: users.lang })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.deactivated, false)))
    .all();
  const event = input.eventId
    ? tx.select({ title: events.title }).from(events).where(eq(events.id, input.eventId)).get()
    : undefined;
  return admins.map((a) => {
    const t = ts[a.lang];
    return queueMail(tx, {
      to: a.email,
      lang: a.lang,
      subject: t('moneyControls:mail.subject'),
      text: t('moneyControls:mail.text', {
        what: t(`moneyControls:kinds.${input.kind}`),
        amount: formatMoney(input.amountCents, input.currency, a.lang),
        event: event?.title ?? '—',
        limit: t(`moneyControls:limitNames.${input.limitName}`),
        link: absoluteUrl(localizePath(APPROVALS_PATH, a.lang)),
      }),
    });
  });
}

export type DecideError =
  'notFound' | 'notPending' | 'ownChange' | 'notAdmin' | 'gone' | 'conflicts';
export type DecideOutcome = { ok: true } | { ok: false; error: DecideError };

class Refused extends Error {
  constructor(readonly error: DecideError) {
    super(error);
  }
}

/** The identities behind an actor: the account and, under a proxy, the admin behind it. */
const identities = (a: { userId: number | null; proxyHostUserId: number | null }) =>
  [a.userId, a.proxyHostUserId].filter((id): id is number => id !== null);

function decide(
  db: DB,
  id: number,
  actor: Actor,
  now: Date,
  fn: (tx: Tx, row: typeof pendingMoneyChanges.$inferSelect) => void,
  status: 'approved' | 'refused',
): DecideOutcome {
  try {
    writeTx(db, (tx) => {
      const row = tx.select().from(pendingMoneyChanges).where(eq(pendingMoneyChanges.id, id)).get();
      if (!row) throw new Refused('notFound');
      if (row.status !== 'pending') throw new Refused('notPending');
      // Only an admin acting as themself decides (an admin proxying as someone is not one here).
      const decider = actor.userId
        ? tx.select({ role: users.role }).from(users).where(eq(users.id, actor.userId)).get()
        : undefined;
      if (decider?.role !== 'admin' || actor.proxyHostUserId !== null)
        throw new Refused('notAdmin');
      fn(tx, row);
      tx.update(pendingMoneyChanges)
        .set({
          status,
          decidedByUserId: actor.userId,
          decidedProxyHostUserId: actor.proxyHostUserId,
          decidedAt: now.toISOString(),
        })
        .where(eq(pendingMoneyChanges.id, id))
        .run();
      audit(
        tx,
        actor,
        status === 'approved' ? 'money.change.approved' : 'money.change.refused',
        { type: 'pendingMoneyChange', id },
        {
          kind: row.kind,
          amountCents: row.amountCents,
          currency: row.currency,
          enteredByUserId: row.enteredByUserId,
          enteredProxyHostUserId: row.enteredProxyHostUserId,
        },
      );
    });
    return { ok: true };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.error };
    if (error instanceof AwardConflictError) return { ok: false, error: 'conflicts' };
    throw error;
  }
}

/**
 * Approves a held change (a second admin): a bonus is written on its result and the event's
 * awards recomputed, a refund is made, all in one transaction with the approval. Whoever entered
 * the change (as themself or as the admin behind a proxy) cannot approve it.
 */
export function approveChange(db: DB, id: number, actor: Actor, now = new Date()): DecideOutcome {
  return decide(
    db,
    id,
    actor,
    now,
    (tx, row) => {
      const approver = identities(actor);
      if (
        identities({
          userId: row.enteredByUserId,
          proxyHostUserId: row.enteredProxyHostUserId,
        }).some((u) => approver.includes(u))
      )
        throw new Refused('ownChange');
      if (row.kind === 'bonus') {
        if (!row.resultId || !row.eventId) throw new Refused('gone');
        const set: Partial<Result> = { bonusCents: row.amountCents, bonusNote: row.note };
        const done = tx
          .update(results)
          .set(set)
          .where(and(eq(results.id, row.resultId), eq(results.eventId, row.eventId)))
          .run();
        if (done.changes !== 1) throw new Refused('gone');
        recomputeInTx(tx, row.eventId, actor, now);
      } else if (row.kind === 'seriesAward') {
        if (!row.seriesId || !row.riderId) throw new Refused('gone');
        const input = { riderId: row.riderId, amountCents: row.amountCents, notes: row.note ?? '' };
        try {
          awardSeriesInTx(tx, row.seriesId, input, actor, now);
        } catch (error) {
          if (error instanceof SeriesAwardGone) throw new Refused('gone');
          throw error;
        }
      } else {
        if (!row.redemptionId) throw new Refused('gone');
        const redemption = tx
          .select()
          .from(creditRedemptions)
          .where(
            and(eq(creditRedemptions.id, row.redemptionId), eq(creditRedemptions.status, 'active')),
          )
          .get();
        if (!redemption) throw new Refused('gone');
        const out = refundInTx(tx, redemption, actor, row.note, now);
        if (!out.ok) throw new Refused('gone');
      }
    },
    'approved',
  );
}

/** Refuses a held change: nothing of it is applied. Any admin may refuse, its author included. */
export function refuseChange(db: DB, id: number, actor: Actor, now = new Date()): DecideOutcome {
  return decide(db, id, actor, now, () => undefined, 'refused');
}

export type PendingChangeRow = {
  id: number;
  kind: 'bonus' | 'refund' | 'seriesAward';
  status: string;
  amountCents: number;
  previousCents: number;
  currency: Currency;
  limitName: string;
  eventId: number | null;
  eventTitle: string | null;
  resultId: number | null;
  riderName: string | null;
  seriesId: number | null;
  seriesName: string | null;
  redemptionId: number | null;
  note: string | null;
  enteredBy: string | null;
  enteredProxyHost: string | null;
  decidedBy: string | null;
  decidedProxyHost: string | null;
  decidedAt: string | null;
  createdAt: string;
};

/** The held changes (status pending), oldest first, or the last decided ones, newest first. */
export function listChanges(db: DB, which: 'pending' | 'decided', limit = 100): PendingChangeRow[] {
  const email = (col: SQLiteColumn) =>
    sql<string | null>`(select email from users where users.id = ${col})`;
  const p = pendingMoneyChanges;
  const rows = db
    .select({
      id: p.id,
      kind: p.kind,
      status: p.status,
      amountCents: p.amountCents,
      previousCents: p.previousCents,
      currency: p.currency,
      limitName: p.limitName,
      eventId: p.eventId,
      eventTitle: events.title,
      resultId: p.resultId,
      riderName: sql<
        string | null
      >`coalesce(${results.riderName}, ${riders.firstName} || ' ' || ${riders.lastName})`,
      seriesId: p.seriesId,
      seriesName: series.name,
      redemptionId: p.redemptionId,
      note: p.note,
      enteredBy: email(p.enteredByUserId),
      enteredProxyHost: email(p.enteredProxyHostUserId),
      decidedBy: email(p.decidedByUserId),
      decidedProxyHost: email(p.decidedProxyHostUserId),
      decidedAt: p.decidedAt,
      createdAt: p.createdAt,
    })
    .from(p)
    .leftJoin(events, eq(events.id, p.eventId))
    .leftJoin(results, eq(results.id, p.resultId))
    .leftJoin(series, eq(series.id, p.seriesId))
    .leftJoin(riders, and(eq(riders.id, p.riderId), eq(p.kind, 'seriesAward')))
    .where(
      which === 'pending'
        ? eq(p.status, 'pending')
        : inArray(p.status, ['approved', 'refused', 'superseded']),
    )
    .orderBy(which === 'pending' ? p.createdAt : desc(p.decidedAt), desc(p.id))
    .limit(limit)
    .all();
  return rows;
}

/** How many changes wait for a second admin (the admin home's tile). */
export function pendingChangeCount(db: DB): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(pendingMoneyChanges)
      .where(eq(pendingMoneyChanges.status, 'pending'))
      .get()?.n ?? 0
  );
}

/** Delivers the mails a held change queued (after its transaction committed). */
export async function deliverHoldMail(db: DB, mail: HoldMail): Promise<void> {
  await deliverQueued(db, mail.queued);
}

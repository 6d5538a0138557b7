/**
 * Money held for a second admin (separation of duties): a change over its limit (money-limits)
 * is stored here instead of being applied, so no award, balance or ledger row exists for it
 * until another admin approves it. The person who entered it can never approve it, neither as
 * themself nor through a proxy. Every step is audited with both identities, and admins are
 * mailed of each held change. A raise of the limits themselves is held here too (kind `limits`,
 * the proposed values in `payload`), so the rules are under the same two people as the money.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { type DB, type Tx, unplannedLimit } from '~/db.server';
import { events, pendingMoneyChanges, results, riders, series, users } from '#db/schema';
import type { Currency } from '~/lib/constants';
import { formatMoney } from '~/lib/format';
import { localizePath, type Lang } from '~/lib/lang';
import { absoluteUrl } from '~/env.server';
import { tForEach } from '~/i18next.server';
import { audit, type Actor } from '~/services/platform/audit.server';
import { deliverQueued, queueMail } from '~/services/platform/mail.server';
import { formatLimit, MONEY_LIMIT_KEYS, type MoneyLimitKey } from '~/lib/schemas/money-controls';

const APPROVALS_PATH = '/auth/admin/approvals';

/** What a held change needs to mail the admins inside its transaction. */
export type HoldMail = { ts: Record<Lang, TFunction>; queued: number[] };

/** The translations for `HoldMail`, loaded before the transaction opens. */
export async function holdMail(): Promise<HoldMail> {
  return { ts: await tForEach(), queued: [] };
}

type PendingKind = 'bonus' | 'refund' | 'seriesAward' | 'limits' | 'adminInvite';

/** One limit a held `limits` change raises: its value when proposed and the proposed one. */
export type LimitChange = { key: MoneyLimitKey; from: number; to: number };

/** The `payload` of a held `limits` change: each raised limit and its value when proposed. */
export function limitsPayload(changes: LimitChange[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of changes) {
    out[c.key] = c.to;
    out[`${c.key}.from`] = c.from;
  }
  return out;
}

/** The limit changes a `limits` payload holds (unknown keys ignored), in the form's order. */
export function limitChangesOf(payload: Record<string, number> | null | undefined): LimitChange[] {
  if (!payload) return [];
  return MONEY_LIMIT_KEYS.filter((k) => Number.isSafeInteger(payload[k])).map((key) => ({
    key,
    from: Number(payload[`${key}.from`] ?? 0),
    to: payload[key],
  }));
}

export type HeldInput = {
  kind: PendingKind;
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
  /** kind `limits`: the raised limits (limitsPayload). */
  payload?: Record<string, number> | null;
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
  // One limits proposal waits at a time: the newer one is what the admins decide.
  const same =
    input.kind === 'limits'
      ? sql`1 = 1`
      : input.kind === 'bonus' && input.resultId
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
      payload: input.payload ?? null,
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
    const link = absoluteUrl(localizePath(APPROVALS_PATH, a.lang));
    if (input.kind === 'adminInvite')
      return queueMail(tx, {
        to: a.email,
        lang: a.lang,
        subject: t('moneyControls:mail.adminInviteSubject'),
        text: t('moneyControls:mail.adminInviteText', { who: input.note ?? '', link }),
      });
    if (input.kind === 'limits') {
      const changes = limitChangesOf(input.payload).map((c) =>
        t('moneyControls:limitChange', {
          limit: t(`moneyControls:limits.fields.${c.key}`),
          from: formatLimit(c.from, a.lang),
          to: formatLimit(c.to, a.lang),
        }),
      );
      return queueMail(tx, {
        to: a.email,
        lang: a.lang,
        subject: t('moneyControls:mail.limitsSubject'),
        text: t('moneyControls:mail.limitsText', {
          changes: changes.map((c) => `- ${c}`).join('\n'),
          link,
        }),
      });
    }
    return queueMail(tx, {
      to: a.email,
      lang: a.lang,
      subject: t('moneyControls:mail.subject'),
      text: t('moneyControls:mail.text', {
        what: t(`moneyControls:kinds.${input.kind}`),
        amount: formatMoney(input.amountCents, input.currency, a.lang),
        event: event?.title ?? '—',
        limit: t(`moneyControls:limitNames.${input.limitName}`),
        link,
      }),
    });
  });
}

export type DecideError =
  'notFound' | 'notPending' | 'ownChange' | 'notAdmin' | 'gone' | 'conflicts' | 'aboveCeiling';
export type DecideOutcome = { ok: true } | { ok: false; error: DecideError };

export class Refused extends Error {
  constructor(readonly error: DecideError) {
    super(error);
  }
}

export type PendingChangeRow = {
  id: number;
  kind: PendingKind;
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
  /** kind `limits`: each raised limit, from → to. */
  limitChanges: LimitChange[];
};

/** The held changes (status pending), oldest first, or the last decided ones, newest first. */
export function listChanges(db: DB, which: 'pending' | 'decided', limit = 100): PendingChangeRow[] {
  const email = (col: SQLiteColumn) =>
    sql<string | null>`(select email from users where users.id = ${col})`;
  const p = pendingMoneyChanges;
  const rows = db
    .select({
      payload: p.payload,
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
    .limit(unplannedLimit(limit))
    .all();
  return rows.map(({ payload, ...r }) => ({ ...r, limitChanges: limitChangesOf(payload) }));
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

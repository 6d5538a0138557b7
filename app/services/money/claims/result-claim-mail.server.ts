/**
 * The mails of result claims, each in its reader's language: a new claim goes to the
 * event's promoter (to the admins when the event has none); a decision goes to the rider who
 * claimed and, on approval, to the rider the result was linked to before. The mails are queued
 * in the transaction that files or decides the claim (both or neither), then delivered.
 */
import type { TFunction } from 'i18next';
import { eq } from 'drizzle-orm';
import type { Conn, DB, Tx } from '~/db.server';
import { admins, events, promoters, riders, users } from '#db/schema';
import { tForEach } from '~/i18next.server';
import type { Lang } from '~/lib/lang';
import type { Actor } from '~/services/platform/audit.server';
import { deliverQueued, queueMail } from '~/services/platform/mail.server';
import {
  createClaim,
  decideClaim,
  listClaims,
  type ClaimRow,
  type ClaimScope,
  type Decision,
} from '~/services/money/claims/result-claims.server';

type Reader = { email: string; lang: Lang };
type Translators = Record<Lang, TFunction>;

function riderReader(db: Conn, riderId: number): Reader | null {
  const r = db
    .select({ email: users.email, lang: users.lang })
    .from(riders)
    .innerJoin(users, eq(users.id, riders.userId))
    .where(eq(riders.id, riderId))
    .get();
  return r ?? null;
}

function queue(tx: Tx, ts: Translators, to: Reader, key: string, values: Record<string, string>) {
  const t = ts[to.lang];
  return queueMail(tx, {
    to: to.email,
    lang: to.lang,
    subject: t(`claims:mail.${key}.subject`, values),
    text: t(`claims:mail.${key}.text`, values),
  });
}

function values(c: ClaimRow) {
  return {
    rider: c.riderName,
    event: c.eventTitle,
    className: c.className,
    place: String(c.place ?? '—'),
    reason: c.reason ?? '',
  };
}

/** Queues, in `tx`, the mails telling the event's promoter (or every admin) that a claim waits. */
function queueClaimFiled(tx: Tx, ts: Translators, claim: ClaimRow): number[] {
  const promoter = tx
    .select({ email: users.email, lang: users.lang })
    .from(events)
    .innerJoin(promoters, eq(promoters.id, events.promoterId))
    .innerJoin(users, eq(users.id, promoters.userId))
    .where(eq(events.id, claim.eventId))
    .get();
  const readers: Reader[] = promoter
    ? [promoter]
    : tx
        .select({ email: users.email, lang: users.lang })
        .from(admins)
        .innerJoin(users, eq(users.id, admins.userId))
        .all();
  return readers.map((r) => queue(tx, ts, r, 'filed', values(claim)));
}

/** Queues, in `tx`, the decision's mails: the claiming rider and, on approval, the rider the result leaves. */
function queueClaimDecided(
  tx: Tx,
  ts: Translators,
  claim: ClaimRow,
  previousRiderId: number | null,
): number[] {
  const ids: number[] = [];
  const rider = riderReader(tx, claim.riderId);
  if (rider)
    ids.push(
      queue(tx, ts, rider, claim.status === 'approved' ? 'approved' : 'refused', values(claim)),
    );
  if (
    claim.status === 'approved' &&
    previousRiderId !== null &&
    previousRiderId !== claim.riderId
  ) {
    const before = riderReader(tx, previousRiderId);
    if (before) ids.push(queue(tx, ts, before, 'moved', values(claim)));
  }
  return ids;
}

/** Files a claim (`createClaim`) with its mails in the same transaction, then delivers them. */
export async function fileClaimWithMail(
  db: DB,
  input: Parameters<typeof createClaim>[1],
  actor: Actor,
): Promise<ReturnType<typeof createClaim>> {
  const ts = await tForEach();
  const queued: number[] = [];
  const out = createClaim(db, input, actor, (tx, claimId) => {
    const claim = listClaims(tx, { role: 'admin' }, claimId)[0];
    if (claim) queued.push(...queueClaimFiled(tx, ts, claim));
  });
  await deliverQueued(db, queued);
  return out;
}

/** Decides a claim (`decideClaim`) with its mails in the same transaction, then delivers them. */
export async function decideClaimWithMail(
  db: DB,
  claimId: number,
  scope: ClaimScope,
  decision: Decision,
  actor: Actor,
): Promise<ReturnType<typeof decideClaim>> {
  const ts = await tForEach();
  const queued: number[] = [];
  const out = decideClaim(
    db,
    claimId,
    scope,
    decision,
    actor,
    new Date(),
    (tx, claim, previousRiderId) => {
      queued.push(...queueClaimDecided(tx, ts, claim, previousRiderId));
    },
  );
  await deliverQueued(db, queued);
  return out;
}

/**
 * The mails of result claims (issue 12.3), each in its reader's language: a new claim goes to the
 * event's promoter (to the admins when the event has none); a decision goes to the rider who
 * claimed and, on approval, to the rider the result was linked to before.
 */
import { eq } from 'drizzle-orm';
import type { DB } from '~/db.server';
import { admins, events, promoters, riders, users } from '#db/schema';
import { tFor } from '~/i18next.server';
import type { Lang } from '~/lib/lang';
import { sendMail } from '~/services/platform/mail.server';
import type { ClaimRow } from '~/services/money/result-claims.server';

type Reader = { email: string; lang: Lang };

function riderReader(db: DB, riderId: number): Reader | null {
  const r = db
    .select({ email: users.email, lang: users.lang })
    .from(riders)
    .innerJoin(users, eq(users.id, riders.userId))
    .where(eq(riders.id, riderId))
    .get();
  return r ?? null;
}

async function send(db: DB, to: Reader, key: string, values: Record<string, string>) {
  const t = await tFor(to.lang);
  try {
    await sendMail(db, { to: to.email, lang: to.lang, subject: t(`claims:mail.${key}.subject`, values), text: t(`claims:mail.${key}.text`, values) });
  } catch (error) {
    console.error(`claim mail ${key} to ${to.email} failed`, error);
  }
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

/** Tells the event's promoter (or every admin) that a claim waits. */
export async function mailClaimFiled(db: DB, claim: ClaimRow) {
  const promoter = db
    .select({ email: users.email, lang: users.lang })
    .from(events)
    .innerJoin(promoters, eq(promoters.id, events.promoterId))
    .innerJoin(users, eq(users.id, promoters.userId))
    .where(eq(events.id, claim.eventId))
    .get();
  const readers: Reader[] = promoter
    ? [promoter]
    : db.select({ email: users.email, lang: users.lang }).from(admins).innerJoin(users, eq(users.id, admins.userId)).all();
  for (const r of readers) await send(db, r, 'filed', values(claim));
}

/** Tells the claiming rider the decision and, on approval, the rider the result leaves. */
export async function mailClaimDecided(db: DB, claim: ClaimRow, previousRiderId: number | null) {
  const rider = riderReader(db, claim.riderId);
  if (rider) await send(db, rider, claim.status === 'approved' ? 'approved' : 'refused', values(claim));
  if (claim.status === 'approved' && previousRiderId !== null && previousRiderId !== claim.riderId) {
    const before = riderReader(db, previousRiderId);
    if (before) await send(db, before, 'moved', values(claim));
  }
}

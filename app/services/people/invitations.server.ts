/**
 * An admin's invitation to a rider they added: a link that lets the rider choose a password,
 * valid INVITATION_TTL_DAYS (default 7), usable once. It is a long random token (a 6-digit code
 * is too easy to guess to live for days), stored only as an HMAC in one_time_codes under the
 * purpose 'invitation' (one pending per address): sending a fresh one replaces the old, which
 * stops working. Using it sets the password and verifies the address, like a password reset.
 */
import { randomBytes } from 'node:crypto';
import type { TFunction } from 'i18next';
import { and, eq } from 'drizzle-orm';
import { writeTx, type Conn, type DB } from '~/db.server';
import { oneTimeCodes, riders, users } from '#db/schema';
import { absoluteUrl, env } from '~/env.server';
import { tFor } from '~/i18next.server';
import { formatDate } from '~/lib/format';
import { DEFAULT_LANG, localizePath, type Lang } from '~/lib/lang';
import { checkCode, hashCode, type CodeCheck } from '~/services/auth/codes.server';
import { assertPasswordAllowed } from '~/services/auth/password-policy.server';
import { rateLimitReset } from '~/services/auth/rate-limit.server';
import { audit, type Actor } from '~/services/platform/audit.server';
import { deliverQueued, queueMail, type Mail } from '~/services/platform/mail.server';
import { setPassword } from '~/services/people/users.server';

const PURPOSE = 'invitation';
const DAY_MS = 24 * 60 * 60 * 1000;

/** How long an invitation link stays valid, in days (setting INVITATION_TTL_DAYS). */
export function invitationDays(): number {
  return env().INVITATION_TTL_DAYS;
}

/** When a link issued `now` stops working. */
export function invitationExpiry(now: Date): string {
  return new Date(now.getTime() + invitationDays() * DAY_MS).toISOString();
}

/** The link in the invitation mail. */
function invitationLink(lang: Lang, email: string, token: string): string {
  const params = new URLSearchParams({ email, token });
  return absoluteUrl(`${localizePath('/invitation', lang)}?${params.toString()}`);
}

/**
 * Creates (or replaces: the old link stops working) the pending invitation of an address and
 * renders its mail. Pass the transaction that queues the mail: the link exists only if its mail does.
 */
export function issueInvitation(
  conn: Conn,
  input: {
    email: string;
    firstName: string;
    lang: Lang;
    t: TFunction;
    /** The mail's words (a rider's by default) and the role they name. */
    words?: string;
    role?: string;
  },
  now: Date = new Date(),
): Mail {
  const email = input.email.trim().toLowerCase();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = invitationExpiry(now);
  const codeHash = hashCode(email, token);
  conn
    .insert(oneTimeCodes)
    .values({ target: email, purpose: PURPOSE, codeHash, expiresAt, attempts: 0 })
    .onConflictDoUpdate({
      target: [oneTimeCodes.target, oneTimeCodes.purpose],
      set: { codeHash, expiresAt, attempts: 0, usedAt: null, createdAt: now.toISOString() },
    })
    .run();
  const values = {
    name: input.firstName,
    days: invitationDays(),
    date: formatDate(expiresAt, input.lang),
    link: invitationLink(input.lang, email, token),
    role: input.role,
  };
  const words = input.words ?? 'notices:invitation.mail';
  return {
    to: email,
    lang: input.lang,
    subject: input.t(`${words}.subject`, values),
    text: input.t(`${words}.text`, values),
  };
}

/**
 * Whether an invitation link can still be used, without using it up (the page shows why not
 * before the rider types a password).
 */
export function invitationState(
  db: DB,
  emailInput: string,
  token: string,
  now: Date = new Date(),
): CodeCheck {
  const email = emailInput.trim().toLowerCase();
  const row = db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.target, email), eq(oneTimeCodes.purpose, PURPOSE)))
    .get();
  if (!row || row.usedAt || row.codeHash !== hashCode(email, token.trim())) return 'invalid';
  if (row.expiresAt < now.toISOString()) return 'expired';
  return 'ok';
}

/** Uses up a link (its token checked and spent): what an invitation to a new login starts with. */
export function spendInvitation(db: DB, email: string, token: string, now: Date): CodeCheck {
  return checkCode(db, email, PURPOSE, token, now);
}

/** Makes an address's pending link stop working (an invitation cancelled). */
export function withdrawInvitation(conn: Conn, email: string, now: Date): void {
  conn
    .update(oneTimeCodes)
    .set({ usedAt: now.toISOString() })
    .where(and(eq(oneTimeCodes.target, email), eq(oneTimeCodes.purpose, PURPOSE)))
    .run();
}

/**
 * Uses an invitation: the password is set, the address verified, the link spent. A password the
 * strength rule refuses throws WeakPasswordError and leaves the link usable; the rider's names
 * count against it only once the link is proven (else the answer would tell who is invited).
 */
export async function acceptInvitation(
  db: DB,
  input: { email: string; token: string; password: string },
  now: Date = new Date(),
): Promise<CodeCheck> {
  const email = input.email.trim().toLowerCase();
  assertPasswordAllowed(input.password, [email]);
  if (invitationState(db, email, input.token, now) === 'ok') {
    const names = db
      .select({ firstName: riders.firstName, lastName: riders.lastName })
      .from(users)
      .innerJoin(riders, eq(riders.userId, users.id))
      .where(eq(users.email, email))
      .get();
    assertPasswordAllowed(input.password, [email, names?.firstName, names?.lastName]);
  }
  const result = checkCode(db, email, PURPOSE, input.token, now);
  if (result !== 'ok') return result;
  const user = db.select().from(users).where(eq(users.email, email)).get();
  if (!user || user.deactivated) return 'invalid';
  const actor: Actor = { userId: user.id, proxyHostUserId: null };
  await setPassword(db, user.id, input.password, actor);
  db.update(users)
    .set({ emailVerified: true, passwordLocked: false })
    .where(eq(users.id, user.id))
    .run();
  audit(db, actor, 'rider.invitationUsed', { type: 'user', id: user.id }, {});
  rateLimitReset(db, `login:${email}`);
  return 'ok';
}

/**
 * Sends a fresh invitation to a rider from their admin page (the previous link stops working).
 * In the rider's language. 'notFound' for an unknown rider, 'inactive' for a deactivated one.
 */
export async function resendInvitation(
  db: DB,
  riderId: number,
  actor: Actor,
  now: Date = new Date(),
): Promise<'ok' | 'notFound' | 'inactive'> {
  const rider = db
    .select({
      firstName: riders.firstName,
      email: users.email,
      lang: users.lang,
      deactivated: users.deactivated,
    })
    .from(riders)
    .innerJoin(users, eq(users.id, riders.userId))
    .where(eq(riders.id, riderId))
    .get();
  if (!rider) return 'notFound';
  if (rider.deactivated) return 'inactive';
  const lang: Lang = rider.lang ?? DEFAULT_LANG;
  const t = await tFor(lang);
  const id = writeTx(db, (tx) => {
    const mail = issueInvitation(tx, { ...rider, lang, t }, now);
    audit(tx, actor, 'rider.invitationSent', { type: 'rider', id: riderId }, {});
    return queueMail(tx, mail);
  });
  await deliverQueued(db, [id]);
  return 'ok';
}

/**
 * A signed-in owner changes the e-mail address they sign in with, in two steps. First the new
 * address, the current password and (with TOTP on) a code: the same proof as a step-up, on the
 * password change's budget; a 6-digit code then goes to the NEW address only, so the owner proves
 * they read it. Second, that code, from a session whose proof is still fresh: the address
 * changes, the other sessions end, and both the old and the new address are mailed. Never while
 * an admin proxies the account: the sign-in stays the owner's.
 */
import { and, eq, like, ne } from 'drizzle-orm';
import { writeTx, type Conn, type DB } from '~/db.server';
import { oneTimeCodes, users } from '#db/schema';
import { tFor } from '~/i18next.server';
import { CODE_TTL_MINUTES } from '~/lib/constants';
import { audit, type Actor } from '~/services/platform/audit.server';
import { checkCode, issueCode, type CodeCheck } from '~/services/auth/codes.server';
import { deliverQueued, queueMail } from '~/services/platform/mail.server';
import { rateLimitHit } from '~/services/auth/rate-limit.server';
import { securityChange, type ClientInfo } from '~/services/auth/security-events.server';
import { endUserSessions } from '~/services/auth/session.server';
import {
  checkPasswordProof,
  markVerified,
  securityChangeAllowed,
} from '~/services/auth/step-up.server';

/** Codes an account may have mailed to new addresses per window. */
export const EMAIL_CHANGE_SEND_LIMIT = { count: 3, windowSeconds: 15 * 60 };

/** Who asks: the signed-in account, its session, whether an admin proxies it. */
export type EmailChanger = {
  userId: number;
  sessionId: string;
  proxyHost: unknown;
  actor: Actor;
};

export type EmailChangeRequestOutcome =
  'ok' | 'proxy' | 'same' | 'taken' | 'tooMany' | 'wrongPassword' | 'wrongCode' | 'wait';

export type EmailChangeConfirmOutcome = 'ok' | 'proxy' | 'stepUp' | 'taken' | CodeCheck;

const PREFIX = 'email-change:';

/** The code's target: binds the account and the address, so a code proves only this pair. */
function emailChangeTarget(userId: number, newEmail: string): string {
  return `${PREFIX}${userId}:${newEmail.trim().toLowerCase()}`;
}

function normalize(email: string): string {
  return email.trim().toLowerCase();
}

function userRow(db: Conn, userId: number) {
  return db
    .select({ id: users.id, email: users.email, lang: users.lang, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .get();
}

function emailTaken(db: Conn, email: string, userId: number): boolean {
  return !!db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .get();
}

/** The account's email-change codes (only the latest request is kept). */
function codesOf(userId: number) {
  return and(
    eq(oneTimeCodes.purpose, 'email-change'),
    like(oneTimeCodes.target, `${PREFIX}${userId}:%`),
  );
}

/**
 * The address waiting for its code, or null. An expired or worn-out code still shows (its form
 * then says so) until the owner cancels or asks again: the request does not vanish unexplained.
 */
export function pendingEmailChange(db: Conn, userId: number): { email: string } | null {
  const row = db
    .select({ target: oneTimeCodes.target, usedAt: oneTimeCodes.usedAt })
    .from(oneTimeCodes)
    .where(codesOf(userId))
    .get();
  if (!row || row.usedAt) return null;
  return { email: row.target.slice(`${PREFIX}${userId}:`.length) };
}

/**
 * Step 1: checks the proof, then mails a code to the new address (in the owner's language). A
 * taken address is told only after the password passed, so a stolen cookie cannot probe which
 * addresses have accounts.
 */
export async function requestEmailChange(
  db: DB,
  by: EmailChanger,
  input: { newEmail: string; password: string; code?: string | null },
): Promise<EmailChangeRequestOutcome> {
  if (by.proxyHost) return 'proxy';
  const user = userRow(db, by.userId);
  if (!user) return 'wrongPassword';
  const newEmail = normalize(input.newEmail);
  if (newEmail === user.email) return 'same';
  const proof = await checkPasswordProof(db, by.userId, input);
  // A missing code reads as a wrong one, as when turning two-factor off.
  if (proof !== 'ok') return proof === 'codeNeeded' ? 'wrongCode' : proof;
  // The password (and code) just typed are a fresh proof: the confirmation may follow.
  markVerified(db, by.sessionId);
  if (emailTaken(db, newEmail, by.userId)) return 'taken';
  const limit = EMAIL_CHANGE_SEND_LIMIT;
  if (!rateLimitHit(db, `code-send:email-change:${by.userId}`, limit.count, limit.windowSeconds))
    return 'tooMany';
  const t = await tFor(user.lang);
  // The code and its mail in one transaction; an older request's code dies with it.
  const queued = writeTx(db, (tx) => {
    tx.delete(oneTimeCodes).where(codesOf(by.userId)).run();
    const code = issueCode(tx, emailChangeTarget(by.userId, newEmail), 'email-change');
    return queueMail(tx, {
      to: newEmail,
      lang: user.lang,
      subject: t('twofactor:email.codeMail.subject'),
      text: t('twofactor:email.codeMail.text', { code, minutes: CODE_TTL_MINUTES }),
    });
  });
  await deliverQueued(db, [queued]);
  return 'ok';
}

/** Drops the pending request (the owner changed their mind). */
export function cancelEmailChange(db: DB, by: EmailChanger): 'ok' | 'proxy' {
  if (by.proxyHost) return 'proxy';
  db.delete(oneTimeCodes).where(codesOf(by.userId)).run();
  return 'ok';
}

function isUniqueViolation(e: unknown): boolean {
  return (
    typeof e === 'object' && e !== null && 'code' in e && e.code === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}

/**
 * Step 2: the code mailed to the new address, from a session proven within the last minutes.
 * The address changes with its history row and the mail to the old and new address, or not at
 * all (an address taken in between).
 */
export async function confirmEmailChange(
  db: DB,
  by: EmailChanger,
  code: string,
  client: ClientInfo = {},
): Promise<EmailChangeConfirmOutcome> {
  const allowed = securityChangeAllowed(db, by);
  if (allowed !== 'ok') return allowed;
  const user = userRow(db, by.userId);
  const row = db
    .select({ target: oneTimeCodes.target })
    .from(oneTimeCodes)
    .where(codesOf(by.userId))
    .get();
  if (!user || !row) return 'invalid';
  const newEmail = row.target.slice(`${PREFIX}${by.userId}:`.length);
  // Checked before the code is spent, and again in the transaction.
  if (emailTaken(db, newEmail, by.userId)) return 'taken';
  const checked = checkCode(db, row.target, 'email-change', code);
  if (checked !== 'ok') return checked;
  const oldEmail = user.email;
  try {
    const changed = await securityChange(
      db,
      user,
      'emailChanged',
      client,
      (tx) => {
        if (emailTaken(tx, newEmail, by.userId)) return false;
        tx.update(users)
          .set({ email: newEmail, emailVerified: true, updatedAt: new Date().toISOString() })
          .where(eq(users.id, by.userId))
          .run();
        // Whoever else holds a session of the account signed in as the old address: out.
        endUserSessions(tx, by.userId, by.sessionId);
        tx.delete(oneTimeCodes).where(codesOf(by.userId)).run();
        audit(
          tx,
          by.actor,
          'user.emailChanged',
          { type: 'user', id: by.userId },
          { from: oldEmail, to: newEmail },
        );
        return true;
      },
      { happened: (v) => v, alsoTo: [oldEmail] },
    );
    return changed ? 'ok' : 'taken';
  } catch (e) {
    if (isUniqueViolation(e)) return 'taken';
    throw e;
  }
}

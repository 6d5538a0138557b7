/**
 * One verification flow for e-mail codes and password recovery (docs/rules.md): a 6-digit code by
 * e-mail, valid 10 minutes, at most 5 tries, single use; one pending code per (target, purpose).
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { writeTx, type Conn, type DB } from '~/db.server';
import { oneTimeCodes } from '#db/schema';
import { sessionSecret } from '~/env.server';
import { CODE_MAX_TRIES, CODE_TTL_MINUTES } from '~/lib/constants';

export type CodePurpose = 'email-verify' | 'password-reset' | 'invitation' | 'email-change';
export type CodeCheck = 'ok' | 'invalid' | 'expired' | 'tooManyTries';

/**
 * A code at rest: HMAC-SHA-256 keyed with the server secret over target and code. Without the
 * secret a copy of the table cannot be reversed by trying the million codes (a plain SHA-256 was).
 */
export function hashCode(target: string, code: string) {
  return createHmac('sha256', sessionSecret()).update(`${target}:${code}`).digest('hex');
}

/**
 * Creates (or replaces) the pending code for a target and purpose; returns the plain code. Pass
 * the transaction that also queues the code's mail: the code exists only if its mail does.
 */
export function issueCode(
  db: Conn,
  target: string,
  purpose: CodePurpose,
  now = new Date(),
): string {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const t = target.trim().toLowerCase();
  const expiresAt = new Date(now.getTime() + CODE_TTL_MINUTES * 60_000).toISOString();
  db.insert(oneTimeCodes)
    .values({ target: t, purpose, codeHash: hashCode(t, code), expiresAt, attempts: 0 })
    .onConflictDoUpdate({
      target: [oneTimeCodes.target, oneTimeCodes.purpose],
      set: { codeHash: hashCode(t, code), expiresAt, attempts: 0, usedAt: null },
    })
    .run();
  return code;
}

/**
 * Checks a code. 'ok' consumes it (single use). Every wrong try counts; after the maximum the
 * code is dead even if the right one comes later.
 */
export function checkCode(
  db: DB,
  target: string,
  purpose: CodePurpose,
  code: string,
  now = new Date(),
): CodeCheck {
  const t = target.trim().toLowerCase();
  return writeTx(db, (tx) => {
    const row = tx
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.target, t), eq(oneTimeCodes.purpose, purpose)))
      .get();
    if (!row || row.usedAt) return 'invalid';
    if (row.expiresAt < now.toISOString()) return 'expired';
    if (row.attempts >= CODE_MAX_TRIES) return 'tooManyTries';
    const a = Buffer.from(row.codeHash, 'hex');
    const b = Buffer.from(hashCode(t, code.trim()), 'hex');
    if (a.length !== b.length || !timingSafeEqual(a, b)) {
      tx.update(oneTimeCodes)
        .set({ attempts: row.attempts + 1 })
        .where(eq(oneTimeCodes.id, row.id))
        .run();
      return row.attempts + 1 >= CODE_MAX_TRIES ? 'tooManyTries' : 'invalid';
    }
    tx.update(oneTimeCodes)
      .set({ usedAt: now.toISOString() })
      .where(eq(oneTimeCodes.id, row.id))
      .run();
    return 'ok';
  });
}

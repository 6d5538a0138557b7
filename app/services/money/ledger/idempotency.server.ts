/**
 * Exactly-once money writes (Stripe's Idempotency-Key model): a key is stored with the first
 * result in the same transaction as the money change (UNIQUE per scope, user, key).
 * - same key, same request → the first result again (nothing charged twice);
 * - same key, another request → a conflict (422 in the API);
 * - a refused request stores nothing: fixing it and sending it again with the key works.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Conn } from '~/db.server';
import { idempotencyKeys } from '#db/schema';

type IdempotencyScope = 'redeem' | 'refund' | 'void' | 'payout-claim';
export type IdempotencyRef = {
  scope: IdempotencyScope;
  userId: number | null;
  key: string;
  fingerprint: string;
};

/** Keys are at most 255 printable characters (what the API and the forms accept). */
export const IDEMPOTENCY_KEY_RE = /^[\x21-\x7e]{8,255}$/;

/** A stable fingerprint of the request's meaningful fields (leave secrets such as a PIN out). */
export function fingerprintOf(fields: Record<string, unknown>): string {
  const sorted = Object.keys(fields)
    .sort()
    .map((k) => [k, fields[k] ?? null]);
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

export type Replay<T> = { kind: 'new' } | { kind: 'replay'; result: T } | { kind: 'conflict' };

/** What a key already says: nothing yet, the first result, or a conflict with another request. */
export function lookupIdempotent<T>(conn: Conn, ref: IdempotencyRef | undefined): Replay<T> {
  if (!ref) return { kind: 'new' };
  const row = conn
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.scope, ref.scope),
        eq(idempotencyKeys.userId, ref.userId ?? 0),
        eq(idempotencyKeys.key, ref.key),
      ),
    )
    .get();
  if (!row) return { kind: 'new' };
  if (row.fingerprint !== ref.fingerprint) return { kind: 'conflict' };
  return { kind: 'replay', result: JSON.parse(row.result) as T };
}

/** Stores the key with its first result; call inside the money change's transaction. */
export function recordIdempotent(conn: Conn, ref: IdempotencyRef | undefined, result: unknown) {
  if (!ref) return;
  conn
    .insert(idempotencyKeys)
    .values({
      scope: ref.scope,
      userId: ref.userId ?? 0,
      key: ref.key,
      fingerprint: ref.fingerprint,
      result: JSON.stringify(result),
    })
    .run();
}

/**
 * How long a key is kept: a retry of the same request within this time gets the first answer;
 * after it the key is forgotten (the daily job purges it), as Stripe forgets its keys after a day.
 */
export const IDEMPOTENCY_KEY_DAYS = 7;

/** Removes keys older than `days` (daily job); returns how many. */
export function purgeIdempotencyKeys(
  conn: Conn,
  now = new Date(),
  days = IDEMPOTENCY_KEY_DAYS,
): number {
  const before = new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
  return conn.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before)).run().changes;
}

/** Fixed-window rate limits kept in the database (they survive restarts and span processes). */
import { eq } from 'drizzle-orm';
import { writeTx, type DB } from '~/db.server';
import { rateLimits } from '#db/schema';

/** Counts one hit on `key`; false when the key is over `limit` hits in `windowSeconds`. */
export function rateLimitHit(db: DB, key: string, limit: number, windowSeconds: number): boolean {
  return writeTx(db, (tx) => {
    const now = Date.now();
    const row = tx.select().from(rateLimits).where(eq(rateLimits.key, key)).get();
    if (!row || now - Date.parse(row.windowStart) > windowSeconds * 1000) {
      tx.insert(rateLimits)
        .values({ key, count: 1, windowStart: new Date(now).toISOString() })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: { count: 1, windowStart: new Date(now).toISOString() },
        })
        .run();
      return true;
    }
    tx.update(rateLimits)
      .set({ count: row.count + 1 })
      .where(eq(rateLimits.key, key))
      .run();
    return row.count + 1 <= limit;
  });
}

/** Forgets a key (e.g. after a successful sign-in). */
export function rateLimitReset(db: DB, key: string) {
  db.delete(rateLimits).where(eq(rateLimits.key, key)).run();
}

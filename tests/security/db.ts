/** Direct access to the running server's database for the security suite (setting up a case, reading what happened). */
import Database from 'better-sqlite3';
import { testServer } from '../e2e/server';
import { insertPayablePro as insertPro, writeDb } from '../e2e/db-write';

export function query<T>(sql: string, ...args: unknown[]): T[] {
  const db = new Database(testServer().databasePath, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

/** A payable Canadian pro with one earned cash award and its ledger row (tests/e2e/db-write.ts). */
export function insertPayablePro(tag: string, grossCents: number): { riderId: number } {
  return insertPro(tag, grossCents, { source: 'sec', firstName: 'Sec', lang: 'en' });
}

/** `count` riders with a PIN no one knows and 50.00 of current dealer credit each; their ids. */
export function insertRidersWithCredit(tag: string, count: number): number[] {
  return writeDb((db) => {
    const one = (sql: string, ...args: unknown[]) => db.prepare(sql).get(...args) as { id: number };
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const stamp = `${tag}-${i}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
      const user = one(
        "insert into users (email, password_hash, role, email_verified) values (?, 'x', 'rider', 1) returning id",
        `${stamp}@example.test`,
      );
      const rider = one(
        "insert into riders (user_id, first_name, last_name, pin_hash) values (?, 'Sec', ?, 'hmac-sha256$AAAA$AAAA') returning id",
        user.id,
        `Guess${i}`,
      );
      const award = one(
        `insert into awards (rider_id, type, payout_type, currency, initial_cents, current_cents, status, expires_at)
         values (?, 'credit', 'dealerCredit', 'USD', 5000, 5000, 'current', ?) returning id`,
        rider.id,
        new Date(Date.now() + 90 * 86_400_000).toISOString(),
      );
      db.prepare(
        `insert into ledger_entries (rider_id, balance, kind, amount_cents, currency, award_id, note)
         values (?, 'credit', 'award', 5000, 'USD', ?, 'sec: guessing target')`,
      ).run(rider.id, award.id);
      ids.push(rider.id);
    }
    return ids;
  });
}

/** Takes back the wrong PINs typed since `since` (the demo dealer serves other tests). */
export function forgetDealerWrongPins(since: string) {
  writeDb((db) =>
    db.prepare('DELETE FROM pin_attempts WHERE success = 0 AND created_at >= ?').run(since),
  );
}

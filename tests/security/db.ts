/** Direct access to the running server's database for the security suite (setting up a case, reading what happened). */
import Database from 'better-sqlite3';
import { inject } from 'vitest';

export function query<T>(sql: string, ...args: unknown[]): T[] {
  const db = new Database(inject('databasePath'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

/**
 * A payable pro (Canadian, not a US person: a licence and an address are enough) with one earned
 * cash award and its ledger row, as the award engine writes them. The demo season has no payable
 * pro with unclaimed cash.
 */
export function insertPayablePro(tag: string, grossCents: number): { riderId: number } {
  const db = new Database(inject('databasePath'), { fileMustExist: true });
  try {
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    return db.transaction(() => {
      const stamp = `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
      const user = db
        .prepare(
          "insert into users (email, password_hash, role, email_verified, lang) values (?, 'x', 'rider', 1, 'en') returning id",
        )
        .get(`sec-payout-${stamp}@example.test`) as { id: number };
      const rider = db
        .prepare(
          `insert into riders (user_id, first_name, last_name, level, address_line1, city, state, zipcode, country, us_person)
           values (?, 'Sec', ?, 'pro', '12 rue Principale', 'Sherbrooke', 'QC', 'J1H 1A1', 'CA', 0) returning id`,
        )
        .get(user.id, `Payout-${tag}`) as { id: number };
      db.prepare(
        `insert into rider_documents (rider_id, kind, original_name, stored_name, mime_type, size_bytes)
         values (?, 'driversLicence', 'licence.png', ?, 'image/png', 100)`,
      ).run(rider.id, `sec-licence-${stamp}.png`);
      const award = db
        .prepare(
          `insert into awards (rider_id, type, payout_type, currency, initial_cents, current_cents, status, payment_info_due_at)
           values (?, 'cash', 'cash', 'CAD', ?, ?, 'earned', ?) returning id`,
        )
        .get(
          rider.id,
          grossCents,
          grossCents,
          new Date(Date.now() + 30 * 86_400_000).toISOString(),
        ) as { id: number };
      db.prepare(
        `insert into ledger_entries (rider_id, balance, kind, amount_cents, currency, award_id, note)
         values (?, 'cash', 'award', ?, 'CAD', ?, 'security suite: payable pro')`,
      ).run(rider.id, grossCents, award.id);
      return { riderId: rider.id };
    })();
  } finally {
    db.close();
  }
}

/** Writes test data straight into the running server's database, in one transaction. */
import Database from 'better-sqlite3';
import { databasePath } from './helpers';

export function writeDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(databasePath());
  try {
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    return db.transaction(() => fn(db))();
  } finally {
    db.close();
  }
}

/**
 * An event held 20 days ago (of `promoterId` when given) with one dealer-credit class paying 3
 * places (150, 100, 50) and 6 results; 1st place `name` is linked to no account. The claims tests
 * start from it. Returns the event and the 1st-place result.
 */
export function eventWithUnmatched(
  db: Database.Database,
  opts: { title: string; name: string; className: string; promoterId?: number },
): { eventId: number; resultId: number } {
  const q = (s: string, ...a: unknown[]) => db.prepare(s).get(...a) as { id: number };
  const ev = q(
    "INSERT INTO events (title, date, promoter_id) VALUES (?, date('now', '-20 days'), ?) RETURNING id",
    opts.title,
    opts.promoterId ?? null,
  );
  const cls = q(
    "INSERT INTO event_classes (event_id, name, payout_type) VALUES (?, ?, 'dealerCredit') RETURNING id",
    ev.id,
    opts.className,
  );
  for (const [place, cents] of [
    [1, 15000],
    [2, 10000],
    [3, 5000],
  ]) {
    db.prepare('INSERT INTO class_places (class_id, place, amount_cents) VALUES (?, ?, ?)').run(
      cls.id,
      place,
      cents,
    );
  }
  const first = q(
    'INSERT INTO results (event_id, class_id, place, rider_name) VALUES (?, ?, 1, ?) RETURNING id',
    ev.id,
    cls.id,
    opts.name,
  );
  for (let place = 2; place <= 6; place += 1) {
    db.prepare(
      'INSERT INTO results (event_id, class_id, place, rider_name) VALUES (?, ?, ?, ?)',
    ).run(ev.id, cls.id, place, `Nobody ${place} ${opts.title}`);
  }
  return { eventId: ev.id, resultId: first.id };
}

/**
 * A payable pro (Canadian, not a US person: a licence and an address are enough) with one earned
 * cash award and its ledger row, as the award engine writes them. The demo season has no payable
 * pro with unclaimed cash. `source` names the suite in the e-mail, the licence file and the
 * ledger note; returns the rider and the name the pages show.
 */
export function insertPayablePro(
  tag: string,
  grossCents: number,
  opts: { source: string; firstName: string; lang: 'en' | 'fr' },
): { riderId: number; name: string } {
  return writeDb((db) => {
    const stamp = `${tag.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const one = (sql: string, ...args: unknown[]) => db.prepare(sql).get(...args) as { id: number };
    const user = one(
      "insert into users (email, password_hash, role, email_verified, lang) values (?, 'x', 'rider', 1, ?) returning id",
      `${opts.source}-payout-${stamp}@example.test`,
      opts.lang,
    );
    const rider = one(
      `insert into riders (user_id, first_name, last_name, level, address_line1, city, state, zipcode, country, us_person)
       values (?, ?, ?, 'pro', '12 rue Principale', 'Sherbrooke', 'QC', 'J1H 1A1', 'CA', 0) returning id`,
      user.id,
      opts.firstName,
      `Payout-${tag}`,
    );
    db.prepare(
      `insert into rider_documents (rider_id, kind, original_name, stored_name, mime_type, size_bytes)
       values (?, 'driversLicence', 'licence.png', ?, 'image/png', 100)`,
    ).run(rider.id, `${opts.source}-licence-${stamp}.png`);
    const award = one(
      `insert into awards (rider_id, type, payout_type, currency, initial_cents, current_cents, status, payment_info_due_at)
       values (?, 'cash', 'cash', 'CAD', ?, ?, 'earned', ?) returning id`,
      rider.id,
      grossCents,
      grossCents,
      new Date(Date.now() + 30 * 86_400_000).toISOString(),
    );
    db.prepare(
      `insert into ledger_entries (rider_id, balance, kind, amount_cents, currency, award_id, note)
       values (?, 'cash', 'award', ?, 'CAD', ?, ?)`,
    ).run(rider.id, grossCents, award.id, `${opts.source}: payable pro`);
    return { riderId: rider.id, name: `${opts.firstName} Payout-${tag}` };
  });
}

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

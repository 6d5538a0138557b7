/**
 * Every page of every role, for the accessibility sweep: the templates of a11y-page-list with the
 * ids they need read from the test database.
 */
import Database from 'better-sqlite3';
import { PAGES, type Role } from './a11y-page-list';
import { databasePath, DEMO } from './helpers';

type Row = { id: number };

function ids(): Record<string, number> {
  const db = new Database(databasePath(), { readonly: true });
  const one = (query: string, ...args: unknown[]): number => {
    const row = db.prepare(query).get(...args) as Row | undefined;
    if (!row) throw new Error(`no row for ${query}`);
    return row.id;
  };
  try {
    const promoterId = one(
      'SELECT p.id FROM promoters p JOIN users u ON u.id = p.user_id WHERE u.email = ?',
      DEMO.promoter,
    );
    return {
      event: one(
        'SELECT e.id FROM events e JOIN results r ON r.event_id = e.id GROUP BY e.id ORDER BY e.id LIMIT 1',
      ),
      series: one('SELECT id FROM series ORDER BY id LIMIT 1'),
      rider: one(
        'SELECT r.id FROM riders r JOIN users u ON u.id = r.user_id WHERE u.email = ?',
        DEMO.rider,
      ),
      dealer: one(
        'SELECT d.id FROM dealers d JOIN users u ON u.id = d.user_id WHERE u.email = ?',
        DEMO.dealer,
      ),
      promoter: promoterId,
      promoterEvent: one(
        'SELECT id FROM events WHERE promoter_id = ? ORDER BY id LIMIT 1',
        promoterId,
      ),
      promoterSeries: one(
        'SELECT id FROM series WHERE promoter_id = ? ORDER BY id LIMIT 1',
        promoterId,
      ),
      category: one('SELECT id FROM categories ORDER BY id LIMIT 1'),
      result: one('SELECT id FROM results ORDER BY id LIMIT 1'),
      redemption: one(
        `SELECT c.id FROM credit_redemptions c JOIN dealers d ON d.id = c.dealer_id
         JOIN users u ON u.id = d.user_id WHERE u.email = ? ORDER BY c.id LIMIT 1`,
        DEMO.dealer,
      ),
    };
  } finally {
    db.close();
  }
}

export type { Role };

/** Pages to scan for a role (the role's demo account signs in first, except for public). */
export function pagesFor(role: Role): string[] {
  const i = ids();
  return PAGES[role].map((path) =>
    path.replace(/:([a-zA-Z]+)/g, (whole, name: string) => {
      if (!(name in i)) throw new Error(`no id for ${whole} in ${path}`);
      return String(i[name]);
    }),
  );
}

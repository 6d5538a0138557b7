/**
 * Every page of every role, for the accessibility sweep: the paths (English form, no language
 * prefix) with the ids they need read from the test database.
 */
import Database from 'better-sqlite3';
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

export type Role = 'public' | 'rider' | 'dealer' | 'promoter' | 'admin';

/** Pages to scan for a role (the role's demo account signs in first, except for public). */
export function pagesFor(role: Role): string[] {
  const i = ids();
  switch (role) {
    case 'public':
      return [
        '/',
        '/events',
        `/events/event/${i.event}`,
        `/events/serie/${i.series}`,
        '/dealers',
        '/about/overview',
        '/about/rules',
        '/about/faq-riders',
        '/about/faq-dealers',
        '/about/faq-promoters',
        '/about/contact',
        '/thank-you-contact',
        '/register',
        '/login',
        '/forgot-password',
        '/account-recovery',
        '/no-such-page',
      ];
    case 'rider':
      return [
        '/auth/rider',
        '/auth/rider/earnings',
        '/auth/rider/redemptions',
        '/auth/rider/dealers',
        '/auth/rider/series',
        `/auth/rider/serie/${i.series}`,
        '/auth/rider/events',
        `/auth/rider/event/${i.event}`,
        `/auth/rider/claim/${i.result}`,
        '/auth/rider/profile',
      ];
    case 'dealer':
      return [
        '/auth/dealer',
        '/auth/dealer/redemptions',
        `/auth/dealer/redemptions/${i.redemption}`,
        `/auth/dealer/rider/${i.rider}`,
        '/auth/dealer/riders?q=rider',
        '/auth/dealer/profile',
      ];
    case 'promoter':
      return [
        '/auth/promoter',
        '/auth/promoter/claims',
        `/auth/promoter/event/${i.promoterEvent}`,
        `/auth/promoter/serie/${i.promoterSeries}`,
        '/auth/promoter/profile',
      ];
    case 'admin':
      return [
        '/auth/admin',
        '/auth/admin/summary',
        '/auth/admin/market-share-month',
        '/auth/admin/market-share-series',
        '/auth/admin/riders',
        `/auth/admin/rider/${i.rider}`,
        `/auth/admin/rider/${i.rider}/remove-races`,
        '/auth/admin/rider',
        '/auth/admin/rider-vin-report',
        '/auth/admin/rider-earnings',
        '/auth/admin/rider-redemptions',
        '/auth/admin/dealer-refunds',
        '/auth/admin/dealers',
        `/auth/admin/dealer/${i.dealer}`,
        '/auth/admin/dealer',
        '/auth/admin/dealer-logins',
        '/auth/admin/promoters',
        `/auth/admin/promoter/${i.promoter}`,
        '/auth/admin/promoter',
        '/auth/admin/late-results-events',
        '/auth/admin/reminders',
        '/auth/admin/tax-lists',
        '/auth/admin/export-series-events',
        '/auth/admin/export-class-payouts',
        '/auth/admin/series',
        `/auth/admin/serie/${i.series}`,
        '/auth/admin/serie',
        '/auth/admin/events',
        `/auth/admin/event/${i.event}`,
        '/auth/admin/event',
        '/auth/admin/categories',
        `/auth/admin/category/${i.category}`,
        '/auth/admin/category',
        '/auth/admin/vin-patterns',
        '/auth/admin/mail',
        '/auth/admin/claims',
        '/auth/admin/profile',
        `/proxy-rider/${i.rider}`,
        `/proxy-dealer/${i.dealer}`,
        `/proxy-promoter/${i.promoter}`,
      ];
  }
}

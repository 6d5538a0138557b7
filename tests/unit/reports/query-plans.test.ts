/**
 * Every report query reads the big tables through an index: EXPLAIN QUERY PLAN of each
 * statement the reports run must not scan awards, redemptions, results, the ledger, allocations,
 * riders or bikes row by row. A scan of a covering index is accepted (it reads the narrow index in
 * the order the grouping needs, with no row lookups); a table scan or an index scan with row
 * lookups fails.
 */
import { describe, expect, it } from 'vitest';
import type { DB } from '~/db.server';
import { adminHomeFigures } from '~/services/reports/admin-home.server';
import { classPayoutsExport, seriesEventsExport } from '~/services/reports/exports.server';
import {
  lateEvents,
  marketShareByMonth,
  marketShareBySeries,
  riderStats,
  summary,
  topDealers,
  topRiders,
} from '~/services/reports/reports.server';
import { testDb } from '../helpers/db';
import { statementsOf } from '../helpers/statements';

const BIG = [
  'awards',
  'credit_redemptions',
  'results',
  'ledger_entries',
  'redemption_allocations',
  'riders',
  'bikes',
];

/** The plan lines that scan a big table without a covering index. */
function fullScans(db: DB, sql: string): string[] {
  const params = Array.from({ length: (sql.match(/\?/g) ?? []).length }, () => null);
  const plan = db.$client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as {
    detail: string;
  }[];
  return plan
    .map((p) => p.detail)
    .filter((d) => {
      const m = /^SCAN (\w+)(?: AS \w+)?(.*)$/.exec(d);
      return m !== null && BIG.includes(m[1]) && !/USING COVERING INDEX/.test(m[2]);
    });
}

describe('report query plans', () => {
  const range = { startDate: '2022-01-01', endDate: '2026-12-31' };
  const reports: [string, (db: DB) => unknown][] = [
    ['summary', (db) => summary(db, range)],
    ['market share by month', (db) => marketShareByMonth(db, range)],
    ['market share by series', (db) => marketShareBySeries(db, range)],
    ['top pro riders', (db) => topRiders(db, 'pro', range, 5)],
    ['amateur rider stats', (db) => riderStats(db, 'amateur', range)],
    ['top dealers', (db) => topDealers(db, range, 5)],
    ['late results', (db) => lateEvents(db, {})],
    ['admin home', (db) => adminHomeFigures(db)],
    ['series events export', (db) => seriesEventsExport(db, range)],
    ['class payouts export', (db) => classPayoutsExport(db, range)],
  ];
  for (const [name, fn] of reports) {
    it(`${name}: no full scan of a big table`, () => {
      const db = testDb();
      const sqls = statementsOf(db, () => fn(db)).filter((s) => /^\s*select/i.test(s));
      expect(sqls.length).toBeGreaterThan(0);
      const scans = sqls.flatMap((s) => fullScans(db, s).map((d) => `${d}  ←  ${s}`));
      expect(scans).toEqual([]);
    });
  }

  it('the check itself fails on a table scan', () => {
    const db = testDb();
    expect(
      fullScans(db, `SELECT sum(amount_cents) FROM credit_redemptions WHERE employee_name = 'x'`),
    ).not.toEqual([]);
  });
});

/**
 * The benchmark data generator at a tiny scale, so it cannot rot: the data obeys the
 * program rules and the ledger invariant (sum(ledger) == sum(awards.current) per rider, balance
 * and currency); redemptions are drawn from awards.
 */
import { describe, expect, it } from 'vitest';
import { seed } from '#db/seed';
import { MIN_RIDERS_PER_CLASS, PAID_CLASSES_PER_EVENT } from '~/lib/constants';
import { generate } from '../../../bench/generate';
import { testDb } from '../helpers/db';

describe('bench data generator', () => {
  it(
    'fills a database that keeps the ledger invariant and the award rules',
    { timeout: 120_000 },
    async () => {
      const db = testDb();
      await seed(db);
      const s = await generate(db.$client, { years: 1, scale: 0.01 });
      expect(s.riders).toBeGreaterThan(100);
      expect(s.results).toBeGreaterThan(200);
      expect(s.awards).toBeGreaterThan(100);
      expect(s.redemptions).toBeGreaterThan(100);
      expect(s.mismatches).toBe(0);
      expect(s.ledgerSum).toBe(s.awardsCurrentSum);
      const raw = db.$client;
      const n = (q: string) => (raw.prepare(q).get() as { n: number }).n;
      // No award where a class had fewer riders present than the minimum.
      expect(
        n(
          `SELECT count(*) AS n FROM awards a WHERE a.class_id IS NOT NULL AND (SELECT count(*) FROM results r WHERE r.class_id = a.class_id AND r.result_type <> 'DNS') < ${MIN_RIDERS_PER_CLASS}`,
        ),
      ).toBe(0);
      // At most two paid classes per rider per event.
      expect(
        n(
          `SELECT count(*) AS n FROM (SELECT rider_id, event_id FROM awards WHERE event_id IS NOT NULL GROUP BY 1, 2 HAVING count(*) > ${PAID_CLASSES_PER_EVENT})`,
        ),
      ).toBe(0);
      // Every redemption is fully drawn from awards, and no award is overdrawn.
      expect(
        n(
          `SELECT count(*) AS n FROM credit_redemptions c WHERE c.amount_cents <> (SELECT coalesce(sum(amount_cents), 0) FROM redemption_allocations x WHERE x.redemption_id = c.id)`,
        ),
      ).toBe(0);
      expect(
        n(
          `SELECT count(*) AS n FROM awards WHERE current_cents < 0 OR current_cents + spent_cents > initial_cents`,
        ),
      ).toBe(0);
      // Awards only for finishers on the maker's bikes.
      expect(
        n(
          `SELECT count(*) AS n FROM awards a JOIN results r ON r.id = a.result_id WHERE r.result_type <> 'finish' OR upper(r.make) NOT LIKE '%KTM%'`,
        ),
      ).toBe(0);
    },
  );
});

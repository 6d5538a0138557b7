/**
 * Rule (decision 048): the integrity check proves ledger = balances per rider, brand, balance and
 * currency — one brand's credit never covers another's — and that every money row agrees with the
 * rows it belongs to: a ledger row with its award, redemption and payout claim; an allocation with
 * its redemption and the award it drew; a refund with its redemption. Brand 1 is named as before.
 */
import { describe, expect, it } from 'vitest';
import { brands } from '#db/schema';
import { checkDatabase } from '~/services/platform/integrity.server';
import { testDb } from '../helpers/db';
import { DAY, giveCredit, makeRider, spendCredit } from '../money/counter-fixtures';

const NOW = new Date('2026-03-01T18:00:00.000Z');

async function world() {
  const db = testDb();
  db.insert(brands).values({ id: 2, slug: 'bravo', name: 'Bravo' }).run();
  const { rider } = makeRider(db);
  const award = giveCredit(db, rider.id, 10_000, new Date(NOW.getTime() + 100 * DAY));
  const spent = await spendCredit(db, rider.id, 3_000, NOW);
  const sqlite = db.$client;
  return {
    sqlite,
    rider,
    award,
    redemptionId: Number(sqlite.prepare('SELECT max(id) FROM credit_redemptions').pluck().get()),
    spent,
  };
}

describe('the integrity check by brand', () => {
  it('holds when a rider’s money moves to another brand whole', async () => {
    const { sqlite } = await world();
    expect(checkDatabase(sqlite).problems).toEqual([]);
    for (const table of ['awards', 'ledger_entries', 'credit_redemptions'])
      sqlite.exec(`UPDATE ${table} SET brand_id = 2`);
    expect(checkDatabase(sqlite).problems).toEqual([]);
  });

  it('names each brand’s balance when one brand’s award holds what the other’s ledger recorded', async () => {
    const { sqlite, rider, award } = await world();
    sqlite.prepare('UPDATE awards SET brand_id = 2 WHERE id = ?').run(award.id);
    const problems = checkDatabase(sqlite).problems;
    expect(problems).toContain(`rider ${rider.id} credit USD: ledger 7000 != awards 0`);
    expect(problems).toContain(`rider ${rider.id} brand 2 credit USD: ledger 0 != awards 7000`);
  });

  it('names a money row whose brand is not the brand of the row it belongs to', async () => {
    const { sqlite, award, redemptionId } = await world();
    sqlite.prepare('UPDATE awards SET brand_id = 2 WHERE id = ?').run(award.id);
    sqlite.prepare('UPDATE ledger_entries SET brand_id = 2 WHERE award_id = ?').run(award.id);
    // The ledger balances again (brand 2 everywhere) but the redemption stayed under brand 1.
    const problems = checkDatabase(sqlite).problems;
    expect(problems.filter((p) => p.startsWith('rider'))).toEqual([]);
    expect(problems).toContain(
      `ledger row of redemption ${redemptionId}: brand 2 != the redemption's 1`,
    );
    expect(problems).toContain(
      `allocation of redemption ${redemptionId} (brand 1) drew award ${award.id} of brand 2`,
    );
    sqlite.prepare('UPDATE credit_redemptions SET brand_id = 2').run();
    expect(checkDatabase(sqlite).problems).toEqual([]);
  });
});

/**
 * The admin's rider page names how each redemption was taken back: a dealer's own void is
 * "voided" (as the dealer's list, the rider's notice and the admin's redemption list say), an
 * admin's refund "refunded"; one still standing is neither.
 */
import { describe, expect, it } from 'vitest';
import { refundRedemption } from '~/services/money/counter/redemption-refunds.server';
import { voidRedemption } from '~/services/money/counter/redemption-voids.server';
import { redeem } from '~/services/money/counter/redemptions.server';
import { riderDetail } from '~/services/people/admin-people.server';
import { testDb } from '../helpers/db';
import {
  DAY,
  giveCredit,
  makeAdminUser,
  makeDealer,
  makeRider,
  MIN,
} from '../money/counter-fixtures';

const NOW = new Date('2025-06-15T18:00:00.000Z');

describe('the admin’s rider page: redemptions', () => {
  it('a void is marked voided, a refund refunded, a standing redemption neither', async () => {
    const db = testDb();
    const { rider } = makeRider(db);
    const shop = makeDealer(db);
    giveCredit(db, rider.id, 9000, new Date(NOW.getTime() + 200 * DAY));
    const made: number[] = [];
    for (let i = 0; i < 3; i++) {
      const out = await redeem(db, {
        riderId: rider.id,
        dealerId: shop.dealer.id,
        amountCents: 1000,
        pin: '1234',
        employeeName: 'Sam',
        idVerified: true,
        actor: shop.actor,
        now: new Date(NOW.getTime() + i * MIN),
      });
      if (!out.ok) throw new Error(out.error);
      made.push(out.redemption.id);
    }
    const voided = await voidRedemption(db, {
      redemptionId: made[0]!,
      dealerId: shop.dealer.id,
      reason: 'Wrong rider',
      actor: shop.actor,
      now: new Date(NOW.getTime() + 10 * MIN),
    });
    expect(voided.ok).toBe(true);
    expect(refundRedemption(db, made[1]!, makeAdminUser(db).actor, null, NOW).ok).toBe(true);
    const rows = riderDetail(db, rider.id)!.redemptions;
    const taken = Object.fromEntries(rows.map((r) => [r.id, r.takenBack]));
    expect(taken).toEqual({ [made[0]!]: 'void', [made[1]!]: 'refund', [made[2]!]: null });
  });
});

/**
 * Rule: at the counter, the PIN counts only after the counter's pause, the rider's lock-out and
 * the amount: a paused counter or a locked rider refuses even the right PIN, and a sum that cannot
 * be paid is refused without using one of the rider's tries. Whatever form the PIN is stored in:
 * HMAC (compared inside the redemption's transaction) or a legacy bcrypt hash (compared before
 * it, those checks made first).
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { creditRedemptions, mailOutbox, pinAttempts, riders } from '#db/schema';
import type { DB } from '~/db.server';
import { hashPin } from '~/services/auth/password.server';
import { redeem, type RedeemInput } from '~/services/money/counter/redemptions.server';
import { testDb } from '../../helpers/db';
import {
  awardSum,
  DAY,
  giveCredit,
  ledgerSum,
  makeAdminUser,
  makeDealer,
  makeRider,
  MIN,
} from '../counter-fixtures';

const NOW = new Date('2025-06-15T18:00:00.000Z');
const at = (m: number) => new Date(NOW.getTime() + m * MIN);

let db: DB;

for (const stored of ['hmac', 'bcrypt'] as const) {
  describe(`the PIN counts after the pause, the lock-out and the amount (PIN stored as ${stored})`, () => {
    let dealer: ReturnType<typeof makeDealer>;

    function riderWithCredit(cents = 2000) {
      const { rider } = makeRider(db);
      // The fixtures store '1234' as bcrypt; a PIN set or used since is stored as HMAC.
      if (stored === 'hmac')
        db.update(riders)
          .set({ pinHash: hashPin('1234') })
          .where(eq(riders.id, rider.id))
          .run();
      if (cents > 0) giveCredit(db, rider.id, cents, new Date(NOW.getTime() + 100 * DAY));
      return rider.id;
    }

    function input(riderId: number, over: Partial<RedeemInput> = {}): RedeemInput {
      return {
        riderId,
        dealerId: dealer.dealer.id,
        amountCents: 1000,
        pin: '1234',
        employeeName: 'Sam Counter',
        idVerified: true,
        actor: dealer.actor,
        now: NOW,
        ...over,
      };
    }

    const attempts = () => db.select().from(pinAttempts).all().length;
    const redemptions = () => db.select().from(creditRedemptions).all().length;

    beforeEach(() => {
      db = testDb();
      dealer = makeDealer(db);
    });

    it('a sum that cannot be paid is refused before the PIN: a wrong PIN then uses no try', async () => {
      const riderId = riderWithCredit(500);
      expect(await redeem(db, input(riderId, { pin: '9999' }))).toMatchObject({
        ok: false,
        error: 'dealer:errors.amountTooHigh',
        field: 'amount',
      });
      const broke = riderWithCredit(0);
      expect(await redeem(db, input(broke, { pin: '9999' }))).toMatchObject({
        ok: false,
        error: 'dealer:errors.noCredit',
      });
      expect(attempts()).toBe(0);
      expect(redemptions()).toBe(0);
    });

    it('a wrong PIN is refused and counted; the right one redeems, once, with its receipt', async () => {
      const riderId = riderWithCredit();
      expect(await redeem(db, input(riderId, { pin: '9999' }))).toMatchObject({
        ok: false,
        error: 'dealer:errors.wrongPin',
        triesLeft: 4,
      });
      expect(attempts()).toBe(1);
      const good = await redeem(db, input(riderId));
      expect(good.ok).toBe(true);
      expect(redemptions()).toBe(1);
      expect(db.select().from(mailOutbox).all()).toHaveLength(1);
      expect(ledgerSum(db, riderId)).toBe(awardSum(db, riderId));
    });

    it('a locked rider is refused even with the right PIN, and that refusal is no try', async () => {
      const riderId = riderWithCredit();
      for (let i = 0; i < 5; i++) await redeem(db, input(riderId, { pin: '0000', now: at(i) }));
      expect(attempts()).toBe(5);
      expect(await redeem(db, input(riderId, { now: at(6) }))).toMatchObject({
        ok: false,
        error: 'dealer:errors.pinLocked',
        lockedUntil: at(19).toISOString(),
      });
      expect(attempts()).toBe(5);
      expect(redemptions()).toBe(0);
    });

    it('a paused counter refuses even the right PIN, and that refusal is no try', async () => {
      makeAdminUser(db);
      const ids = Array.from({ length: 11 }, () => riderWithCredit());
      for (let i = 0; i < 10; i++) await redeem(db, input(ids[i], { pin: '0000', now: at(i) }));
      expect(attempts()).toBe(10);
      expect(await redeem(db, input(ids[10], { now: at(11) }))).toMatchObject({
        ok: false,
        error: 'pinSafety:dealerPaused',
      });
      expect(attempts()).toBe(10);
      expect(redemptions()).toBe(0);
    });
  });
}

/**
 * "Wrong PIN." says how many tries are left: 5 minus the wrong PINs of the last 15
 * minutes; a wrong PIN older than 15 minutes gives its try back; the 5th wrong PIN locks.
 */
import { describe, expect, it } from 'vitest';
import { pinTriesLeft } from '~/services/money/counter/pin-lockout.server';
import { redeem, type RedeemInput } from '~/services/money/counter/redemptions.server';
import { testDb } from '../../helpers/db';
import { DAY, giveCredit, makeDealer, makeRider, MIN } from '../counter-fixtures';

const NOW = new Date('2025-06-15T18:00:00.000Z');
const at = (m: number) => new Date(NOW.getTime() + m * MIN);

describe('PIN tries left', () => {
  it('counts down with each wrong PIN in 15 minutes, then the lock-out answers instead', async () => {
    const db = testDb();
    const riderId = makeRider(db).rider.id;
    const dealer = makeDealer(db);
    giveCredit(db, riderId, 2000, new Date(NOW.getTime() + 100 * DAY));
    const input = (now: Date): RedeemInput => ({
      riderId,
      dealerId: dealer.dealer.id,
      amountCents: 100,
      pin: '0000',
      employeeName: 'Sam',
      idVerified: true,
      actor: dealer.actor,
      now,
    });
    expect(pinTriesLeft(db, riderId, at(0))).toBe(5);
    for (let i = 0; i < 4; i++) {
      expect(await redeem(db, input(at(i)))).toMatchObject({
        error: 'dealer:errors.wrongPin',
        triesLeft: 4 - i,
      });
    }
    // 16 minutes after the first wrong PIN, that one no longer counts.
    expect(pinTriesLeft(db, riderId, at(15.5))).toBe(2);
    expect(pinTriesLeft(db, riderId, at(16.5))).toBe(3);
    const fifth = await redeem(db, input(at(4)));
    expect(fifth).toMatchObject({ error: 'dealer:errors.pinLocked' });
    expect(fifth).not.toHaveProperty('triesLeft');
  });
});

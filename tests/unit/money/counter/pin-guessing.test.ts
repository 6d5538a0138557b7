/**
 * PIN guessing across riders: a dealer login (10) or location (20) with too many wrong PINs in
 * 15 minutes has its counter paused and the admins told; a rider's wrong PINs lock them only at
 * the dealer where they were typed, and a right PIN there starts the count again; weak PINs are refused when set and spotted from the stored hash.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '~/db.server';
import { auditLog, mailOutbox, pinAttempts, riders, users } from '#db/schema';
import { isWeakPin } from '~/lib/weak-pins';
import { pinFormSchema } from '~/lib/schemas/rider';
import { hashPin, isWeakPinHash } from '~/services/auth/password.server';
import {
  dealerPausedUntil,
  pinLockedUntil,
  pinTriesLeft,
} from '~/services/money/counter/pin-lockout.server';
import { counterRider } from '~/services/money/counter/dealer-counter.server';
import { redeem, type RedeemInput } from '~/services/money/counter/redemptions.server';
import { changeRiderPin } from '~/services/people/rider-pin.server';
import { testDb } from '../../helpers/db';
import { giveCredit, makeAdminUser, makeDealer, makeRider } from '../counter-fixtures';

const NOW = new Date('2025-06-15T18:00:00.000Z');
const MIN = 60_000;
const at = (m: number) => new Date(NOW.getTime() + m * MIN);

let db: DB;
beforeEach(() => {
  db = testDb();
});

function riderWithCredit() {
  const { rider } = makeRider(db);
  giveCredit(db, rider.id, 2000, new Date(NOW.getTime() + 100 * 86_400_000));
  return rider.id;
}

function attempt(
  dealer: { dealer: { id: number }; actor: { userId: number | null; proxyHostUserId: null } },
  riderId: number,
  pin: string,
  now: Date,
): Promise<Awaited<ReturnType<typeof redeem>>> {
  const input: RedeemInput = {
    riderId,
    dealerId: dealer.dealer.id,
    amountCents: 100,
    pin,
    employeeName: 'Sam',
    idVerified: true,
    actor: dealer.actor,
    now,
  };
  return redeem(db, input);
}

/** Another sign-in of the same dealer location. */
function secondLogin(dealerId: number) {
  const user = db
    .insert(users)
    .values({ email: `login${Math.random()}@example.test`, passwordHash: 'x', role: 'dealer' })
    .returning()
    .get();
  return { dealer: { id: dealerId }, actor: { userId: user.id, proxyHostUserId: null } };
}

describe('the dealer counter pauses after too many wrong PINs across riders', () => {
  it('the rule: 10 wrong PINs by one dealer login within 15 minutes pause it; the 11th is never compared', async () => {
    makeAdminUser(db);
    makeAdminUser(db);
    const dealer = makeDealer(db);
    const ids = Array.from({ length: 12 }, riderWithCredit);
    for (let i = 0; i < 9; i++) {
      expect(await attempt(dealer, ids[i], '0000', at(i))).toMatchObject({
        error: 'dealer:errors.wrongPin',
      });
    }
    const tenth = await attempt(dealer, ids[9], '0000', at(9));
    expect(tenth).toMatchObject({
      ok: false,
      error: 'pinSafety:dealerPaused',
      pausedUntil: at(24).toISOString(),
    });
    // Paused: even the right PIN is refused, and it is not a try on anyone's count.
    expect(await attempt(dealer, ids[10], '1234', at(10))).toMatchObject({
      error: 'pinSafety:dealerPaused',
    });
    expect(db.select().from(pinAttempts).all()).toHaveLength(10);
    // The admins were told once, by mail and in the audit log.
    expect(db.select().from(mailOutbox).all()).toHaveLength(2);
    expect(
      db.select().from(auditLog).where(eq(auditLog.action, 'redemption.dealerPaused')).all(),
    ).toHaveLength(1);
    // Another dealer is not paused; this one opens again 15 minutes after the 10th wrong PIN.
    const other = makeDealer(db);
    expect(await attempt(other, ids[11], '1234', at(11))).toMatchObject({ ok: true });
    expect(
      dealerPausedUntil(db, { userId: dealer.actor.userId, dealerId: dealer.dealer.id }, at(24)),
    ).toBeNull();
    expect(await attempt(dealer, ids[10], '1234', at(24))).toMatchObject({ ok: true });
  });

  it('the rule: 20 wrong PINs at one location, over several of its logins, pause that location', async () => {
    const dealer = makeDealer(db);
    const logins = [dealer, secondLogin(dealer.dealer.id), secondLogin(dealer.dealer.id)];
    const rider = Array.from({ length: 20 }, riderWithCredit);
    let n = 0;
    for (const login of logins)
      for (let i = 0; i < 7 && n < 19; i++, n++)
        expect((await attempt(login, rider[n], '0000', at(n * 0.5))).ok).toBe(false);
    expect(dealerPausedUntil(db, { userId: null, dealerId: dealer.dealer.id }, at(10))).toBeNull();
    const twentieth = await attempt(logins[2], rider[19], '0000', at(10));
    expect(twentieth).toMatchObject({ error: 'pinSafety:dealerPaused' });
    // A login that had few wrong PINs is paused with its location.
    expect(await attempt(secondLogin(dealer.dealer.id), rider[0], '1234', at(11))).toMatchObject({
      error: 'pinSafety:dealerPaused',
    });
  });
});

describe('wrong PINs are counted per dealer; a right PIN there resets them', () => {
  it('5 wrong PINs at one dealer lock the rider there only; another dealer still serves the rider', async () => {
    const riderId = riderWithCredit();
    const a = makeDealer(db);
    const b = makeDealer(db);
    for (let i = 0; i < 5; i++) await attempt(a, riderId, '0000', at(i));
    expect(pinLockedUntil(db, riderId, at(5), a.dealer.id)).not.toBeNull();
    expect(pinLockedUntil(db, riderId, at(5), b.dealer.id)).toBeNull();
    expect(await attempt(a, riderId, '1234', at(6))).toMatchObject({
      error: 'dealer:errors.pinLocked',
    });
    expect(await attempt(b, riderId, '1234', at(6))).toMatchObject({ ok: true });
  });

  it('the rule: wrong PINs are counted per dealer: 3 at one and 2 at another lock the rider nowhere', async () => {
    const riderId = riderWithCredit();
    const a = makeDealer(db);
    const b = makeDealer(db);
    for (let i = 0; i < 3; i++) await attempt(a, riderId, '0000', at(i));
    for (let i = 3; i < 5; i++) await attempt(b, riderId, '0000', at(i));
    expect(pinLockedUntil(db, riderId, at(6))).toBeNull();
    expect(pinTriesLeft(db, riderId, at(6), b.dealer.id)).toBe(3);
    expect(await attempt(b, riderId, '1234', at(6))).toMatchObject({ ok: true });
  });

  it('the rule: a right PIN at a dealer resets its count there (not at another dealer)', async () => {
    const riderId = riderWithCredit();
    const a = makeDealer(db);
    const b = makeDealer(db);
    for (let i = 0; i < 4; i++) await attempt(a, riderId, '0000', at(i));
    for (let i = 0; i < 4; i++) await attempt(b, riderId, '0000', at(i));
    expect(await attempt(a, riderId, '1234', at(5))).toMatchObject({ ok: true });
    expect(pinTriesLeft(db, riderId, at(5), a.dealer.id)).toBe(5);
    expect(pinTriesLeft(db, riderId, at(5), b.dealer.id)).toBe(1);
    // 4 more wrong at A after the right one: still not locked there; B's 5th locks B only.
    for (let i = 6; i < 10; i++) await attempt(a, riderId, '0000', at(i));
    expect(pinLockedUntil(db, riderId, at(10), a.dealer.id)).toBeNull();
    expect(await attempt(b, riderId, '0000', at(10))).toMatchObject({
      error: 'dealer:errors.pinLocked',
    });
    expect(pinLockedUntil(db, riderId, at(11), a.dealer.id)).toBeNull();
  });

  it("another dealer's counter page does not show a lock-out started elsewhere", async () => {
    const riderId = riderWithCredit();
    const a = makeDealer(db);
    const b = makeDealer(db);
    for (let i = 0; i < 5; i++) await attempt(a, riderId, '0000', at(i));
    expect(counterRider(db, riderId, a.dealer, at(6))?.lockedUntil).not.toBeNull();
    expect(counterRider(db, riderId, b.dealer, at(6))?.lockedUntil).toBeNull();
  });
});

describe('weak PINs', () => {
  it('the rule: common PINs, years, all-same digits and straight runs are weak', () => {
    for (const pin of [
      '1234',
      '0000',
      '1111',
      '1212',
      '7777',
      '2580',
      '1987',
      '0123',
      '6789',
      '9876',
      '3210',
      '5555',
      '1357',
      '2468',
    ])
      expect(isWeakPin(pin), pin).toBe(true);
    for (const pin of ['5831', '8042', '7391']) expect(isWeakPin(pin), pin).toBe(false);
  });

  it('the PIN form refuses a weak PIN next to the field', () => {
    const out = pinFormSchema.safeParse({ currentSecret: 'x', pin: '1234', confirmPin: '1234' });
    expect(out.success).toBe(false);
    expect(out.error?.flatten().fieldErrors.pin).toEqual(['pinSafety:weak.sequence']);
    expect(
      pinFormSchema.safeParse({ currentSecret: 'x', pin: '5831', confirmPin: '5831' }).success,
    ).toBe(true);
  });

  it('the service refuses a weak PIN whoever calls it, and stores nothing', async () => {
    const { rider } = makeRider(db, { pin: null });
    const actor = { userId: null, proxyHostUserId: null };
    expect(await changeRiderPin(db, rider.id, { pin: '0000', currentSecret: 'x' }, actor)).toBe(
      'weakPin',
    );
    expect(db.select().from(riders).where(eq(riders.id, rider.id)).get()?.pinHash).toBeNull();
  });

  it('a stored weak PIN is recognised from its hash (the rider is asked to change it)', () => {
    expect(isWeakPinHash(hashPin('1234'))).toBe(true);
    expect(isWeakPinHash(hashPin('1999'))).toBe(true);
    expect(isWeakPinHash(hashPin('5831'))).toBe(false);
    expect(isWeakPinHash(null)).toBe(false);
  });
});

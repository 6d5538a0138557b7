/**
 * The PIN is money: a PIN change needs the account password or the current PIN,
 * wrong tries are limited (PIN_CHANGE_LIMIT: 5 per rider per 15 minutes), and the rider is mailed.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rateLimits, riders } from '#db/schema';
import type { DB } from '~/db.server';
import { verifyPin } from '~/services/auth/password.server';
import { PIN_CHANGE_LIMIT, changeRiderPin } from '~/services/people/rider-pin.server';
import { setRiderPin } from '~/services/people/riders.server';
import { createAccount } from '~/services/people/users.server';
import { testDb } from '../helpers/db';
import { mailsTo } from '../helpers/outbox';

const PASSWORD = 'Password123';
const OLD_PIN = '2468';
const ACTOR = { userId: null, proxyHostUserId: null };
const TAG = Math.random().toString(36).slice(2, 8);
let seq = 0;

let db: DB;
let riderId: number;
let email: string;

async function pinIs(pin: string): Promise<boolean> {
  const row = db
    .select({ pinHash: riders.pinHash })
    .from(riders)
    .where(eq(riders.id, riderId))
    .get();
  return (await verifyPin(pin, row?.pinHash ?? null)).ok;
}

beforeEach(async () => {
  db = testDb();
  email = `pin-${TAG}-${++seq}@riders.test`;
  riderId = (
    await createAccount(db, {
      role: 'rider',
      email,
      password: PASSWORD,
      firstName: 'P',
      lastName: 'In',
      emailVerified: true,
    })
  ).profileId;
  await setRiderPin(db, riderId, OLD_PIN, ACTOR);
});

describe('changing the PIN', () => {
  it('with the account password: the PIN changes and the rider is mailed', async () => {
    const before = mailsTo(email).length;
    expect(await changeRiderPin(db, riderId, { pin: '5831', currentSecret: PASSWORD }, ACTOR)).toBe(
      'ok',
    );
    expect(await pinIs('5831')).toBe(true);
    expect(mailsTo(email)).toHaveLength(before + 1);
  });

  it('with the current PIN instead of the password: the PIN changes and the rider is mailed', async () => {
    const before = mailsTo(email).length;
    expect(await changeRiderPin(db, riderId, { pin: '5831', currentSecret: OLD_PIN }, ACTOR)).toBe(
      'ok',
    );
    expect(await pinIs('5831')).toBe(true);
    expect(await pinIs(OLD_PIN)).toBe(false);
    expect(mailsTo(email)).toHaveLength(before + 1);
    // The old PIN no longer proves anything; the new one does.
    expect(await changeRiderPin(db, riderId, { pin: '7391', currentSecret: OLD_PIN }, ACTOR)).toBe(
      'wrongSecret',
    );
    expect(await changeRiderPin(db, riderId, { pin: '7391', currentSecret: '5831' }, ACTOR)).toBe(
      'ok',
    );
  });

  it('without a secret, or with a wrong password or PIN, nothing changes and nothing is mailed', async () => {
    const before = mailsTo(email).length;
    expect(await changeRiderPin(db, riderId, { pin: '5831' }, ACTOR)).toBe('wrongSecret');
    expect(
      await changeRiderPin(db, riderId, { pin: '5831', currentSecret: 'not-it-123' }, ACTOR),
    ).toBe('wrongSecret');
    expect(await changeRiderPin(db, riderId, { pin: '5831', currentSecret: '1111' }, ACTOR)).toBe(
      'wrongSecret',
    );
    expect(await pinIs(OLD_PIN)).toBe(true);
    expect(mailsTo(email)).toHaveLength(before);
  });
});

describe('PIN_CHANGE_LIMIT: 5 tries per rider per 15 minutes', () => {
  it('the rule is 5 tries in 15 minutes', () => {
    expect(PIN_CHANGE_LIMIT).toEqual({ count: 5, windowSeconds: 15 * 60 });
  });

  it('after 5 wrong tries even the right password or PIN is refused until the window passes', async () => {
    for (let i = 0; i < PIN_CHANGE_LIMIT.count; i++) {
      expect(
        await changeRiderPin(db, riderId, { pin: '5831', currentSecret: `000${i}` }, ACTOR),
      ).toBe('wrongSecret');
    }
    expect(await changeRiderPin(db, riderId, { pin: '5831', currentSecret: PASSWORD }, ACTOR)).toBe(
      'tooManyAttempts',
    );
    expect(await changeRiderPin(db, riderId, { pin: '5831', currentSecret: OLD_PIN }, ACTOR)).toBe(
      'tooManyAttempts',
    );
    expect(await pinIs(OLD_PIN)).toBe(true);
    // 15 minutes later the owner can change it again.
    const past = new Date(Date.now() - (PIN_CHANGE_LIMIT.windowSeconds + 1) * 1000).toISOString();
    db.update(rateLimits)
      .set({ windowStart: past })
      .where(eq(rateLimits.key, `pin-change:${riderId}`))
      .run();
    expect(await changeRiderPin(db, riderId, { pin: '5831', currentSecret: PASSWORD }, ACTOR)).toBe(
      'ok',
    );
  });

  it('a success after 4 wrong tries clears the count: 5 fresh tries follow', async () => {
    for (let i = 0; i < PIN_CHANGE_LIMIT.count - 1; i++) {
      await changeRiderPin(db, riderId, { pin: '5831', currentSecret: `000${i}` }, ACTOR);
    }
    expect(await changeRiderPin(db, riderId, { pin: '5831', currentSecret: OLD_PIN }, ACTOR)).toBe(
      'ok',
    );
    for (let i = 0; i < PIN_CHANGE_LIMIT.count; i++) {
      expect(
        await changeRiderPin(db, riderId, { pin: '6183', currentSecret: `111${i}` }, ACTOR),
      ).toBe('wrongSecret');
    }
  });

  it('the limit is per rider: another rider is not held', async () => {
    for (let i = 0; i <= PIN_CHANGE_LIMIT.count; i++)
      await changeRiderPin(db, riderId, { pin: '5831', currentSecret: `000${i}` }, ACTOR);
    const otherEmail = `pin-other-${TAG}-${++seq}@riders.test`;
    const other = (
      await createAccount(db, {
        role: 'rider',
        email: otherEmail,
        password: PASSWORD,
        firstName: 'O',
        lastName: 'T',
      })
    ).profileId;
    expect(await changeRiderPin(db, other, { pin: '5831', currentSecret: PASSWORD }, ACTOR)).toBe(
      'ok',
    );
  });
});

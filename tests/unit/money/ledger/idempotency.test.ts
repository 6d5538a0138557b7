/**
 * Exactly-once money writes: a one-time key stored with the change in the same
 * transaction; a repeat answers the first result and charges nothing; the same key with another
 * request is a conflict; a refused request stores nothing. Redemptions, refunds and payout-claim
 * batches.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { creditRedemptions, idempotencyKeys, ledgerEntries, payoutClaims } from '#db/schema';
import type { DB } from '~/db.server';
import { redeem, type RedeemInput } from '~/services/money/counter/redemptions.server';
import { refundRedemption } from '~/services/money/counter/redemption-refunds.server';
import { IDEMPOTENCY_KEY_DAYS } from '~/services/money/ledger/idempotency.server';
import { createPayoutClaims } from '~/services/money/payouts/payout-claims.server';
import { housekeeping } from '~/services/platform/housekeeping.server';
import { testDb } from '../../helpers/db';
import {
  awardSum,
  DAY,
  giveCredit,
  ledgerSum,
  makeAdminUser,
  makeDealer,
  makeRider,
} from '../counter-fixtures';
import { addAward, makeAdminActor, makeEvent, makePayablePro } from '../payouts-fixtures';

const NOW = new Date('2025-06-15T18:00:00.000Z');
let db: DB;
let riderId: number;
let dealer: ReturnType<typeof makeDealer>;

const input = (over: Partial<RedeemInput> = {}): RedeemInput => ({
  riderId,
  dealerId: dealer.dealer.id,
  amountCents: 1000,
  pin: '1234',
  employeeName: 'Sam Counter',
  idVerified: true,
  actor: dealer.actor,
  now: NOW,
  ...over,
});

beforeEach(() => {
  db = testDb();
  riderId = makeRider(db).rider.id;
  dealer = makeDealer(db);
  giveCredit(db, riderId, 5000, new Date(NOW.getTime() + 100 * DAY));
});

describe('redemption with a one-time key', () => {
  it('a repeat with the same key answers the first receipt and charges once', async () => {
    const first = await redeem(db, input({ idempotencyKey: 'form-token-0001' }));
    const again = await redeem(db, input({ idempotencyKey: 'form-token-0001' }));
    expect(first.ok && again.ok).toBe(true);
    if (!first.ok || !again.ok) return;
    expect(again.redemption.id).toBe(first.redemption.id);
    expect(again.replayed).toBe(true);
    expect(db.select().from(creditRedemptions).all()).toHaveLength(1);
    expect(awardSum(db, riderId)).toBe(4000);
    expect(ledgerSum(db, riderId)).toBe(4000);
  });

  it('two repeats at once (both past the PIN check) still make one redemption', async () => {
    const [a, b] = await Promise.all([
      redeem(db, input({ idempotencyKey: 'twin-key-0001' })),
      redeem(db, input({ idempotencyKey: 'twin-key-0001' })),
    ]);
    expect(a.ok && b.ok && a.redemption.id === b.redemption.id).toBe(true);
    expect(db.select().from(creditRedemptions).all()).toHaveLength(1);
  });

  it('the same key with another amount is a conflict and charges nothing', async () => {
    await redeem(db, input({ idempotencyKey: 'key-conflict-1' }));
    const other = await redeem(db, input({ idempotencyKey: 'key-conflict-1', amountCents: 2000 }));
    expect(other).toMatchObject({
      ok: false,
      conflict: true,
      error: 'security:idempotencyConflict',
    });
    expect(awardSum(db, riderId)).toBe(4000);
  });

  it('a refused attempt (wrong PIN) stores no key: the corrected retry goes through', async () => {
    const wrong = await redeem(db, input({ idempotencyKey: 'retry-key-001', pin: '9999' }));
    expect(wrong.ok).toBe(false);
    expect(db.select().from(idempotencyKeys).all()).toHaveLength(0);
    const right = await redeem(db, input({ idempotencyKey: 'retry-key-001' }));
    expect(right.ok).toBe(true);
  });

  it('keys belong to one user: another dealer user with the same key makes its own redemption', async () => {
    const other = makeDealer(db);
    await redeem(db, input({ idempotencyKey: 'shared-key-01' }));
    const theirs = await redeem(
      db,
      input({ idempotencyKey: 'shared-key-01', dealerId: other.dealer.id, actor: other.actor }),
    );
    expect(theirs.ok && !theirs.replayed).toBe(true);
    expect(db.select().from(creditRedemptions).all()).toHaveLength(2);
  });
});

describe('refund with a one-time key', () => {
  it('a repeat answers the first refund instead of "already refunded"; money restored once', async () => {
    const r = await redeem(db, input());
    if (!r.ok) throw new Error('redeem failed');
    const admin = makeAdminUser(db);
    const first = refundRedemption(db, r.redemption.id, admin.actor, 'typo', NOW, 'refund-key-01');
    const again = refundRedemption(db, r.redemption.id, admin.actor, 'typo', NOW, 'refund-key-01');
    expect(first.ok && again.ok && again.replayed).toBe(true);
    expect(awardSum(db, riderId)).toBe(5000);
    const refunds = db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'refund')).all();
    expect(refunds).toHaveLength(1);
    const without = refundRedemption(db, r.redemption.id, admin.actor, 'typo', NOW);
    expect(without.ok).toBe(false);
  });
});

describe('payout-claim batch with a one-time key', () => {
  it('a repeat with the same key (form token or Idempotency-Key) answers the first batch and creates nothing more', () => {
    const admin = makeAdminActor(db);
    const pro = makePayablePro(db, { country: 'US' });
    const ev = makeEvent(db, { date: '2025-03-01' });
    addAward(db, { riderId: pro.rider.id, kind: 'cash', cents: 50000, eventId: ev.id });
    const first = createPayoutClaims(db, admin, { idempotencyKey: 'batch-token-0001', now: NOW });
    expect(first.created).toHaveLength(1);
    // Cash earned after the first batch: a repeat must not sweep it into a second batch.
    const later = makePayablePro(db, { country: 'US' });
    addAward(db, { riderId: later.rider.id, kind: 'cash', cents: 20000, eventId: ev.id });
    const again = createPayoutClaims(db, admin, { idempotencyKey: 'batch-token-0001', now: NOW });
    expect(again).toEqual({ ...first, replayed: true });
    expect(db.select().from(payoutClaims).all()).toHaveLength(1);
    expect(db.select().from(idempotencyKeys).all()).toEqual([
      expect.objectContaining({
        scope: 'payout-claim',
        userId: admin.userId,
        key: 'batch-token-0001',
      }),
    ]);
    // A new key is a new batch: it takes the later cash only.
    const next = createPayoutClaims(db, admin, { idempotencyKey: 'batch-token-0002', now: NOW });
    expect(next.created.map((c) => c.riderId)).toEqual([later.rider.id]);
    expect(db.select().from(payoutClaims).all()).toHaveLength(2);
  });

  it('the same key with other riders is a conflict (PayoutError keyReused) and creates nothing', () => {
    const admin = makeAdminActor(db);
    const a = makePayablePro(db, { country: 'US' });
    const b = makePayablePro(db, { country: 'US' });
    const ev = makeEvent(db, { date: '2025-03-01' });
    addAward(db, { riderId: a.rider.id, kind: 'cash', cents: 10000, eventId: ev.id });
    addAward(db, { riderId: b.rider.id, kind: 'cash', cents: 10000, eventId: ev.id });
    createPayoutClaims(db, admin, {
      riderIds: [a.rider.id],
      idempotencyKey: 'batch-key-only-a',
      now: NOW,
    });
    expect(() =>
      createPayoutClaims(db, admin, {
        riderIds: [b.rider.id],
        idempotencyKey: 'batch-key-only-a',
        now: NOW,
      }),
    ).toThrow(expect.objectContaining({ key: 'keyReused' }));
    expect(
      db
        .select()
        .from(payoutClaims)
        .all()
        .map((c) => c.riderId),
    ).toEqual([a.rider.id]);
    // The same riders (an id repeated counts once) are the same request: the first batch again.
    expect(
      createPayoutClaims(db, admin, {
        riderIds: [a.rider.id, a.rider.id],
        idempotencyKey: 'batch-key-only-a',
        now: NOW,
      }).created,
    ).toHaveLength(1);
    expect(db.select().from(payoutClaims).all()).toHaveLength(1);
  });

  it('a preview (dry run) stores no key: the real batch with that key is made afterwards', () => {
    const admin = makeAdminActor(db);
    const pro = makePayablePro(db, { country: 'US' });
    addAward(db, {
      riderId: pro.rider.id,
      kind: 'cash',
      cents: 30000,
      eventId: makeEvent(db, { date: '2025-03-01' }).id,
    });
    createPayoutClaims(db, admin, { idempotencyKey: 'batch-preview-01', dryRun: true, now: NOW });
    expect(db.select().from(idempotencyKeys).all()).toHaveLength(0);
    expect(
      createPayoutClaims(db, admin, { idempotencyKey: 'batch-preview-01', now: NOW }).created,
    ).toHaveLength(1);
    expect(db.select().from(payoutClaims).all()).toHaveLength(1);
  });
});

describe('keys are kept for their replay window only', () => {
  it('the daily clean-up forgets keys older than IDEMPOTENCY_KEY_DAYS and keeps the recent ones', async () => {
    const first = await redeem(db, input({ idempotencyKey: 'old-key-0001' }));
    expect(first.ok).toBe(true);
    db.update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - (IDEMPOTENCY_KEY_DAYS + 1) * DAY).toISOString() })
      .run();
    const recent = await redeem(db, input({ idempotencyKey: 'new-key-0001', amountCents: 500 }));
    expect(recent.ok).toBe(true);
    expect(housekeeping(db).idempotencyKeys).toBe(1);
    expect(db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).all()).toEqual([
      { key: 'new-key-0001' },
    ]);
    // Within the window the repeat is still answered from the key: nothing charged twice.
    const again = await redeem(db, input({ idempotencyKey: 'new-key-0001', amountCents: 500 }));
    expect(
      again.ok && recent.ok && again.replayed && again.redemption.id === recent.redemption.id,
    ).toBe(true);
    expect(db.select().from(creditRedemptions).all()).toHaveLength(2);
  });
});

/**
 * A dealer voids its own mistaken redemption (docs/rules.md "Dealer credit"): within its void
 * window (until the dealer's midnight of that day, in its time zone), the credit returns to the
 * exact awards it was drawn from, once, with ledger rows, the dealer's reason and the rider's
 * notice; after the window, or for another dealer's redemption, nothing changes.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  awards,
  creditRedemptions,
  dealers,
  ledgerEntries,
  mailOutbox,
  redemptionAllocations,
  revokedRedemptions,
  users,
} from '#db/schema';
import { openDb, type DB } from '~/db.server';
import { DEALER_VOID_EXTRA_DAYS } from '~/lib/constants';
import { redeem } from '~/services/money/counter/redemptions.server';
import { refundRedemption } from '~/services/money/counter/redemption-refunds.server';
import {
  voidClosesAt,
  voidRedemption,
  type VoidInput,
} from '~/services/money/counter/redemption-voids.server';
import { listCreditRedemptions } from '~/services/money/counter/redemption-lists.server';
import { testDb, testDbFile } from '../../helpers/db';
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

// 11:00 in Los Angeles, 14:00 in New York.
const NOW = new Date('2025-06-15T18:00:00.000Z');
const opened: DB[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.$client.close();
});

/** A rider with two awards, a dealer, and a redemption of 3,000 cents drawn from both. */
async function setup(db: DB, lang: 'en' | 'fr' = 'en') {
  const { rider, user } = makeRider(db, { first: 'Rita' });
  db.update(users).set({ lang }).where(eq(users.id, user.id)).run();
  const dealer = makeDealer(db, { name: 'Moto Laval' });
  const soon = giveCredit(db, rider.id, 2000, new Date(NOW.getTime() + 30 * DAY));
  const later = giveCredit(db, rider.id, 5000, new Date(NOW.getTime() + 200 * DAY));
  const made = await redeem(db, {
    riderId: rider.id,
    dealerId: dealer.dealer.id,
    amountCents: 3000,
    pin: '1234',
    employeeName: 'Sam',
    idVerified: true,
    actor: dealer.actor,
    now: NOW,
  });
  if (!made.ok) throw new Error(made.error);
  const input: VoidInput = {
    redemptionId: made.redemption.id,
    dealerId: dealer.dealer.id,
    reason: 'Wrong amount typed',
    actor: dealer.actor,
    now: new Date(NOW.getTime() + 30 * MIN),
  };
  return { riderId: rider.id, email: user.email, dealer, soon, later, made, input };
}

const valueOf = (db: DB, id: number) =>
  db.select().from(awards).where(eq(awards.id, id)).get()!.currentCents;

describe('the void window', () => {
  it("the rule: until the dealer's midnight of the redemption's day, in the dealer's time zone", () => {
    expect(DEALER_VOID_EXTRA_DAYS).toBe(0);
    const at = NOW.toISOString();
    // No state: the program's zone (Los Angeles, UTC−7 in June).
    expect(voidClosesAt({ country: 'US', state: null }, at).toISOString()).toBe(
      '2025-06-16T07:00:00.000Z',
    );
    expect(voidClosesAt({ country: 'US', state: 'NY' }, at).toISOString()).toBe(
      '2025-06-16T04:00:00.000Z',
    );
    expect(voidClosesAt({ country: 'CA', state: 'QC' }, at).toISOString()).toBe(
      '2025-06-16T04:00:00.000Z',
    );
    // 23:30 in New York is still that day there (already the next day in UTC).
    expect(
      voidClosesAt({ country: 'US', state: 'NY' }, '2025-06-16T03:30:00.000Z').toISOString(),
    ).toBe('2025-06-16T04:00:00.000Z');
  });
});

describe('a dealer voids its own redemption', () => {
  let db: DB;
  beforeEach(() => {
    db = testDb();
  });

  it('returns the credit to the exact awards it came from, with ledger rows, the reason and the rider mailed', async () => {
    const { riderId, email, soon, later, made, input } = await setup(db, 'fr');
    expect(valueOf(db, soon.id)).toBe(0);
    expect(valueOf(db, later.id)).toBe(4000);
    const out = await voidRedemption(db, input);
    expect(out).toMatchObject({ ok: true, code: made.code });
    expect(valueOf(db, soon.id)).toBe(2000);
    expect(valueOf(db, later.id)).toBe(5000);
    const rows = db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.redemptionId, made.redemption.id))
      .all()
      .filter((r) => r.kind === 'void');
    expect(rows.map((r) => [r.awardId, r.amountCents]).sort()).toEqual(
      db
        .select()
        .from(redemptionAllocations)
        .where(eq(redemptionAllocations.redemptionId, made.redemption.id))
        .all()
        .map((a) => [a.awardId, a.amountCents])
        .sort(),
    );
    expect(ledgerSum(db, riderId)).toBe(awardSum(db, riderId));
    expect(db.select().from(revokedRedemptions).all()).toMatchObject([
      { redemptionId: made.redemption.id, kind: 'void', reason: 'Wrong amount typed' },
    ]);
    // A status, not deleted: the lists show it as voided.
    const listed = listCreditRedemptions(db, { riderId }).creditRedemptions;
    expect(listed).toMatchObject([{ status: 'revoked', voided: true }]);
    const mails = db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).all();
    expect(mails).toHaveLength(2); // the receipt, then the void's notice
    expect(mails[1]!.subject).toContain(made.code);
    expect(mails[1]!.text).toContain('Wrong amount typed');
    expect(mails[1]!.text).toContain('70,00\u00a0$\u00a0US'); // all the credit is back
  });

  it('refused after the window, for another dealer, without a reason, and once refunded', async () => {
    const { made, input, riderId } = await setup(db);
    const closes = voidClosesAt({ country: 'US', state: null }, made.redemption.createdAt);
    expect(await voidRedemption(db, { ...input, now: closes })).toMatchObject({
      ok: false,
      error: 'dealer:void.errors.windowClosed',
      closesAt: closes.toISOString(),
    });
    const other = makeDealer(db);
    expect(
      await voidRedemption(db, { ...input, dealerId: other.dealer.id, actor: other.actor }),
    ).toMatchObject({ ok: false, error: 'dealer:errors.redemptionNotFound' });
    expect(await voidRedemption(db, { ...input, reason: '   ' })).toMatchObject({
      ok: false,
      field: 'reason',
      error: 'dealer:void.errors.reasonRequired',
    });
    expect(db.select().from(revokedRedemptions).all()).toHaveLength(0);
    const admin = makeAdminUser(db);
    expect(refundRedemption(db, made.redemption.id, admin.actor, null, NOW).ok).toBe(true);
    expect(await voidRedemption(db, input)).toMatchObject({
      ok: false,
      error: 'dealer:void.errors.alreadyRevoked',
    });
    expect(ledgerSum(db, riderId)).toBe(awardSum(db, riderId));
  });

  it('a repeat with the same key answers the first void; the money comes back once', async () => {
    const { made, input, riderId } = await setup(db);
    const first = await voidRedemption(db, { ...input, idempotencyKey: 'void-key-0001' });
    const again = await voidRedemption(db, { ...input, idempotencyKey: 'void-key-0001' });
    expect(first.ok && again.ok && again.replayed).toBe(true);
    expect(
      db
        .select()
        .from(ledgerEntries)
        .where(
          and(eq(ledgerEntries.redemptionId, made.redemption.id), eq(ledgerEntries.kind, 'void')),
        )
        .all(),
    ).toHaveLength(2);
    expect(awardSum(db, riderId)).toBe(7000);
  });
});

describe('voids at once', () => {
  it('the rule: many voids of one redemption at once, over two connections, give the money back once', async () => {
    const file = testDbFile();
    const a = openDb(file);
    const b = openDb(file);
    opened.push(a, b);
    const { riderId, made, input, email, dealer } = await setup(a);
    // The dealer's address in New York: its window is New York's day.
    a.update(dealers).set({ state: 'NY' }).where(eq(dealers.id, dealer.dealer.id)).run();
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) => voidRedemption(i % 2 ? b : a, input)),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).map((o) => !o.ok && o.error)).toEqual(
      Array(7).fill('dealer:void.errors.alreadyRevoked'),
    );
    expect(a.select().from(revokedRedemptions).all()).toHaveLength(1);
    expect(
      a.select().from(creditRedemptions).where(eq(creditRedemptions.id, made.redemption.id)).get()
        ?.status,
    ).toBe('revoked');
    expect(awardSum(a, riderId)).toBe(7000);
    expect(ledgerSum(a, riderId)).toBe(awardSum(a, riderId));
    expect(a.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).all()).toHaveLength(
      2,
    );
  });
});

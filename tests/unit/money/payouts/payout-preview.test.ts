/** A payout batch can be previewed (`?dryRun=true`); the SENT mark is accepted as the spec writes it. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '~/db.server';
import { payoutClaims } from '#db/schema';
import { claimStatusSchema } from '~/lib/schemas/payouts';
import type { Actor } from '~/services/platform/audit.server';
import { createPayoutClaims } from '~/services/money/payouts/payout-claims.server';
import { testDb } from '../../helpers/db';
import { addAward, getAward, makeAdminActor, makeEvent, makePayablePro } from '../payouts-fixtures';

let db: DB;
let admin: Actor;
beforeEach(() => {
  db = testDb();
  admin = makeAdminActor(db);
});

describe('payout claims dry run', () => {
  it('previews the batch the real call then creates, and changes nothing', () => {
    const pro = makePayablePro(db, { country: 'US' });
    const ev = makeEvent(db, { date: '2025-03-01' });
    const award = addAward(db, {
      riderId: pro.rider.id,
      kind: 'cash',
      cents: 50000,
      eventId: ev.id,
    });
    const preview = createPayoutClaims(db, admin, { dryRun: true });
    expect(preview.created).toHaveLength(1);
    expect(preview.created[0]).toMatchObject({
      riderId: pro.rider.id,
      grossCents: 50000,
      status: 'pending',
    });
    expect(db.select().from(payoutClaims).all()).toEqual([]);
    expect(getAward(db, award.id)?.payoutClaimId).toBeNull();
    const real = createPayoutClaims(db, admin);
    expect(real.created.map((c) => [c.riderId, c.grossCents])).toEqual(
      preview.created.map((c) => [c.riderId, c.grossCents]),
    );
    expect(db.select().from(payoutClaims).all()).toHaveLength(1);
  });
});

describe('claim status words', () => {
  it('accepts SENT and its undo in any case', () => {
    expect(claimStatusSchema.parse({ status: 'SENT' }).status).toBe('sent');
    expect(claimStatusSchema.parse({ status: 'Sent' }).status).toBe('sent');
    expect(claimStatusSchema.parse({ status: 'PENDING' }).status).toBe('pending');
    expect(claimStatusSchema.parse({ status: 'UNSENT' }).status).toBe('pending');
    expect(claimStatusSchema.safeParse({ status: 'PAID' }).success).toBe(false);
  });
});

/**
 * A results upload stores every parsed field of every row, links riders and decides
 * awards in the same transaction, and a re-upload carries a rider's hand-made link and bonus over
 * to the new row for the same rider in the same class (the rows are written through one statement
 * prepared once).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DB } from '~/db.server';
import { results } from '#db/schema';
import type { Actor } from '~/services/platform/audit.server';
import { applyResultsUpload } from '~/services/events/results-import/results-upload.server';
import type { ParsedResult } from '~/services/events/results-import/results-parser.server';
import { testDb } from '../../helpers/db';
import { makeAdmin, makeClass, makeEvent, makeRider } from '../../money/factory';

const NOW = new Date('2026-06-10T18:00:00Z');

const row = (n: number, over: Partial<ParsedResult>): ParsedResult => ({
  row: n + 1,
  className: null,
  place: n,
  resultType: 'finish',
  riderName: `Nobody ${n}`,
  amaNumber: null,
  email: null,
  make: 'KTM',
  model: '450 SX-F',
  hometown: null,
  ...over,
});

describe('results upload', () => {
  it('stores every field, links by AMA number, decides, and carries a hand-made link and bonus over', () => {
    const db: DB = testDb();
    const admin: Actor = makeAdmin(db).actor;
    const ev = makeEvent(db, { date: '2026-05-02' });
    const cls = makeClass(db, ev.id, { amounts: [30000, 20000, 10000] });
    const byAma = makeRider(db, { ama: '123456' });
    const byHand = makeRider(db, { ama: null });
    const parsed = [
      row(1, {
        riderName: 'Ann Ama',
        amaNumber: '123456',
        email: 'ann@example.test',
        hometown: 'Barre, VT',
      }),
      row(2, { riderName: 'Hand Made', make: 'Honda', model: 'CRF450R' }),
      ...[3, 4, 5, 6].map((n) => row(n, {})),
      row(7, { resultType: 'DQ', place: null }),
    ];
    expect(applyResultsUpload(db, ev.id, parsed, { classId: cls.id }, admin, NOW).ok).toBe(true);
    const stored = () =>
      db.select().from(results).where(eq(results.eventId, ev.id)).orderBy(results.id).all();
    const first = stored();
    expect(first).toHaveLength(7);
    expect(first[0]).toMatchObject({
      classId: cls.id,
      place: 1,
      resultType: 'finish',
      riderName: 'Ann Ama',
      amaNumber: '123456',
      email: 'ann@example.test',
      make: 'KTM',
      model: '450 SX-F',
      hometown: 'Barre, VT',
      riderId: byAma.rider.id,
      payoutCents: 30000,
      noPayoutReason: null,
      bonusCents: 0,
    });
    expect(first[1]).toMatchObject({
      riderName: 'Hand Made',
      make: 'Honda',
      model: 'CRF450R',
      riderId: null,
    });
    expect(first[6]).toMatchObject({
      place: null,
      resultType: 'DQ',
      noPayoutReason: 'notClassified',
    });

    // An admin links the second row by hand and gives it a bonus; the re-upload keeps both.
    db.update(results)
      .set({ riderId: byHand.rider.id, bonusCents: 5000, bonusNote: 'Holeshot' })
      .where(eq(results.id, first[1]!.id))
      .run();
    expect(applyResultsUpload(db, ev.id, parsed, { classId: cls.id }, admin, NOW).ok).toBe(true);
    const second = stored();
    expect(second).toHaveLength(7);
    expect(second.every((r) => r.id > first[6]!.id)).toBe(true); // replaced, not kept
    expect(second[1]).toMatchObject({
      riderId: byHand.rider.id,
      bonusCents: 5000,
      bonusNote: 'Holeshot',
    });
    expect(second[0]).toMatchObject({ riderId: byAma.rider.id, payoutCents: 30000 });
    expect(second[2]).toMatchObject({ riderId: null, bonusCents: 0, bonusNote: null });
  });
});

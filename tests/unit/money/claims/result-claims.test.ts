/**
 * Result claims: a rider claims a paying result that is not theirs, naming their
 * bike; approval links it, clears that rider's "not this rider" mark, refuses the other pending
 * claims and recomputes — the award appears; a refusal keeps its reason; approval that would take
 * back spent money is refused whole.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '~/db.server';
import { awards, bikes, resultClaims, resultExclusions } from '#db/schema';
import type { Actor } from '~/services/platform/audit.server';
import { recomputeEventAwards } from '~/services/money/awards/awards.server';
import { removeRiderRaces } from '~/services/money/awards/remove-races.server';
import { createClaim, decideClaim, listClaims } from '~/services/money/claims/result-claims.server';
import { testDb } from '../../helpers/db';
import { spendCredit } from '../counter-fixtures';
import {
  addResult,
  fillClass,
  makeAdmin,
  makeClass,
  makeEvent,
  makePromoter,
  makeRider,
  resultRow,
} from '../factory';

let db: DB;
let admin: Actor;
const NOW = new Date('2026-06-10T18:00:00Z');
beforeEach(() => {
  db = testDb();
  admin = makeAdmin(db).actor;
});

function bikeOf(riderId: number) {
  return db.select().from(bikes).where(eq(bikes.riderId, riderId)).get()!.id;
}
/** `riderId` claims `resultId` on their own bike (on `bikeOwner`'s when given). */
function claimAs(
  resultId: number,
  riderId: number,
  actor: Actor,
  opts: { note?: string; bikeOwner?: number } = {},
) {
  return createClaim(
    db,
    { resultId, riderId, bikeId: bikeOf(opts.bikeOwner ?? riderId), note: opts.note ?? null },
    actor,
  );
}
function liveAwards(riderId: number) {
  return db
    .select()
    .from(awards)
    .where(and(eq(awards.riderId, riderId), sql`${awards.status} <> 'reversed'`))
    .all();
}

function setup() {
  const ev = makeEvent(db, { date: '2026-05-02' });
  const cls = makeClass(db, ev.id, { amounts: [30000, 20000, 10000] });
  const field = fillClass(db, ev.id, cls.id, 5);
  const unmatched = addResult(db, ev.id, cls.id, { place: 6, riderName: 'J. Smiht' });
  // place 6 pays nothing; make the unmatched rider 3rd instead
  db.run(sql`UPDATE results SET place = 6 WHERE id = ${field[2]!.result.id}`);
  db.run(sql`UPDATE results SET place = 3 WHERE id = ${unmatched.id}`);
  expect(recomputeEventAwards(db, ev.id, admin, NOW).ok).toBe(true);
  const claimant = makeRider(db, { first: 'John', last: 'Smith' });
  return { ev, cls, field, unmatched, claimant };
}

describe('result claims', () => {
  it('claim → approve: the result is linked with the bike and the award appears', () => {
    const { unmatched, claimant } = setup();
    const actor = { userId: claimant.user.id, proxyHostUserId: null };
    expect(resultRow(db, unmatched.id).noPayoutReason).toBe('unlinked');
    const made = claimAs(unmatched.id, claimant.rider.id, actor, { note: 'plate 12' });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    expect(claimAs(unmatched.id, claimant.rider.id, actor)).toEqual({
      ok: false,
      error: 'alreadyClaimed',
    });
    const out = decideClaim(
      db,
      made.claimId,
      { role: 'admin' },
      { decision: 'approve' },
      admin,
      NOW,
    );
    expect(out).toMatchObject({ ok: true, claim: { status: 'approved' }, previousRiderId: null });
    expect(resultRow(db, unmatched.id)).toMatchObject({
      riderId: claimant.rider.id,
      bikeId: bikeOf(claimant.rider.id),
      payoutCents: 10000,
    });
    expect(liveAwards(claimant.rider.id)).toHaveLength(1);
    expect(
      decideClaim(db, made.claimId, { role: 'admin' }, { decision: 'approve' }, admin, NOW),
    ).toEqual({ ok: false, error: 'decided' });
  });

  it('refuses a claim on a result that pays nothing, someone else’s bike, and one’s own result', () => {
    const { field, unmatched, claimant } = setup();
    const actor = { userId: claimant.user.id, proxyHostUserId: null };
    expect(claimAs(field[2]!.result.id, claimant.rider.id, actor)).toEqual({
      ok: false,
      error: 'notPaying',
    });
    expect(
      claimAs(unmatched.id, claimant.rider.id, actor, { bikeOwner: field[0]!.rider.id }),
    ).toEqual({ ok: false, error: 'bikeNotYours' });
    expect(claimAs(field[0]!.result.id, field[0]!.rider.id, actor)).toEqual({
      ok: false,
      error: 'alreadyYours',
    });
  });

  it('a promoter decides only the claims on their own events; a refusal keeps its reason', () => {
    const { unmatched, claimant } = setup();
    const other = makePromoter(db, 'Other Promo');
    const made = claimAs(unmatched.id, claimant.rider.id, admin);
    if (!made.ok) throw new Error('claim');
    expect(
      decideClaim(
        db,
        made.claimId,
        { role: 'promoter', promoterId: other.promoter.id },
        { decision: 'approve' },
        other.actor,
        NOW,
      ),
    ).toEqual({ ok: false, error: 'notFound' });
    const out = decideClaim(
      db,
      made.claimId,
      { role: 'admin' },
      { decision: 'refuse', reason: 'Transponder says otherwise' },
      admin,
      NOW,
    );
    expect(out).toMatchObject({
      ok: true,
      claim: { status: 'refused', reason: 'Transponder says otherwise' },
    });
    expect(resultRow(db, unmatched.id).riderId).toBeNull();
  });

  it('a promoter lists only the claims on their own events; the admin lists all', () => {
    const mine = makePromoter(db, 'Mine Promo');
    const other = makePromoter(db, 'Other Promo');
    const { ev, unmatched, claimant } = setup();
    db.run(sql`UPDATE events SET promoter_id = ${mine.promoter.id} WHERE id = ${ev.id}`);
    const made = claimAs(unmatched.id, claimant.rider.id, admin);
    if (!made.ok) throw new Error('claim');
    expect(
      listClaims(db, { role: 'promoter', promoterId: mine.promoter.id }).map((c) => c.id),
    ).toEqual([made.claimId]);
    expect(listClaims(db, { role: 'promoter', promoterId: other.promoter.id })).toEqual([]);
    expect(listClaims(db, { role: 'admin' }).map((c) => c.id)).toEqual([made.claimId]);
    const out = decideClaim(
      db,
      made.claimId,
      { role: 'promoter', promoterId: mine.promoter.id },
      { decision: 'refuse', reason: 'Wrong plate' },
      mine.actor,
      NOW,
    );
    expect(out).toMatchObject({ ok: true, claim: { status: 'refused', reason: 'Wrong plate' } });
  });

  it('approval clears the claimant’s own "not this rider" mark and moves a result from another rider', () => {
    const { field, claimant } = setup();
    const winner = field[0]!;
    expect(removeRiderRaces(db, winner.rider.id, 'all', admin, NOW).ok).toBe(true);
    // The removed rider claims it back (the admin was wrong); the mark goes with approval.
    const made = claimAs(winner.result.id, winner.rider.id, admin);
    if (!made.ok) throw new Error('claim');
    expect(
      decideClaim(db, made.claimId, { role: 'admin' }, { decision: 'approve' }, admin, NOW).ok,
    ).toBe(true);
    expect(db.select().from(resultExclusions).all()).toHaveLength(0);
    expect(liveAwards(winner.rider.id)).toHaveLength(1);
    // Another rider claims it: approval moves it (the award was untouched).
    const second = claimAs(winner.result.id, claimant.rider.id, admin);
    if (!second.ok) throw new Error('claim');
    expect(
      decideClaim(db, second.claimId, { role: 'admin' }, { decision: 'approve' }, admin, NOW),
    ).toMatchObject({ ok: true, previousRiderId: winner.rider.id });
    expect(liveAwards(winner.rider.id)).toHaveLength(0);
    expect(liveAwards(claimant.rider.id)).toHaveLength(1);
  });

  it('approval that would take back spent credit is refused whole', async () => {
    const { field, claimant } = setup();
    const winner = field[0]!;
    await spendCredit(db, winner.rider.id, 500, NOW);
    const made = claimAs(winner.result.id, claimant.rider.id, admin);
    if (!made.ok) throw new Error('claim');
    const out = decideClaim(
      db,
      made.claimId,
      { role: 'admin' },
      { decision: 'approve' },
      admin,
      NOW,
    );
    expect(out).toMatchObject({ ok: false, error: 'conflicts' });
    expect(resultRow(db, winner.result.id).riderId).toBe(winner.rider.id);
    expect(
      db.select().from(resultClaims).where(eq(resultClaims.id, made.claimId)).get()!.status,
    ).toBe('pending');
  });
});

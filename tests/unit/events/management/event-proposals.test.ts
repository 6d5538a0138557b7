/**
 * Promoters' events: a new one is a proposal until an admin approves it; results wait for the
 * approval; the decision is mailed; a promoter's place payout is held to the program's limit.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { classPlaces, eventClasses, events } from '#db/schema';
import { eventDetailsSchema } from '~/lib/schemas/event-admin';
import { eventSearchSchema } from '~/lib/schemas/public';
import { proposeEvent, savePromoterEvent } from '~/services/events/management/event-admin.server';
import { applyClassUpload, saveClass } from '~/services/events/management/class-changes.server';
import { decideEvent, proposedEvents } from '~/services/events/management/event-proposals.server';
import type { ParsedResult } from '~/services/events/results-import/results-parser.server';
import { applyResultsUpload } from '~/services/events/results-import/results-upload.server';
import { listEvents } from '~/services/events/catalog/public-event-list.server';
import { currentMoneyLimits } from '~/services/money/ledger/money-limits.server';
import { testDb } from '../../helpers/db';
import { mailsTo } from '../../helpers/outbox';
import { makeAdmin, makeClass, makeEvent, makePromoter } from '../../money/factory';

const details = eventDetailsSchema.parse({
  intent: 'createEvent',
  title: 'Desert Dash',
  date: '2099-05-02',
  country: 'US',
  currency: 'USD',
});

function proposal() {
  const db = testDb();
  const p = makePromoter(db);
  const earlier = makeEvent(db, { promoterId: p.promoter.id, title: 'Last year' });
  makeClass(db, earlier.id, { name: 'Pro 450', payoutType: 'cash', amounts: [50000, 25000] });
  const made = proposeEvent(db, details, p.actor, {
    promoterId: p.promoter.id,
    copyClassesFrom: earlier.id,
  });
  if (!made.ok) throw new Error('the proposal was refused');
  return { db, p, id: made.id };
}

const oneResult: ParsedResult[] = [
  {
    row: 2,
    className: 'Pro 450',
    place: 1,
    riderName: 'Ann Rider',
    resultType: 'finish',
    amaNumber: null,
    email: null,
    make: null,
    model: null,
    hometown: null,
  },
];

describe("promoters' events", () => {
  it('a new event is proposed, with the classes and payouts of the event it copies', () => {
    const { db, id, p } = proposal();
    const e = db.select().from(events).where(eq(events.id, id)).get();
    expect(e).toMatchObject({ approval: 'proposed', promoterId: p.promoter.id, categoryId: null });
    const cls = db.select().from(eventClasses).where(eq(eventClasses.eventId, id)).all();
    expect(cls.map((c) => c.name)).toEqual(['Pro 450']);
    const places = db.select().from(classPlaces).where(eq(classPlaces.classId, cls[0].id)).all();
    expect(places.map((x) => [x.place, x.amountCents]).sort()).toEqual([
      [1, 50000],
      [2, 25000],
    ]);
    expect(proposedEvents(db).map((x) => x.id)).toEqual([id]);
    expect(listEvents(db, eventSearchSchema.parse({})).events).toEqual([]);
  });

  it('results are refused until an admin approves the event', async () => {
    const { db, id } = proposal();
    const admin = makeAdmin(db);
    const before = applyResultsUpload(db, id, oneResult, 'all', admin.actor);
    expect(before).toMatchObject({ ok: false, error: 'notApproved' });
    expect(await decideEvent(db, id, { approve: true }, admin.actor)).toBe('ok');
    expect(applyResultsUpload(db, id, oneResult, 'all', admin.actor).ok).toBe(true);
    expect(await decideEvent(db, id, { approve: false, reason: 'late' }, admin.actor)).toBe(
      'notProposed',
    );
  });

  it('a refusal keeps its reason and mails it to the promoter', async () => {
    const { db, id, p } = proposal();
    const admin = makeAdmin(db);
    const reason = 'The venue is not sanctioned.';
    expect(await decideEvent(db, id, { approve: false, reason }, admin.actor)).toBe('ok');
    const e = db.select().from(events).where(eq(events.id, id)).get();
    expect(e).toMatchObject({ approval: 'refused', approvalReason: reason });
    const mail = mailsTo(p.user.email).at(-1);
    expect(mail?.subject).toContain('Desert Dash');
    expect(mail?.text).toContain(reason);
  });

  it("a promoter's place payout above the program's limit is refused, form and file alike", () => {
    const { db, id, p } = proposal();
    const limit = currentMoneyLimits(db).promoterPlaceCents;
    const input = {
      name: 'Pro 250',
      payoutType: 'cash' as const,
      currency: 'USD' as const,
      places: [
        { place: 1, amountCents: limit + 1 },
        { place: 2, amountCents: limit },
      ],
    };
    expect(saveClass(db, id, input, p.actor)).toEqual({
      ok: false,
      error: 'aboveLimit',
      limitCents: limit,
      places: [1],
    });
    const file = [
      {
        row: 2,
        name: 'Pro 250',
        payoutType: 'cash' as const,
        currency: null,
        places: input.places,
      },
    ];
    const upload = applyClassUpload(db, id, file, p.actor);
    expect(upload).toMatchObject({ ok: false, error: 'problems' });
    expect(!upload.ok && upload.problems?.[0]).toMatchObject({ code: 'aboveLimit', column: '1' });
    // An admin enters the program's own amounts.
    expect(saveClass(db, id, input, makeAdmin(db).actor).ok).toBe(true);
    // Within the limit, a promoter changes the class without a file.
    const cls = db.select().from(eventClasses).where(eq(eventClasses.name, 'Pro 250')).get();
    const edit = { ...input, classId: cls?.id, places: [{ place: 1, amountCents: 100 }] };
    expect(saveClass(db, id, edit, p.actor).ok).toBe(true);
    const places = db.select().from(classPlaces).where(eq(classPlaces.classId, cls!.id)).all();
    expect(places.map((x) => [x.place, x.amountCents])).toEqual([[1, 100]]);
  });

  it("copying an earlier event's payouts holds them to the per-place limit: refused, naming class and place", () => {
    const db = testDb();
    const p = makePromoter(db);
    const limit = currentMoneyLimits(db).promoterPlaceCents;
    // An admin set the earlier event's payouts (or the limit was lowered since).
    const earlier = makeEvent(db, { promoterId: p.promoter.id, title: 'Last year' });
    makeClass(db, earlier.id, { name: 'Pro 450', payoutType: 'cash', amounts: [limit + 1, limit] });
    makeClass(db, earlier.id, { name: 'Vet', payoutType: 'cash', amounts: [100, 100, limit + 5] });
    makeClass(db, earlier.id, { name: 'Mini', payoutType: 'dealerCredit', amounts: [100] });
    const before = db.select().from(events).all().length;
    const made = proposeEvent(db, details, p.actor, {
      promoterId: p.promoter.id,
      copyClassesFrom: earlier.id,
    });
    expect(made).toEqual({
      ok: false,
      error: 'aboveLimit',
      limitCents: limit,
      over: [
        { className: 'Pro 450', places: [1] },
        { className: 'Vet', places: [3] },
      ],
    });
    // Nothing was created: the promoter fixes the choice and submits again.
    expect(db.select().from(events).all()).toHaveLength(before);
  });
});

describe("a promoter edits their event's details", () => {
  const edit = (over: Partial<typeof details>) => ({ ...details, ...over });
  const row = (db: ReturnType<typeof testDb>, id: number) =>
    db.select().from(events).where(eq(events.id, id)).get();

  it('freely while proposed; a refused event edited is proposed again, its reason cleared', async () => {
    const { db, id, p } = proposal();
    expect(savePromoterEvent(db, id, edit({ date: '2099-06-01' }), p.actor)).toEqual({
      ok: true,
      reproposed: false,
    });
    expect(row(db, id)).toMatchObject({ date: '2099-06-01', approval: 'proposed' });
    await decideEvent(db, id, { approve: false, reason: 'Wrong venue' }, makeAdmin(db).actor);
    expect(savePromoterEvent(db, id, edit({ venue: 'Glen Helen' }), p.actor)).toEqual({
      ok: true,
      reproposed: true,
    });
    expect(row(db, id)).toMatchObject({
      venue: 'Glen Helen',
      approval: 'proposed',
      approvalReason: null,
    });
    expect(proposedEvents(db).map((x) => x.id)).toEqual([id]);
  });

  it('after approval, the address stays approved; the date goes back for approval', async () => {
    const { db, id, p } = proposal();
    await decideEvent(db, id, { approve: true }, makeAdmin(db).actor);
    expect(savePromoterEvent(db, id, edit({ city: 'Ocala', venue: 'Gator' }), p.actor)).toEqual({
      ok: true,
      reproposed: false,
    });
    expect(row(db, id)).toMatchObject({ city: 'Ocala', approval: 'approved' });
    expect(savePromoterEvent(db, id, edit({ date: '2099-07-04' }), p.actor)).toEqual({
      ok: true,
      reproposed: true,
    });
    expect(row(db, id)).toMatchObject({ date: '2099-07-04', approval: 'proposed' });
  });

  it('once results are in, a change that decides eligibility is refused (an admin makes it)', async () => {
    const { db, id, p } = proposal();
    const admin = makeAdmin(db);
    await decideEvent(db, id, { approve: true }, admin.actor);
    expect(applyResultsUpload(db, id, oneResult, 'all', admin.actor).ok).toBe(true);
    expect(savePromoterEvent(db, id, edit({ currency: 'CAD', country: 'CA' }), p.actor)).toEqual({
      ok: false,
      reason: 'resultsIn',
      fields: ['country', 'currency'],
    });
    expect(row(db, id)).toMatchObject({ currency: 'USD', approval: 'approved' });
    // The admin's program and cancellation are kept whatever the promoter posts.
    const posted = edit({ title: 'Desert Dash II', cancelled: true, categoryId: 9 });
    expect(savePromoterEvent(db, id, posted, p.actor).ok).toBe(true);
    expect(row(db, id)).toMatchObject({
      title: 'Desert Dash II',
      cancelled: false,
      categoryId: null,
    });
  });
});

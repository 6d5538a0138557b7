/** Event administration: cancelling recomputes awards (refused when money is spent), duplicate, delete. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { awards, classPlaces, eventClasses, events } from '#db/schema';
import { eventDetailsSchema } from '~/lib/schemas/event-admin';
import { recomputeEventAwards } from '~/services/money/awards/awards.server';
import {
  deleteEvent,
  duplicateEvent,
  updateEvent,
} from '~/services/events/management/event-admin.server';
import { testDb } from '../../helpers/db';
import { fillClass, makeClass, makeEvent } from '../../money/factory';

const actor = { userId: null, proxyHostUserId: null };

function paidEvent() {
  const db = testDb();
  const ev = makeEvent(db, { title: 'Spring Scramble', date: '2026-04-04' });
  const cls = makeClass(db, ev.id, { name: '450 B', amounts: [30000, 20000, 10000] });
  fillClass(db, ev.id, cls.id, 6);
  expect(recomputeEventAwards(db, ev.id, actor, new Date('2026-04-10T00:00:00Z')).ok).toBe(true);
  return { db, ev };
}

const details = (over: Record<string, unknown>) =>
  eventDetailsSchema.parse({
    intent: 'saveEvent',
    title: 'Spring Scramble',
    date: '2026-04-04',
    country: 'US',
    currency: 'USD',
    ...over,
  });

describe('event administration', () => {
  it('cancelling an event takes back its untouched awards (ledger reversals)', () => {
    const { db, ev } = paidEvent();
    expect(updateEvent(db, ev.id, details({ cancelled: 'on' }), actor)).toEqual({ ok: true });
    const live = db
      .select()
      .from(awards)
      .where(eq(awards.eventId, ev.id))
      .all()
      .filter((a) => a.currentCents > 0);
    expect(live).toEqual([]);
  });

  it('cancelling is refused whole when an award was already spent', () => {
    const { db, ev } = paidEvent();
    const first = db.select().from(awards).where(eq(awards.eventId, ev.id)).all()[0];
    db.update(awards)
      .set({ spentCents: 100, currentCents: first.currentCents - 100 })
      .where(eq(awards.id, first.id))
      .run();
    const r = updateEvent(db, ev.id, details({ cancelled: 'on', title: 'Renamed' }), actor);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason === 'conflicts' && r.conflicts.length).toBeGreaterThan(0);
    const after = db.select().from(events).where(eq(events.id, ev.id)).get();
    expect(after?.cancelled).toBe(false);
    expect(after?.title).toBe('Spring Scramble');
  });

  it('duplicating copies the classes and place amounts, not the results', () => {
    const { db, ev } = paidEvent();
    const copy = duplicateEvent(db, ev.id, actor, (t) => `Copy of ${t}`)!;
    expect(db.select().from(events).where(eq(events.id, copy)).get()?.title).toBe(
      'Copy of Spring Scramble',
    );
    const classes = db.select().from(eventClasses).where(eq(eventClasses.eventId, copy)).all();
    expect(classes.map((c) => c.name)).toEqual(['450 B']);
    const places = db
      .select()
      .from(classPlaces)
      .where(eq(classPlaces.classId, classes[0].id))
      .all();
    expect(places.map((p) => p.amountCents).sort((a, b) => b - a)).toEqual([30000, 20000, 10000]);
    expect(db.select().from(awards).where(eq(awards.eventId, copy)).all()).toEqual([]);
  });

  it('an event with awards cannot be deleted; one without can', () => {
    const { db, ev } = paidEvent();
    expect(deleteEvent(db, ev.id, actor)).toBe('hasAwards');
    const empty = makeEvent(db, { title: 'Empty' });
    expect(deleteEvent(db, empty.id, actor)).toBe('ok');
    expect(deleteEvent(db, empty.id, actor)).toBe('notFound');
  });
});

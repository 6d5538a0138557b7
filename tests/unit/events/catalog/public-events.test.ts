import { beforeAll, describe, expect, it } from 'vitest';
import {
  categories,
  classPlaces,
  eventClasses,
  events,
  promoters,
  results,
  series,
} from '#db/schema';
import type { DB } from '~/db.server';
import { eventSearchSchema, seriesSearchSchema } from '~/lib/schemas/public';
import { contingencyAggregate } from '~/services/reports/aggregates.server';
import {
  eventsAround,
  eventsAroundJson,
  listEvents,
  listEventsJson,
  scheduleCountryChoices,
} from '~/services/events/catalog/public-event-list.server';
import { getCategory, listCategories } from '~/services/events/catalog/public-categories.server';
import { getPublicEvent } from '~/services/events/catalog/public-event-detail.server';
import { getPublicSeries, listSeries } from '~/services/events/catalog/public-series.server';
import { listPromoters } from '~/services/events/catalog/public-promoters.server';
import { testDb } from '../../helpers/db';

const TODAY = '2026-06-15';
let db: DB;
const ids: Record<string, number> = {};

/** Adds an event with classes: each class [name, payoutType, currency, amounts in cents by place]. */
function addEvent(
  values: Partial<typeof events.$inferInsert> & { title: string; date: string },
  classes: [string, 'cash' | 'dealerCredit' | 'noPayout', 'USD' | 'CAD', number[]][] = [],
): number {
  const e = db.insert(events).values(values).returning({ id: events.id }).get();
  classes.forEach(([name, payoutType, currency, amounts], i) => {
    const c = db
      .insert(eventClasses)
      .values({ eventId: e.id, name, payoutType, currency, sortOrder: i })
      .returning({ id: eventClasses.id })
      .get();
    amounts.forEach((amountCents, p) =>
      db
        .insert(classPlaces)
        .values({ classId: c.id, place: p + 1, amountCents })
        .run(),
    );
  });
  return e.id;
}

const q = (o: Record<string, string> = {}) => eventSearchSchema.parse(o);

beforeAll(() => {
  db = testDb();
  const cat = db
    .insert(categories)
    .values({ name: 'SuperTwin', active: true })
    .returning({ id: categories.id })
    .get();
  db.insert(categories).values({ name: 'Old program', active: false }).run();
  const promoter = db
    .insert(promoters)
    .values({ name: 'Dirt Days Inc', phone: '(555) 123-4567' })
    .returning({ id: promoters.id })
    .get();
  db.insert(promoters).values({ name: 'Track Masters', phone: '555.987.6543' }).run();
  const s = db
    .insert(series)
    .values({
      name: 'Golden State Flat Track',
      state: 'CA',
      city: 'Sacramento',
      zipcode: '95814',
      categoryId: cat.id,
      promoterId: promoter.id,
    })
    .returning({ id: series.id })
    .get();
  ids.oldSeries = db
    .insert(series)
    .values({ name: 'Old Series', state: 'TX', firstDate: '2025-03-01', lastDate: '2025-09-01' })
    .returning({ id: series.id })
    .get().id;
  ids.series = s.id;
  ids.sacramento = addEvent(
    {
      title: 'Sacramento Mile',
      date: '2026-07-04',
      startTime: '19:30',
      state: 'CA',
      city: 'Sacramento',
      zipcode: '95814',
      seriesId: s.id,
      categoryId: cat.id,
      promoterId: promoter.id,
      venueWebsite: 'calexpo.example',
      notes: 'Gates 5 pm',
      bonuses: 'Holeshot $100',
    },
    [
      ['Pro Twins', 'cash', 'USD', [100000, 50000, 25000]],
      ['Amateur Open', 'dealerCredit', 'USD', [20000, 10000]],
      ['Vintage', 'noPayout', 'USD', [99999]],
    ],
  );
  ids.cancelled = addEvent(
    {
      title: 'Ventura Short Track',
      date: '2026-07-10',
      state: 'CA',
      city: 'Ventura',
      zipcode: '93001',
      cancelled: true,
      seriesId: s.id,
    },
    [['Pro', 'cash', 'USD', [50000]]],
  );
  ids.toronto = addEvent(
    {
      title: 'Toronto Supercross',
      date: '2026-08-01',
      state: 'ON',
      city: 'Toronto',
      zipcode: 'M5V 3L9',
      country: 'CA',
      currency: 'CAD',
    },
    [['Pro 450', 'cash', 'CAD', [300000]]],
  );
  ids.far = addEvent(
    { title: 'Next Year Opener', date: '2027-09-01', state: 'AZ', city: 'Phoenix' },
    [['Pro', 'cash', 'USD', [777]]],
  );
  for (let i = 1; i <= 7; i++) {
    ids[`past${i}`] = addEvent(
      {
        title: `Past Race ${i}`,
        date: `2026-0${Math.min(i, 5)}-0${i}`,
        state: 'TX',
        city: 'Austin',
      },
      [['Am', 'dealerCredit', 'USD', [1000 * i]]],
    );
  }
  db.insert(results)
    .values([
      {
        eventId: ids.sacramento,
        classId: db
          .select()
          .from(eventClasses)
          .all()
          .find((c) => c.name === 'Pro Twins')!.id,
        place: 1,
        riderName: 'Ada Fast',
        make: 'KTM',
        model: '890 Duke',
        hometown: 'Reno, NV',
        payoutCents: 100000,
        amaNumber: '123',
        email: 'ada@example.com',
      },
      {
        eventId: ids.sacramento,
        classId: db
          .select()
          .from(eventClasses)
          .all()
          .find((c) => c.name === 'Pro Twins')!.id,
        place: 2,
        riderName: 'Bo Second',
        payoutCents: 0,
        noPayoutReason: 'twoClassLimit',
      },
    ])
    .run();
});

describe('schedule (listEvents)', () => {
  it('lists upcoming, not cancelled events by date with their contingency', () => {
    const r = listEvents(db, q(), TODAY);
    expect(r.events.map((e) => e.title)).toEqual([
      'Sacramento Mile',
      'Toronto Supercross',
      'Next Year Opener',
    ]);
    const sac = r.events[0];
    // noPayout classes are not contingency: 1,000 + 500 + 250 + 200 + 100 dollars.
    expect(sac.contingency).toEqual([{ currency: 'USD', cents: 205000 }]);
    expect(sac).toMatchObject({
      seriesName: 'Golden State Flat Track',
      startTime: '19:30',
      hasResults: true,
      cancelled: false,
    });
    expect(r.contingencyAmount).toEqual([
      { currency: 'USD', cents: 205000 + 777 },
      { currency: 'CAD', cents: 300000 },
    ]);
    expect(r.pagination).toEqual({ page: 1, totalPages: 1, total: 3 });
  });

  it('shows cancelled events when asked', () => {
    const r = listEvents(db, q({ canceled: 'true' }), TODAY);
    expect(r.events.map((e) => e.title)).toContain('Ventura Short Track');
    expect(r.events.find((e) => e.title === 'Ventura Short Track')?.cancelled).toBe(true);
  });

  it('filters by title (case-insensitive), city, state and country', () => {
    expect(listEvents(db, q({ title: 'mile' }), TODAY).events.map((e) => e.title)).toEqual([
      'Sacramento Mile',
    ]);
    expect(listEvents(db, q({ city: 'toron' }), TODAY).events.map((e) => e.title)).toEqual([
      'Toronto Supercross',
    ]);
    expect(listEvents(db, q({ state: 'ca' }), TODAY).events.map((e) => e.title)).toEqual([
      'Sacramento Mile',
    ]);
    expect(listEvents(db, q({ country: 'CA' }), TODAY).events.map((e) => e.title)).toEqual([
      'Toronto Supercross',
    ]);
    expect(listEvents(db, q({ title: '%' }), TODAY).events).toEqual([]);
  });

  it('finds events near a ZIP or postal code', () => {
    const near = listEvents(db, q({ zipcode: '95816' }), TODAY);
    expect(near.events.map((e) => e.title)).toEqual(['Sacramento Mile']);
    expect(near.events[0].distanceMiles).toBeLessThan(5);
    expect(near.contingencyAmount).toEqual([{ currency: 'USD', cents: 205000 }]);
    expect(listEvents(db, q({ zipcode: 'M4C 1A1' }), TODAY).events.map((e) => e.title)).toEqual([
      'Toronto Supercross',
    ]);
  });

  it('lists past events newest first, paginated by 20', () => {
    const r = listEvents(db, q({ when: 'past' }), TODAY);
    expect(r.events[0].title).toBe('Past Race 7');
    expect(r.events).toHaveLength(7);
    const page9 = listEvents(db, q({ when: 'past', page: '9' }), TODAY);
    expect(page9.pagination).toEqual({ page: 1, totalPages: 1, total: 7 });
  });

  it('the API answer is the list itself as JSON, the same bytes on every call', () => {
    const filters = q({ when: 'past' });
    const bytes = listEventsJson(db, filters, TODAY);
    const text = new TextDecoder().decode(bytes);
    expect(JSON.parse(text)).toEqual(listEvents(db, filters, TODAY));
    expect(JSON.parse(text).events).toHaveLength(7);
    expect(new TextDecoder().decode(listEventsJson(db, filters, TODAY))).toBe(text);
    const around = new TextDecoder().decode(eventsAroundJson(db, { before: TODAY, limit: 2 }));
    expect(JSON.parse(around)).toEqual({ events: eventsAround(db, { before: TODAY, limit: 2 }) });
  });
});

describe('home page lists', () => {
  it('gives the 5 most recent events before a day, newest first', () => {
    const recent = eventsAround(db, { before: TODAY, limit: 5 });
    expect(recent.map((e) => e.title)).toEqual([
      'Past Race 7',
      'Past Race 6',
      'Past Race 5',
      'Past Race 4',
      'Past Race 3',
    ]);
    expect(eventsAround(db, { before: '2026-01-02', limit: 5 }).map((e) => e.title)).toEqual([
      'Past Race 1',
    ]);
  });

  it('gives upcoming events soonest first, cancelled ones left out', () => {
    expect(eventsAround(db, { from: TODAY, limit: 5 }).map((e) => e.title)).toEqual([
      'Sacramento Mile',
      'Toronto Supercross',
      'Next Year Opener',
    ]);
  });

  it('sums the contingency posted over the next 365 days, per currency', () => {
    const agg = contingencyAggregate(db, TODAY);
    expect(agg).toEqual({
      from: TODAY,
      to: '2027-06-15',
      amounts: [
        { currency: 'USD', cents: 205000 },
        { currency: 'CAD', cents: 300000 },
      ],
      eventCount: 2,
    });
  });
});

describe('event and series details', () => {
  it('gives an event with series, classes, places and public results (no e-mail or AMA number)', () => {
    const d = getPublicEvent(db, ids.sacramento)!;
    expect(d.series).toMatchObject({ id: ids.series, name: 'Golden State Flat Track' });
    expect(d.event).toMatchObject({
      title: 'Sacramento Mile',
      venueWebsite: 'https://calexpo.example/',
      categoryName: 'SuperTwin',
      promoterName: 'Dirt Days Inc',
      notes: 'Gates 5 pm',
      bonuses: 'Holeshot $100',
    });
    expect(d.event.classes.map((c) => [c.name, c.payoutType, c.totalCents])).toEqual([
      ['Pro Twins', 'cash', 175000],
      ['Amateur Open', 'dealerCredit', 30000],
      ['Vintage', 'noPayout', 0],
    ]);
    expect(d.event.classes[0].places).toEqual([
      { place: 1, amountCents: 100000 },
      { place: 2, amountCents: 50000 },
      { place: 3, amountCents: 25000 },
    ]);
    const [first, second] = d.event.classes[0].results;
    expect(first).toMatchObject({
      place: 1,
      riderName: 'Ada Fast',
      bike: 'KTM 890 Duke',
      hometown: 'Reno, NV',
      payoutCents: 100000,
    });
    expect(second).toMatchObject({ place: 2, payoutCents: 0, noPayoutReason: 'twoClassLimit' });
    expect(JSON.stringify(d)).not.toContain('ada@example.com');
    expect(Object.keys(first)).not.toContain('amaNumber');
    expect(getPublicEvent(db, 999999)).toBeNull();
  });

  it('gives a series with all its events, dates computed from them when not stored', () => {
    const d = getPublicSeries(db, ids.series)!;
    expect(d.series).toMatchObject({
      name: 'Golden State Flat Track',
      firstDate: '2026-07-04',
      lastDate: '2026-07-10',
      categoryName: 'SuperTwin',
      promoterName: 'Dirt Days Inc',
    });
    expect(d.events.map((e) => [e.title, e.cancelled])).toEqual([
      ['Sacramento Mile', false],
      ['Ventura Short Track', true],
    ]);
    // The cancelled event's classes are not counted.
    expect(d.series.contingency).toEqual([{ currency: 'USD', cents: 205000 }]);
    // Each event's own money (the noPayout class left out); the cancelled one still shows its own.
    expect(d.events.map((e) => e.contingency)).toEqual([
      [{ currency: 'USD', cents: 205000 }],
      [{ currency: 'USD', cents: 50000 }],
    ]);
    // The same reads for another series give that series alone.
    const old = getPublicSeries(db, ids.oldSeries)!;
    expect(old.series).toMatchObject({ name: 'Old Series', firstDate: '2025-03-01' });
    expect(old.events).toEqual([]);
    expect(old.series.contingency).toEqual([]);
    expect(getPublicSeries(db, 999999)).toBeNull();
  });

  it('lists series: current by default, past on request, with states', () => {
    const s = (o: Record<string, string>) => listSeries(db, seriesSearchSchema.parse(o), TODAY);
    expect(s({}).allSeries.map((x) => x.name)).toEqual(['Golden State Flat Track']);
    expect(s({ when: 'past' }).allSeries.map((x) => x.name)).toEqual(['Old Series']);
    expect(s({ when: 'all', state: 'TX' }).allSeries.map((x) => x.name)).toEqual(['Old Series']);
    expect(s({ name: 'golden' }).allSeries[0]).toMatchObject({
      eventCount: 2,
      categoryName: 'SuperTwin',
    });
    expect(s({ zipcode: '95816' }).allSeries.map((x) => x.name)).toEqual([
      'Golden State Flat Track',
    ]);
    expect(s({ zipcode: '10001' }).allSeries).toEqual([]);
    expect(s({}).distinctStates).toEqual(['CA', 'TX']);
  });
});

describe('categories and promoters', () => {
  it('lists categories, optionally by active flag, and one with its series', () => {
    expect(listCategories(db).map((c) => c.name)).toEqual(['Old program', 'SuperTwin']);
    expect(listCategories(db, true).map((c) => c.name)).toEqual(['SuperTwin']);
    const cat = listCategories(db, true)[0];
    expect(getCategory(db, cat.id)?.series.map((s) => s.name)).toEqual(['Golden State Flat Track']);
    expect(getCategory(db, 999999)).toBeNull();
  });

  it('lists promoters by name or phone digits, names and phones only', () => {
    expect(listPromoters(db, {})).toEqual([
      { id: expect.any(Number), name: 'Dirt Days Inc', phone: '(555) 123-4567' },
      { id: expect.any(Number), name: 'Track Masters', phone: '555.987.6543' },
    ]);
    expect(listPromoters(db, { name: 'track' }).map((p) => p.name)).toEqual(['Track Masters']);
    expect(listPromoters(db, { phone: '555-123' }).map((p) => p.name)).toEqual(['Dirt Days Inc']);
  });

  it('the schedule offers the countries events or series are held in, plus the one asked for', () => {
    const held = [
      ...new Set(
        [
          ...db.select({ c: events.country }).from(events).all(),
          ...db.select({ c: series.country }).from(series).all(),
        ]
          .map((r) => r.c)
          .filter(Boolean),
      ),
    ].sort();
    expect(held).toContain('CA');
    const values = (asked: string | null) =>
      scheduleCountryChoices(db, 'en', asked)
        .map((c) => c.value)
        .sort();
    expect(values(null)).toEqual(held);
    expect(values('FR')).toEqual([...held, 'FR'].sort());
    // Anything else asked for adds nothing: only real countries are choices.
    expect(values('<script>')).toEqual(held);
    expect(scheduleCountryChoices(db, 'fr', null).find((c) => c.value === 'CA')?.label).toBe(
      'Canada',
    );
  });
});

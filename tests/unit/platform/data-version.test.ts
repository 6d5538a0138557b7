/**
 * Rule: an answer cached for the event catalog (the posted contingency, the home page's event lists,
 * an event page's data) is the answer SQLite gives now: any committed change to events, classes,
 * places, series, categories, results (which exist, and the columns an event page shows) or a
 * promoter's name moves the catalog version and the answer is computed again; nothing is cached
 * from inside a transaction, which may still roll back.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  categories,
  classPlaces,
  dealers,
  eventClasses,
  events,
  promoters,
  results,
  series,
} from '#db/schema';
import { cachedPublicEvent } from '~/services/events/catalog/public-event-detail.server';
import { cachedPublicSeries } from '~/services/events/catalog/public-series.server';
import { catalogVersion, cachedForCatalog } from '~/services/platform/data-version.server';
import { contingencyAggregate } from '~/services/reports/aggregates.server';
import { eventsAround, listEvents } from '~/services/events/catalog/public-event-list.server';
import { eventSearchSchema } from '~/lib/schemas/public';
import {
  findDealers,
  findDealersJson,
  findDealersPage,
} from '~/services/people/dealer-finder.server';
import { dataVersion } from '~/services/platform/data-version.server';
import { writeTx } from '~/db.server';
import { testDb } from '../helpers/db';
import { makeRider } from '../money/factory';
import { statementsOf } from '../helpers/statements';

const TODAY = '2027-01-10';

function world() {
  const db = testDb();
  const eventId = db
    .insert(events)
    .values({ title: 'Opener', date: '2027-02-01' })
    .returning()
    .get().id;
  const classId = db
    .insert(eventClasses)
    .values({ eventId, name: 'Pro', payoutType: 'cash' })
    .returning()
    .get().id;
  const placeId = db
    .insert(classPlaces)
    .values({ classId, place: 1, amountCents: 10_000 })
    .returning()
    .get().id;
  return { db, eventId, classId, placeId };
}

describe('answers cached for the event catalog', () => {
  it('moves the version with every change to the catalog tables, and only those', () => {
    const { db, eventId, classId, placeId } = world();
    const v = () => catalogVersion(db)!;
    let last = v();
    const moved = (what: string, change: () => unknown) => {
      change();
      expect(v(), what).toBeGreaterThan(last);
      last = v();
    };
    moved('event', () =>
      db.update(events).set({ title: 'Opener II' }).where(eq(events.id, eventId)).run(),
    );
    moved('class', () =>
      db.update(eventClasses).set({ currency: 'CAD' }).where(eq(eventClasses.id, classId)).run(),
    );
    moved('place', () =>
      db.update(classPlaces).set({ amountCents: 1 }).where(eq(classPlaces.id, placeId)).run(),
    );
    moved('series', () => db.insert(series).values({ name: 'Winter' }).run());
    moved('category', () => db.insert(categories).values({ name: 'Enduro' }).run());
    moved('result', () =>
      db.insert(results).values({ eventId, classId, place: 1, riderName: 'A B' }).run(),
    );
    moved('result payout', () =>
      db.update(results).set({ payoutCents: 5_000 }).where(eq(results.eventId, eventId)).run(),
    );
    moved('result hometown', () =>
      db.update(results).set({ hometown: 'Ely, NV' }).where(eq(results.eventId, eventId)).run(),
    );
    const promoterId = db.insert(promoters).values({ name: 'Dirt Days' }).returning().get().id;
    moved('promoter renamed', () =>
      db.update(promoters).set({ name: 'Dirt Nights' }).where(eq(promoters.id, promoterId)).run(),
    );
    moved('results deleted', () => db.delete(results).where(eq(results.eventId, eventId)).run());
    moved('event deleted', () => db.delete(events).where(eq(events.id, eventId)).run());
  });

  it("gives the event page's current data after each change to what it shows", () => {
    const { db, eventId, classId } = world();
    const promoterId = db.insert(promoters).values({ name: 'Dirt Days' }).returning().get().id;
    db.update(events).set({ promoterId }).where(eq(events.id, eventId)).run();
    db.insert(results)
      .values({ eventId, classId, place: 1, riderName: 'Ann Lee', hometown: 'Reno, NV' })
      .run();
    const first = cachedPublicEvent(db, eventId)!;
    expect(first.event.promoterName).toBe('Dirt Days');
    expect(cachedPublicEvent(db, eventId)).toBe(first); // cached
    const result = () => cachedPublicEvent(db, eventId)!.event.classes[0]!.results[0]!;
    expect(result()).toMatchObject({ hometown: 'Reno, NV', payoutCents: 0 });
    db.update(results).set({ payoutCents: 10_000 }).where(eq(results.eventId, eventId)).run();
    expect(result().payoutCents).toBe(10_000);
    db.update(results).set({ hometown: 'Elko, NV' }).where(eq(results.eventId, eventId)).run();
    expect(result().hometown).toBe('Elko, NV');
    db.update(promoters).set({ name: 'Dirt Nights' }).where(eq(promoters.id, promoterId)).run();
    expect(cachedPublicEvent(db, eventId)!.event.promoterName).toBe('Dirt Nights');
    // Inside a transaction nothing is cached: the answer is the one the transaction sees.
    writeTx(db, (tx) => {
      tx.update(results).set({ riderName: 'Ann Leigh' }).where(eq(results.eventId, eventId)).run();
      expect(cachedPublicEvent(tx, eventId)!.event.classes[0]!.results[0]!.riderName).toBe(
        'Ann Leigh',
      );
    });
    expect(result().riderName).toBe('Ann Leigh');
    expect(cachedPublicEvent(db, 999_999)).toBeNull();
  });

  it("gives a series page's current data after each change to what it shows", () => {
    const { db, eventId } = world();
    const seriesId = db.insert(series).values({ name: 'Winter' }).returning().get().id;
    const promoterId = db.insert(promoters).values({ name: 'Dirt Days' }).returning().get().id;
    db.update(series).set({ promoterId }).where(eq(series.id, seriesId)).run();
    const first = cachedPublicSeries(db, seriesId)!;
    expect(first.events).toEqual([]);
    expect(cachedPublicSeries(db, seriesId)).toBe(first); // cached
    db.update(events).set({ seriesId }).where(eq(events.id, eventId)).run();
    expect(cachedPublicSeries(db, seriesId)!.events.map((e) => e.title)).toEqual(['Opener']);
    db.update(promoters).set({ name: 'Dirt Nights' }).where(eq(promoters.id, promoterId)).run();
    expect(cachedPublicSeries(db, seriesId)!.series.promoterName).toBe('Dirt Nights');
    expect(cachedPublicSeries(db, 999_999)).toBeNull();
  });

  it("gives a series' standings after each change to who earned what, a merge's move of results included", () => {
    const { db, eventId, classId } = world();
    const seriesId = db.insert(series).values({ name: 'Winter' }).returning().get().id;
    db.update(events).set({ seriesId }).where(eq(events.id, eventId)).run();
    const [kept, merged] = [makeRider(db).rider, makeRider(db).rider];
    const resultFor = (riderId: number, place: number) =>
      db
        .insert(results)
        .values({ eventId, classId, place, riderName: `R${place}`, riderId, payoutCents: 1_000 })
        .returning()
        .get().id;
    resultFor(kept.id, 1);
    const second = resultFor(merged.id, 2);
    const riders = () => cachedPublicSeries(db, seriesId)!.standings[0]!.riders;
    expect(riders().map((r) => r.riderName)).toEqual(['R1', 'R2']);
    expect(cachedPublicSeries(db, seriesId)).toBe(cachedPublicSeries(db, seriesId)); // cached
    db.update(results).set({ payoutCents: 5_000 }).where(eq(results.id, second)).run();
    expect(riders().map((r) => r.riderName)).toEqual(['R2', 'R1']);
    // A merge moves results to the kept rider without changing what they pay.
    db.update(results).set({ riderId: kept.id }).where(eq(results.id, second)).run();
    expect(riders()).toEqual([expect.objectContaining({ eventsCounted: 1, totalCents: 6_000 })]);
  });

  it('gives the current contingency and event list after each committed change', () => {
    const { db, classId, placeId } = world();
    const first = contingencyAggregate(db, TODAY);
    expect(first.amounts).toEqual([{ currency: 'USD', cents: 10_000 }]);
    expect(contingencyAggregate(db, TODAY)).toBe(first); // cached
    db.update(classPlaces).set({ amountCents: 25_000 }).where(eq(classPlaces.id, placeId)).run();
    expect(contingencyAggregate(db, TODAY).amounts).toEqual([{ currency: 'USD', cents: 25_000 }]);
    db.update(eventClasses)
      .set({ payoutType: 'noPayout' })
      .where(eq(eventClasses.id, classId))
      .run();
    expect(contingencyAggregate(db, TODAY).amounts).toEqual([]);

    expect(eventsAround(db, { from: TODAY, limit: 5 }).map((e) => e.title)).toEqual(['Opener']);
    const filters = eventSearchSchema.parse({});
    expect(listEvents(db, filters, TODAY).events.map((e) => e.title)).toEqual(['Opener']);
    db.insert(events).values({ title: 'Second', date: '2027-03-01' }).run();
    expect(listEvents(db, filters, TODAY).events.map((e) => e.title)).toEqual(['Opener', 'Second']);
    expect(eventsAround(db, { from: TODAY, limit: 5 }).map((e) => e.title)).toEqual([
      'Opener',
      'Second',
    ]);
    expect(eventsAround(db, { from: TODAY, limit: 1 }).map((e) => e.title)).toEqual(['Opener']);
  });

  it('gives the current dealer finder after each change to a dealer, and only dealers move its version', () => {
    const { db, eventId } = world();
    const shop = db
      .insert(dealers)
      .values({ name: 'Alpha Motors', state: 'CA' })
      .returning()
      .get().id;
    const names = () => findDealers(db, {}).dealers.map((d) => d.name);
    expect(names()).toEqual(['Alpha Motors']);
    expect(findDealers(db, {})).toBe(findDealers(db, {})); // cached
    const before = dataVersion(db, 'dealers');
    db.update(events).set({ title: 'Not a dealer change' }).where(eq(events.id, eventId)).run();
    expect(dataVersion(db, 'dealers')).toBe(before);
    db.insert(dealers).values({ name: 'Beta Cycles', state: 'OR' }).run();
    expect(names()).toEqual(['Alpha Motors', 'Beta Cycles']);
    db.update(dealers).set({ active: false }).where(eq(dealers.id, shop)).run();
    expect(names()).toEqual(['Beta Cycles']);
    expect(findDealers(db, {}).distinctStates).toEqual(['OR']);
    expect(findDealersPage(db, {}, 1).dealers.map((d) => d.name)).toEqual(['Beta Cycles']);
    db.update(dealers)
      .set({ name: 'Beta Cycles & Parts' })
      .where(eq(dealers.name, 'Beta Cycles'))
      .run();
    expect(findDealersPage(db, {}, 1).dealers.map((d) => d.name)).toEqual(['Beta Cycles & Parts']);
    // The API's body is the finder's answer, serialized, and follows the same changes.
    const body = () =>
      JSON.parse(findDealersJson(db, { state: 'OR' })) as {
        dealers: { name: string }[];
        zipNotFound: boolean;
      };
    expect(body()).toEqual(
      JSON.parse(JSON.stringify({ ...findDealers(db, { state: 'OR' }), origin: undefined })),
    );
    db.insert(dealers).values({ name: 'Gamma Moto', state: 'OR' }).run();
    expect(body().dealers.map((d) => d.name)).toEqual(['Beta Cycles & Parts', 'Gamma Moto']);
  });

  it('keeps nothing computed inside a transaction that rolls back', () => {
    const { db, placeId } = world();
    let calls = 0;
    const compute = () => (calls++, contingencyAggregate(db, TODAY).amounts[0]?.cents);
    expect(() =>
      writeTx(db, (tx) => {
        tx.update(classPlaces)
          .set({ amountCents: 99_999 })
          .where(eq(classPlaces.id, placeId))
          .run();
        expect(cachedForCatalog(db, 'probe', compute)).toBe(99_999);
        throw new Error('roll back');
      }),
    ).toThrow('roll back');
    expect(cachedForCatalog(db, 'probe', compute)).toBe(10_000);
    expect(cachedForCatalog(db, 'probe', compute)).toBe(10_000);
    expect(calls).toBe(2);
  });

  it('reads a version with a statement compiled once per connection (asked by every cached answer)', () => {
    const { db } = world();
    const compiled = statementsOf(db, () => {
      const first = catalogVersion(db);
      expect(dataVersion(db, 'dealers')).not.toBeNull();
      db.update(events).set({ title: 'Renamed' }).run();
      expect(catalogVersion(db)).toBeGreaterThan(first!);
    });
    expect(compiled.filter((q) => q.includes('FROM data_versions'))).toHaveLength(1);
  });
});

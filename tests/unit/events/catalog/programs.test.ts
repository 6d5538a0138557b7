/** Series carry a version (spec __v): a stale update is refused; events leave a series cleanly. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, series } from '#db/schema';
import type { SeriesInput } from '~/lib/schemas/programs';
import { categorySchema } from '~/lib/schemas/programs';
import {
  createSeries,
  deleteSeries,
  refreshSeriesDates,
  removeEventFromSeries,
  saveCategory,
  updateSeries,
} from '~/services/events/catalog/programs.server';
import { testDb } from '../../helpers/db';

const actor = { userId: null, proxyHostUserId: null };
const input = (name: string): SeriesInput => ({
  intent: 'save',
  name,
  description: null,
  city: null,
  state: 'CA',
  zipcode: null,
  country: 'US',
});

describe('series optimistic lock (__v)', () => {
  it('an update with the current version succeeds and bumps the version', () => {
    const db = testDb();
    const s = createSeries(db, input('Spring Cup'), actor);
    expect(s.version).toBe(0);
    const r = updateSeries(db, s.id, input('Spring Cup 2'), 0, actor);
    expect(r.ok && r.series.version).toBe(1);
    expect(r.ok && r.series.name).toBe('Spring Cup 2');
  });

  it('a stale version is refused and nothing changes', () => {
    const db = testDb();
    const s = createSeries(db, input('Summer Cup'), actor);
    expect(updateSeries(db, s.id, input('First edit'), 0, actor).ok).toBe(true);
    const stale = updateSeries(db, s.id, input('Second edit from an old page'), 0, actor);
    expect(stale).toEqual({ ok: false, reason: 'stale' });
    expect(db.select().from(series).where(eq(series.id, s.id)).get()?.name).toBe('First edit');
  });

  it('an unknown series is notFound, not stale', () => {
    expect(updateSeries(testDb(), 999, input('x'), 0, actor)).toEqual({
      ok: false,
      reason: 'notFound',
    });
  });

  it('removing an event keeps the event, refreshes the dates and bumps the version', () => {
    const db = testDb();
    const s = createSeries(db, input('Fall Cup'), actor);
    const mk = (date: string) =>
      db
        .insert(events)
        .values({ title: date, date, seriesId: s.id })
        .returning({ id: events.id })
        .get().id;
    const first = mk('2026-03-01');
    mk('2026-05-01');
    refreshSeriesDates(db, s.id);
    expect(db.select().from(series).where(eq(series.id, s.id)).get()?.firstDate).toBe('2026-03-01');
    expect(removeEventFromSeries(db, s.id, first, actor)).toBe(true);
    const after = db.select().from(series).where(eq(series.id, s.id)).get();
    expect(after?.firstDate).toBe('2026-05-01');
    expect(after?.version).toBe(1);
    expect(db.select().from(events).where(eq(events.id, first)).get()?.seriesId).toBeNull();
    expect(removeEventFromSeries(db, s.id, first, actor)).toBe(false);
  });

  it('deleting a series keeps its events', () => {
    const db = testDb();
    const s = createSeries(db, input('Winter Cup'), actor);
    const e = db
      .insert(events)
      .values({ title: 'Round 1', date: '2026-01-10', seriesId: s.id })
      .returning()
      .get();
    expect(deleteSeries(db, s.id, actor)).toBe(true);
    expect(db.select().from(events).where(eq(events.id, e.id)).get()?.seriesId).toBeNull();
  });
});

describe('categories (programs)', () => {
  it('parses eligible models and refuses an inverted year range', () => {
    const ok = categorySchema.parse({
      intent: 'save',
      name: 'Singles',
      eligibleModels: '450 SX-F, 450 XC-F\n450 SMR',
      minYear: '2021',
      maxYear: '2023',
      active: 'on',
    });
    expect(ok.eligibleModels).toEqual(['450 SX-F', '450 XC-F', '450 SMR']);
    const bad = categorySchema.safeParse({
      intent: 'save',
      name: 'X',
      minYear: '2024',
      maxYear: '2023',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('admin:errors.yearRange');
    const id = saveCategory(testDb(), null, ok, actor);
    expect(id).toBeGreaterThan(0);
  });
});

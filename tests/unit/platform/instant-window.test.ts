/**
 * Instant windows: a text condition on ISO-8601 instants that an index can answer, kept beside
 * the exact julianday() condition; it must never drop a row the exact condition keeps.
 */
import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { instantRange, instantWindow } from '~/services/platform/instant-window.server';
import { plannerFigures, queryPlan, testDb } from '../helpers/db';

const stamps = sqliteTable('stamps', { id: integer('id').primaryKey(), at: text('at').notNull() });

/** ISO-8601 texts of instants around `base`, every way the app or an import may have written them. */
function texts(base: number): string[] {
  const out: string[] = [];
  for (let h = -60; h <= 60; h += 7) {
    const t = new Date(base + h * 3_600_000);
    const utc = t.toISOString();
    out.push(utc, utc.replace('.000Z', 'Z'), utc.slice(0, 19).replace('T', ' '));
    for (const offset of [-14, -11, -5, 5.5, 9, 14]) {
      const local = new Date(t.getTime() + offset * 3_600_000).toISOString().slice(0, 19);
      const sign = offset < 0 ? '-' : '+';
      const hh = String(Math.floor(Math.abs(offset))).padStart(2, '0');
      const mm = Math.abs(offset) % 1 ? '30' : '00';
      out.push(`${local}${sign}${hh}:${mm}`);
    }
  }
  return out;
}

/** A table of the texts of `texts()` around `at`. */
function stampsAround(at: string) {
  const sqlite = new Database(':memory:');
  sqlite.exec('CREATE TABLE stamps (id INTEGER PRIMARY KEY, at TEXT NOT NULL)');
  const base = Date.parse(at);
  const insert = sqlite.prepare('INSERT INTO stamps (at) VALUES (?)');
  for (const t of texts(base)) insert.run(t);
  return { sqlite, db: drizzle(sqlite), base };
}

describe('instant windows', () => {
  it('keep every instant the exact condition keeps, whatever its offset or form', () => {
    const { sqlite, db, base } = stampsAround('2026-03-08T06:30:00.000Z');
    const from = '2026-03-08T08:00:00.000Z';
    const until = '2026-03-09T08:00:00.000Z';
    const exact = sql`julianday(${stamps.at}) > julianday(${from}) and julianday(${stamps.at}) <= julianday(${until})`;
    const kept = db.select({ id: stamps.id }).from(stamps).where(exact).all();
    const windowed = db
      .select({ id: stamps.id })
      .from(stamps)
      .where(sql`${instantWindow(stamps.at, from, until)} and ${exact}`)
      .all();
    expect(kept.length).toBeGreaterThan(20);
    expect(windowed).toEqual(kept);
    // The window narrows: it leaves out most of the rows outside.
    const inWindow = db
      .select({ id: stamps.id })
      .from(stamps)
      .where(instantWindow(stamps.at, from, until))
      .all();
    expect(inWindow.length).toBeLessThan(texts(base).length);
    // Open on one side.
    const after = sql`julianday(${stamps.at}) >= julianday(${from})`;
    expect(
      db
        .select({ id: stamps.id })
        .from(stamps)
        .where(sql`${instantWindow(stamps.at, from, null)} and ${after}`)
        .all(),
    ).toEqual(db.select({ id: stamps.id }).from(stamps).where(after).all());
    sqlite.close();
  });

  it('instantRange is the half-open range, and a bound that is not an instant does not throw', () => {
    const { sqlite, db } = stampsAround('2026-07-01T12:00:00.000Z');
    const ids = (where: ReturnType<typeof instantRange>) =>
      db.select({ id: stamps.id }).from(stamps).where(where).all();
    const from = '2026-07-01T07:00:00.000Z';
    const until = '2026-07-02T07:00:00.000Z';
    const exact = sql`julianday(${stamps.at}) >= julianday(${from}) and julianday(${stamps.at}) < julianday(${until})`;
    expect(ids(exact).length).toBeGreaterThan(20);
    expect(ids(instantRange(stamps.at, from, until))).toEqual(ids(exact));
    expect(instantRange(stamps.at, null, null)).toBeUndefined();
    // Not an instant: the window leaves that side open, the exact condition decides (no row).
    expect(() => instantWindow(stamps.at, 'not a date', until)).not.toThrow();
    expect(ids(instantRange(stamps.at, 'not a date', until))).toEqual(
      ids(sql`julianday(${stamps.at}) >= julianday('not a date')`),
    );
    sqlite.close();
  });

  it("lets the credit expiry mail's search use the expiry index on both sides", () => {
    const db = testDb();
    // The five-year database's figures, so the planner weighs the indexes as it does there.
    plannerFigures(db, 'awards', {
      awards_expires_idx: '178570 107',
      awards_status_idx: '178570 35714',
      awards_outstanding_idx: '178570 89285 1191 1131',
      awards_rider_idx: '178570 4 3',
    });
    const from = '2026-11-28T06:00:00.000Z';
    const until = '2026-12-28T06:00:00.000Z';
    const plan = queryPlan(
      db,
      `SELECT id FROM awards WHERE payout_type = 'dealerCredit'
         AND status = 'current' AND expires_at >= ? AND expires_at < ?
         AND julianday(expires_at) > julianday(?) AND julianday(expires_at) <= julianday(?)`,
      '2026-11-27',
      '2026-12-30',
      from,
      until,
    );
    expect(plan).toContain('awards_expires_idx (expires_at>? AND expires_at<?)');
  });
});

/**
 * Rule: awards withdrawn before the withdrawal columns existed carried an English line in their
 * notes; the migration moves what that line said into the columns and keeps only the admin's
 * own words in `notes`, so no internal sentence reaches a rider page.
 */
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MIGRATION = path.resolve(process.cwd(), 'db/migrations/0014_award_withdrawal.sql');

describe('the award withdrawal migration', () => {
  it('turns the old withdrawal lines into data and leaves other notes alone', () => {
    const db = new Database(':memory:');
    db.exec(`CREATE TABLE awards (id integer primary key, notes text);
      CREATE TABLE ledger_entries (award_id integer, kind text, created_at text);`);
    const insert = db.prepare('INSERT INTO awards (id, notes) VALUES (?, ?)');
    insert.run(
      1,
      'Withdrawn by a results recompute on 2026-11-27T01:35:29.517Z (was 10000 USD, current)',
    );
    insert.run(
      2,
      'Champion\nWithdrawn by a results recompute on 2026-03-01T10:00:00.000Z (was 550 CAD, earned)',
    );
    insert.run(3, '2nd overall\nWithdrawn by an admin');
    insert.run(4, 'Just a note');
    db.prepare('INSERT INTO ledger_entries VALUES (3, ?, ?)').run(
      'awardReversal',
      '2026-01-02T00:00:00.000Z',
    );
    for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint'))
      db.exec(statement);
    expect(db.prepare('SELECT * FROM awards ORDER BY id').all()).toEqual([
      {
        id: 1,
        notes: null,
        withdrawn_by: 'recompute',
        withdrawn_at: '2026-11-27T01:35:29.517Z',
        withdrawn_from_cents: 10000,
        withdrawn_from_status: 'current',
      },
      {
        id: 2,
        notes: 'Champion',
        withdrawn_by: 'recompute',
        withdrawn_at: '2026-03-01T10:00:00.000Z',
        withdrawn_from_cents: 550,
        withdrawn_from_status: 'earned',
      },
      {
        id: 3,
        notes: '2nd overall',
        withdrawn_by: 'admin',
        withdrawn_at: '2026-01-02T00:00:00.000Z',
        withdrawn_from_cents: null,
        withdrawn_from_status: null,
      },
      {
        id: 4,
        notes: 'Just a note',
        withdrawn_by: null,
        withdrawn_at: null,
        withdrawn_from_cents: null,
        withdrawn_from_status: null,
      },
    ]);
  });
});

/**
 * Queries built once per connection (`prepared` in app/db.server.ts: the counter's
 * statements no longer rebuild their SQL on every call). A cached query belongs to its connection,
 * runs inside that connection's transactions (and is rolled back with them), and the inserts that
 * moved to placeholders still write what they wrote before: SQL NULL for no audit details, the
 * database clock for a ledger row without a time.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { prepared, writeTx } from '~/db.server';
import { auditLog, ledgerEntries, users } from '#db/schema';
import { audit, SYSTEM_ACTOR } from '~/services/platform/audit.server';
import { recordLedger } from '~/services/money/ledger/ledger.server';
import { testDb } from '../helpers/db';
import { makeRider } from '../money/counter-fixtures';

const byEmail = (c: Parameters<typeof prepared>[0]) =>
  c
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, sql.placeholder('email')))
    .prepare();

describe('prepared: one query per connection and name', () => {
  it('the same name on the same connection is the same query; another connection builds its own', () => {
    const a = testDb();
    const b = testDb();
    const qa = prepared(a, 'test.byEmail', byEmail);
    expect(prepared(a, 'test.byEmail', byEmail)).toBe(qa);
    const qb = prepared(b, 'test.byEmail', byEmail);
    expect(qb).not.toBe(qa);
    // Built inside a transaction, cached for the connection: the same query afterwards.
    const inTx = writeTx(a, (tx) => prepared(tx, 'test.byEmail', byEmail));
    expect(inTx).toBe(qa);
  });

  it('a cached insert runs inside the transaction: rolled back with it, committed with it', () => {
    const db = testDb();
    const count = () =>
      db.$client.prepare(`SELECT count(*) AS n FROM audit_log WHERE action = 'test.tx'`).get() as {
        n: number;
      };
    expect(() =>
      writeTx(db, (tx) => {
        audit(tx, SYSTEM_ACTOR, 'test.tx');
        throw new Error('roll back');
      }),
    ).toThrow('roll back');
    expect(count().n).toBe(0);
    writeTx(db, (tx) => audit(tx, SYSTEM_ACTOR, 'test.tx'));
    expect(count().n).toBe(1);
  });
});

describe('the inserts on placeholders write what they wrote before', () => {
  it('audit: no details is SQL NULL, details are JSON', () => {
    const db = testDb();
    audit(db, SYSTEM_ACTOR, 'test.none');
    audit(
      db,
      { userId: null, proxyHostUserId: null },
      'test.some',
      { type: 'rider', id: 7 },
      { amountCents: 500, note: 'x' },
    );
    const raw = db.$client
      .prepare(
        `SELECT action, details, typeof(details) AS t, entity_type, entity_id FROM audit_log WHERE action LIKE 'test.%' ORDER BY id`,
      )
      .all();
    expect(raw).toEqual([
      { action: 'test.none', details: null, t: 'null', entity_type: null, entity_id: null },
      {
        action: 'test.some',
        details: '{"amountCents":500,"note":"x"}',
        t: 'text',
        entity_type: 'rider',
        entity_id: 7,
      },
    ]);
    const read = db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, 'test.some'))
      .get();
    expect(read?.details).toEqual({ amountCents: 500, note: 'x' });
  });

  it('ledger: without a time the database clock, with one that instant; nulls stay NULL', () => {
    const db = testDb();
    const { rider } = makeRider(db);
    const before = new Date().toISOString();
    writeTx(db, (tx) => {
      recordLedger(tx, {
        riderId: rider.id,
        balance: 'credit',
        kind: 'adjustment',
        amountCents: 100,
        currency: 'USD',
        actor: SYSTEM_ACTOR,
      });
      recordLedger(tx, {
        riderId: rider.id,
        balance: 'credit',
        kind: 'adjustment',
        amountCents: -100,
        currency: 'USD',
        actor: SYSTEM_ACTOR,
        at: '2026-01-02T03:04:05.000Z',
        note: 'dated',
      });
    });
    const rows = db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.riderId, rider.id))
      .orderBy(ledgerEntries.id)
      .all();
    expect(rows).toHaveLength(2);
    expect(rows[0].createdAt >= before.slice(0, 19)).toBe(true);
    expect(rows[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(rows[0]).toMatchObject({
      awardId: null,
      redemptionId: null,
      payoutClaimId: null,
      note: null,
      actorUserId: null,
    });
    expect(rows[1]).toMatchObject({
      createdAt: '2026-01-02T03:04:05.000Z',
      note: 'dated',
      amountCents: -100,
    });
  });
});

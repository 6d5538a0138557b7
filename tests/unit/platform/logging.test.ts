/**
 * Structured logs: one JSON line per request with its id (also sent back as
 * X-Request-Id), method, path, status, duration, user id and role; secrets never logged (query
 * codes, passwords, PINs, cookies); one line per error with its stack; each committed money
 * change logs the ledger ids it wrote, a rolled-back one logs nothing.
 */
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ledgerEntries } from '#db/schema';
import { writeTx } from '~/db.server';
import { recordLedger } from '~/services/money/ledger/ledger.server';
import { logger, makeLogger, noteRequestUser, setLogger } from '~/services/platform/log.server';
import { errorLogging, redactedQuery, requestLogging } from '../../../server/logging';
import { testDb } from '../helpers/db';
import { DAY, giveCredit, makeRider, spendCredit } from '../money/counter-fixtures';

type Line = Record<string, unknown> & { msg: string; level: number };
let lines: Line[] = [];

beforeEach(() => {
  lines = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const l of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(l) as Line);
      cb();
    },
  });
  setLogger(makeLogger(sink, 'debug'));
});
afterEach(() => setLogger(undefined));

async function serve(app: express.Express) {
  const server = app.listen(0);
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => server.close() };
}

function testApp() {
  const app = express();
  app.use(requestLogging());
  app.get('/who', (_req, res) => {
    noteRequestUser({ id: 42, role: 'dealer' }); // what the auth guard does
    logger().info('inside the handler');
    res.send('hi');
  });
  app.get('/boom', () => {
    throw new Error('kaboom');
  });
  app.use(errorLogging());
  return app;
}

describe('request log', () => {
  it('one line per request: id (returned as X-Request-Id), method, path, status, duration, user id and role', async () => {
    const { base, close } = await serve(testApp());
    const r = await fetch(`${base}/who?verify=123456&code=987654&page=2`, {
      headers: { cookie: 'session=secret-session-id' },
    });
    close();
    const id = r.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const access = lines.find((l) => l.msg === 'request')!;
    expect(access).toMatchObject({
      reqId: id,
      method: 'GET',
      path: '/who',
      status: 200,
      userId: 42,
      role: 'dealer',
    });
    expect(typeof access.ms).toBe('number');
    // The line logged inside the handler carries the same request id and user.
    expect(lines.find((l) => l.msg === 'inside the handler')).toMatchObject({
      reqId: id,
      userId: 42,
      role: 'dealer',
    });
    // Query codes redacted, cookies never logged.
    expect(access.query).toEqual({ verify: '123456', code: '[redacted]', page: '2' });
    const all = JSON.stringify(lines);
    expect(all).not.toContain('987654');
    expect(all).not.toContain('secret-session-id');
  });

  it('query values under secret names are redacted at any depth (the access line has no other redaction)', () => {
    expect(
      redactedQuery({ page: '2', a: { pin: '4321', b: [{ token: 't' }] }, resetCode: '1' }),
    ).toEqual({
      page: '2',
      a: { pin: '[redacted]', b: [{ token: '[redacted]' }] },
      resetCode: '[redacted]',
    });
    expect(redactedQuery({})).toBeUndefined();
  });

  it("keeps a caller's well-formed X-Request-Id, replaces a malformed one", async () => {
    const { base, close } = await serve(testApp());
    const kept = await fetch(`${base}/who`, { headers: { 'x-request-id': 'proxy-abc-12345678' } });
    const replaced = await fetch(`${base}/who`, { headers: { 'x-request-id': 'bad id <script>' } });
    close();
    expect(kept.headers.get('x-request-id')).toBe('proxy-abc-12345678');
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an error: one line with its stack, a 500 without details', async () => {
    const { base, close } = await serve(testApp());
    const r = await fetch(`${base}/boom`);
    close();
    expect(r.status).toBe(500);
    expect(await r.text()).not.toContain('kaboom');
    const errors = lines.filter((l) => l.msg === 'unhandled error');
    expect(errors).toHaveLength(1);
    expect((errors[0].err as { stack: string }).stack).toMatch(/kaboom[\s\S]*logging\.test\.ts/);
    expect(lines.find((l) => l.msg === 'request')).toMatchObject({ status: 500, level: 50 });
  });

  it('passwords, PINs, codes and session ids are redacted wherever they appear', () => {
    logger().info(
      {
        body: { email: 'a@b.c', password: 'hunter2', pin: '1234' },
        code: '123456',
        user: { sessionId: 'sess' },
      },
      'x',
    );
    const l = lines[0];
    expect(l.code).toBe('[redacted]');
    expect(l.body).toEqual({ email: 'a@b.c', password: '[redacted]', pin: '[redacted]' });
    expect(l.user).toEqual({ sessionId: '[redacted]' });
  });
});

describe('money log', () => {
  it('a committed redemption logs its ledger ids, riders and redemption id', async () => {
    const db = testDb();
    const { rider } = makeRider(db);
    giveCredit(db, rider.id, 5_000, new Date(Date.now() + 30 * DAY));
    lines = [];
    const out = await spendCredit(db, rider.id, 1_200, new Date());
    const money = lines.filter((l) => typeof l.money === 'string');
    expect(money).toHaveLength(1);
    const ids = db
      .select({ id: ledgerEntries.id, redemptionId: ledgerEntries.redemptionId })
      .from(ledgerEntries)
      .all()
      .filter((r) => r.redemptionId === out.redemption.id);
    expect(money[0]).toMatchObject({
      money: 'redemption',
      ledgerIds: ids.map((r) => r.id),
      riderIds: [rider.id],
      redemptionIds: [out.redemption.id],
      netCents: -1_200,
    });
  });

  it('a rolled-back transaction logs nothing', () => {
    const db = testDb();
    const { rider } = makeRider(db);
    lines = [];
    expect(() =>
      writeTx(db, (tx) => {
        recordLedger(tx, {
          riderId: rider.id,
          balance: 'credit',
          kind: 'adjustment',
          amountCents: 5,
          currency: 'USD',
          actor: { userId: null, proxyHostUserId: null },
        });
        throw new Error('abort');
      }),
    ).toThrow('abort');
    expect(lines.filter((l) => l.money)).toEqual([]);
  });
});

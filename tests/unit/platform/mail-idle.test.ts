/**
 * Mails a request need not see leave (a receipt at the counter) are delivered by the server's
 * mail worker between requests: not while a request is in progress, but within a second even on
 * a server that is never quiet; without the worker (scripts, tests) at once. However many passes
 * run, each mail leaves exactly once.
 */
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '#db/schema';
import { writeTx, type DB } from '~/db.server';
import { env } from '~/env.server';
import {
  deliverDue,
  deliverWhenIdle,
  queueMail,
  startMailWorker,
  stopMailWorker,
} from '~/services/platform/mail.server';
import { testDb } from '../helpers/db';

const filesTo = (to: string) =>
  fs.existsSync(env().MAIL_OUTBOX)
    ? fs.readdirSync(env().MAIL_OUTBOX).filter((f) => f.endsWith('.json') && f.includes(to))
    : [];
const statusOf = (db: DB, id: number) =>
  db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).get()?.status;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function queueOne(db: DB, to: string): number {
  return writeTx(db, (tx) => queueMail(tx, { to, subject: 'Receipt', text: 'r' }));
}

async function until(check: () => boolean, ms: number): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await sleep(10);
  }
  return Date.now() - start;
}

afterEach(async () => {
  await stopMailWorker();
});

describe('mails delivered when the server is idle', () => {
  it('wait while a request is in progress, then leave once none is', async () => {
    expect(env().SMTP_URL).toBeUndefined();
    const db = testDb();
    let busy = true;
    startMailWorker(db, 60_000, () => busy);
    const to = `idle-${Date.now()}@example.test`;
    const id = queueOne(db, to);
    await deliverWhenIdle(db, [id]);
    expect(statusOf(db, id)).toBe('pending'); // the request answers before its mail leaves
    await sleep(200);
    expect(statusOf(db, id)).toBe('pending');
    busy = false;
    await until(() => statusOf(db, id) === 'sent', 2_000);
    expect(filesTo(to)).toHaveLength(1);
  });

  it('leave within about a second on a server that is never idle', async () => {
    const db = testDb();
    startMailWorker(db, 60_000, () => true);
    const to = `busy-${Date.now()}@example.test`;
    const id = queueOne(db, to);
    await deliverWhenIdle(db, [id]);
    const waited = await until(() => statusOf(db, id) === 'sent', 3_000);
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(filesTo(to)).toHaveLength(1);
  });

  it('without the mail worker, leave before deliverWhenIdle returns', async () => {
    const db = testDb();
    const to = `now-${Date.now()}@example.test`;
    const id = queueOne(db, to);
    await deliverWhenIdle(db, [id]);
    expect(statusOf(db, id)).toBe('sent');
    expect(filesTo(to)).toHaveLength(1);
  });

  it('each leaves exactly once, though two delivery passes run at once over a batch', async () => {
    const db = testDb();
    const to = `batch-${Date.now()}@example.test`;
    const ids = Array.from({ length: 20 }, () => queueOne(db, to));
    const [a, b] = await Promise.all([deliverDue(db), deliverDue(db)]);
    expect(a + b).toBe(20);
    expect(filesTo(to)).toHaveLength(20);
    expect(ids.every((id) => statusOf(db, id) === 'sent')).toBe(true);
  });
});

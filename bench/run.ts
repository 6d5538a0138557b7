/**
 * npm run bench — measures the hot paths on this machine and prints the figures:
 * seeding, password hashing, list queries, award recomputation, redemptions (PIN check included),
 * concurrent redemptions, and, when BENCH_URL is set (a running server), HTTP pages.
 * Runs against a fresh temporary database; nothing here touches data/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-bench-'));
process.env.DATABASE_PATH = path.join(dir, 'bench.db');
process.env.MAIL_OUTBOX = path.join(dir, 'outbox');
process.env.UPLOAD_DIR = path.join(dir, 'uploads');
process.env.SESSION_SECRET ??= 'bench-secret-0123456789abcdef';

const { migrateDatabase } = await import('#db/migrate');
const { seed } = await import('#db/seed');
const { awards, events, riders, users, dealers, results } = await import('#db/schema');
const { openDb, writeTx } = await import('~/db.server');
const { hashPassword, verifyPassword, hashPin, verifyPin } =
  await import('~/services/auth/password.server');
const { listRiders } = await import('~/services/people/people-lists.server');
const { listEvents } = await import('~/services/events/catalog/public-event-list.server');
const { eventSearchSchema } = await import('~/lib/schemas/public');
const { recomputeEventAwards } = await import('~/services/money/awards/awards.server');
const { redeem } = await import('~/services/money/counter/redemptions.server');
const { recordLedger } = await import('~/services/money/ledger/ledger.server');
const { creditExpiresAt: creditExpiry } = await import('~/lib/dates');

type Row = { what: string; n: number; total: number; p50: number; p95: number; perSec: number };
const rows: Row[] = [];

async function measure(what: string, n: number, fn: (i: number) => unknown | Promise<unknown>) {
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  const total = performance.now() - start;
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  rows.push({ what, n, total, p50: q(0.5), p95: q(0.95), perSec: (n / total) * 1000 });
}

await migrateDatabase(process.env.DATABASE_PATH, { backup: false });
const db = openDb(process.env.DATABASE_PATH);
const actor = { userId: null, proxyHostUserId: null };

await measure('seed the demo season (once)', 1, () => seed(db));
const hash = await hashPassword('Password123');
await measure('argon2id hash (off the event loop)', 5, () => hashPassword('Password123'));
await measure('argon2id verify (sign-in)', 10, () => verifyPassword('Password123', hash));
const pinHash = hashPin('1234');
await measure('PIN HMAC verify', 1000, () => verifyPin('1234', pinHash));
await measure('admin riders list, search "a"', 200, () => listRiders(db, { q: 'a' }));
await measure('public schedule, all events', 200, () =>
  listEvents(db, eventSearchSchema.parse({ when: 'all' })),
);
const withResults = db
  .selectDistinct({ id: results.eventId })
  .from(results)
  .innerJoin(events, eq(events.id, results.eventId))
  .where(isNotNull(results.riderId))
  .all();
await measure(
  `award recompute, per event (${withResults.length} events)`,
  withResults.length * 3,
  (i) => recomputeEventAwards(db, withResults[i % withResults.length].id, actor),
);

// A rider with a large balance for the redemption figures.
const rider = db
  .select({ id: riders.id })
  .from(riders)
  .innerJoin(users, eq(users.id, riders.userId))
  .where(and(eq(users.email, 'rider@contingency.test')))
  .get()!;
const dealer = db.select({ id: dealers.id }).from(dealers).where(eq(dealers.country, 'US')).get()!;
db.update(riders)
  .set({ pinHash: hashPin('1234') })
  .where(eq(riders.id, rider.id))
  .run();
writeTx(db, (tx) => {
  const awardedAt = new Date().toISOString();
  const a = tx
    .insert(awards)
    .values({
      riderId: rider.id,
      type: 'credit',
      payoutType: 'dealerCredit',
      currency: 'USD',
      initialCents: 1_000_000,
      currentCents: 1_000_000,
      status: 'current',
      awardedAt,
      expiresAt: creditExpiry(awardedAt),
    })
    .returning({ id: awards.id })
    .get();
  recordLedger(tx, {
    riderId: rider.id,
    balance: 'credit',
    kind: 'award',
    amountCents: 1_000_000,
    currency: 'USD',
    awardId: a.id,
    actor,
  });
});
const redeemOnce = () =>
  redeem(db, {
    riderId: rider.id,
    dealerId: dealer.id,
    amountCents: 100,
    pin: '1234',
    employeeName: 'Bench',
    idVerified: true,
    actor,
  }).then((r) => {
    if (!r.ok) throw new Error(r.error);
  });
await measure('redemption, one at a time (PIN check included)', 20, redeemOnce);
const concurrent = 20;
await measure(`redemptions, ${concurrent} at once (one batch)`, 1, () =>
  Promise.all(Array.from({ length: concurrent }, redeemOnce)),
);

if (process.env.BENCH_URL) {
  for (const page of ['/', '/events', '/dealers?zipcode=92590&zipDistance=100']) {
    await measure(`HTTP GET ${page}`, 50, async () => {
      const r = await fetch(new URL(page, process.env.BENCH_URL));
      await r.text();
    });
  }
}

console.log(`\ncontingency cash benchmarks — ${os.cpus().length} cores, node ${process.version}\n`);
console.log(
  'what'.padEnd(58),
  'n'.padStart(5),
  'p50 ms'.padStart(9),
  'p95 ms'.padStart(9),
  'ops/s'.padStart(9),
);
for (const r of rows) {
  console.log(
    r.what.padEnd(58),
    String(r.n).padStart(5),
    r.p50.toFixed(1).padStart(9),
    r.p95.toFixed(1).padStart(9),
    r.perSec.toFixed(1).padStart(9),
  );
}
db.$client.close();
fs.rmSync(dir, { recursive: true, force: true });

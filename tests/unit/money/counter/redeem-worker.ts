/**
 * Child process for the concurrency test: opens the shared database file, prints "ready", waits
 * for "go" on stdin, then fires `count` redemptions at once and prints their outcomes as JSON.
 * Usage: node --import tsx redeem-worker.ts <dbFile> <riderId> <dealerId> <dealerUserId> <count> <amountCents> <pin>
 */
import { openDb } from '~/db.server';
import { redeem } from '~/services/money/counter/redemptions.server';

const [file, riderId, dealerId, userId, count, amountCents, pin] = process.argv.slice(2);
const db = openDb(file);

process.stdout.write('ready\n');
process.stdin.once('data', async () => {
  const actor = { userId: Number(userId), proxyHostUserId: null };
  const outcomes = await Promise.all(
    Array.from({ length: Number(count) }, async () => {
      try {
        const r = await redeem(db, {
          riderId: Number(riderId),
          dealerId: Number(dealerId),
          amountCents: Number(amountCents),
          pin,
          employeeName: `worker ${process.pid}`,
          idVerified: true,
          actor,
        });
        return r.ok ? { ok: true, id: r.redemption.id } : { ok: false, error: r.error };
      } catch (e) {
        return { ok: false, error: `thrown: ${e instanceof Error ? e.message : String(e)}` };
      }
    }),
  );
  process.stdout.write(`${JSON.stringify(outcomes)}\n`);
  db.$client.close();
  process.exit(0);
});

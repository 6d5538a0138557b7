/**
 * Child process for the crash test: redeems one cent after another for one rider, each with its
 * own Idempotency-Key, several at once, and prints "ok <key> <redemptionId>" once each has been
 * answered (committed), until it is killed.
 * Usage: node --import tsx redeem-crash-worker.ts <dbFile> <riderId> <dealerId> <dealerUserId>
 */
import { openDb } from '~/db.server';
import { redeem } from '~/services/money/counter/redemptions.server';

const [file, riderId, dealerId, userId] = process.argv.slice(2);
const db = openDb(file);
const actor = { userId: Number(userId), proxyHostUserId: null };
let next = 0;

async function lane() {
  for (;;) {
    const key = `crash-key-${next++}`;
    const r = await redeem(db, {
      riderId: Number(riderId),
      dealerId: Number(dealerId),
      amountCents: 1,
      pin: '1234',
      employeeName: 'Crash',
      idVerified: true,
      actor,
      idempotencyKey: key,
    });
    if (!r.ok) throw new Error(`refused: ${r.error}`);
    process.stdout.write(`ok ${key} ${r.redemption.id}\n`);
  }
}
for (let i = 0; i < 4; i++) void lane();

/**
 * npm run bench:data -- [--years 5] [--scale 1] [--db bench/.data/bench.db]
 * Builds a fresh database: migrations, the demo season (its accounts), then `--years` program
 * years of generated data (bench/generate.ts). Prints the sizes and the ledger invariant.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    years: { type: 'string', default: '5' },
    scale: { type: 'string', default: '1' },
    db: { type: 'string', default: 'bench/.data/bench.db' },
  },
});
const years = Number(values.years);
const scale = Number(values.scale);
if (!(years > 0) || !(scale > 0)) throw new Error('--years and --scale must be positive numbers');
const file = path.resolve(values.db!);
for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
fs.mkdirSync(path.dirname(file), { recursive: true });
process.env.DATABASE_PATH = file;
process.env.SESSION_SECRET ??= 'bench-secret-0123456789abcdef';
// PINs are HMACs under this key: bench:http serves the copy with the same one.
process.env.PIN_SECRET ??= 'bench-pin-secret-0123456789abcdef';
process.env.MAIL_OUTBOX ??= path.join(path.dirname(file), 'outbox');
process.env.UPLOAD_DIR ??= path.join(path.dirname(file), 'uploads');

const t0 = performance.now();
const { migrateDatabase } = await import('#db/migrate');
const { seed } = await import('#db/seed');
const { openDb } = await import('~/db.server');
const { generate } = await import('./generate');
await migrateDatabase(file, { backup: false });
const db = openDb(file);
await seed(db);
console.log(`demo season: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const s = await generate(db.$client, {
  years,
  scale,
  log: (m) => console.log(`${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s  ${m}`),
});
db.$client.pragma('wal_checkpoint(TRUNCATE)');
db.$client.close();
const secs = (performance.now() - t0) / 1000;
console.log(`\n${file}: ${years} years × scale ${scale} in ${secs.toFixed(1)} s`);
for (const k of [
  'riders',
  'dealers',
  'events',
  'results',
  'awards',
  'redemptions',
  'ledger',
] as const)
  console.log(`  ${k.padEnd(12)} ${s[k].toLocaleString('en-US')}`);
console.log(
  `  sum(ledger) = ${s.ledgerSum}, sum(awards.current_cents) = ${s.awardsCurrentSum}: ${s.ledgerSum === s.awardsCurrentSum && s.mismatches === 0 ? 'invariant holds' : `INVARIANT BROKEN (${s.mismatches} rider balances differ)`}`,
);
if (s.ledgerSum !== s.awardsCurrentSum || s.mismatches) process.exit(1);

/**
 * npm run bench:reports -- [--db bench/.data/bench.db]
 * Times each admin report in-process on a generated database (median of 5 runs) — the figures
 * the HTTP harness cannot separate from the page's fixed cost. Read-only.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { median } from './stats';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'bench/.data/bench.db' },
    runs: { type: 'string', default: '5' },
  },
});
process.env.DATABASE_PATH = path.resolve(values.db!);
process.env.SESSION_SECRET ??= 'bench-secret-0123456789abcdef';
// The reports themselves, not the answers cached between writes (cachedUntilWrite).
process.env.REPORTS_KEPT_MS = '0';
const { openDb } = await import('~/db.server');
const r = await import('~/services/reports/reports.server');
const { adminHomeFigures } = await import('~/services/reports/admin-home.server');

const db = openDb(process.env.DATABASE_PATH);
const lastYear = db.$client.prepare('SELECT max(date) AS d FROM events').get() as { d: string };
const year = Number(new Date().toISOString().slice(0, 4));
const first = (db.$client.prepare('SELECT min(date) AS d FROM events').get() as { d: string }).d;
const all = { startDate: first, endDate: lastYear.d };
const thisYear = r.yearRange(year);
const cases: [string, () => unknown][] = [
  ['summary, all years', () => r.summary(db, all)],
  ['summary, this year', () => r.summary(db, thisYear)],
  [
    'rider stats (pro + amateur), all years',
    () => [r.riderStats(db, 'pro', all), r.riderStats(db, 'amateur', all)],
  ],
  [
    'top riders (pro + amateur), all years',
    () => [r.topRiders(db, 'pro', all, 5), r.topRiders(db, 'amateur', all, 5)],
  ],
  ['top dealers, all years', () => r.topDealers(db, all, 5)],
  ['top dealers, this year', () => r.topDealers(db, thisYear, 5)],
  ['market share by month, all years', () => r.marketShareByMonth(db, all)],
  ['market share by series, all years', () => r.marketShareBySeries(db, all)],
  ['market share by month, this year', () => r.marketShareByMonth(db, thisYear)],
  ['admin home figures', () => adminHomeFigures(db)],
];
console.log(
  `reports on ${values.db} (${first} … ${lastYear.d}), median of ${values.runs} runs (wall, and CPU time of this process: the machine is shared)\n`,
);
for (const [what, fn] of cases) {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < Number(values.runs); i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    fn();
    times.push(performance.now() - t);
    cpu.push(process.cpuUsage(c).user / 1000);
  }
  const shown = (l: number[]) => median(l).toFixed(1).padStart(9);
  console.log(`${what.padEnd(44)} ${shown(times)} ms ${shown(cpu)} ms CPU`);
}
db.$client.close();

/**
 * npm run bench:upload -- [--db bench/.data/bench.db] [--rows 5000] [--runs 3] [--xlsx]
 * A results upload replacing an event's results, in-process on a copy of a generated database,
 * phase by phase: reading and parsing the file, the write transaction (results replaced, awards
 * recomputed), and the event reloaded for the answer. The same CSV as bench:http's upload (rows
 * spread over the event's classes, riders with AMA numbers, KTM 450 SX-F). Wall and CPU time of
 * this process per phase, median of the runs (each run replaces the previous run's results with
 * other riders).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { median } from './stats';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'bench/.data/bench.db' },
    rows: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '3' },
    xlsx: { type: 'boolean', default: false },
  },
});
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-bench-upload-'));
const dbFile = path.join(tmp, 'bench.db');
fs.copyFileSync(path.resolve(values.db!), dbFile);
process.env.DATABASE_PATH = dbFile;
process.env.SESSION_SECRET ??= 'bench-secret-0123456789abcdef';
process.env.LOG_LEVEL ??= 'warn';

// The CSV, built as bench/http.ts builds it.
const ro = new Database(dbFile, { readonly: true });
const eventId = (
  ro
    .prepare(
      `SELECT r.event_id AS id FROM results r WHERE NOT EXISTS (SELECT 1 FROM awards a WHERE a.event_id = r.event_id AND (a.spent_cents > 0 OR a.status NOT IN ('current', 'earned')))
       GROUP BY r.event_id ORDER BY count(*) DESC LIMIT 1`,
    )
    .get() as { id: number }
).id;
const classes = (
  ro
    .prepare(`SELECT name FROM event_classes WHERE event_id = ? ORDER BY sort_order`)
    .all(eventId) as { name: string }[]
).map((c) => c.name);
const rows = Number(values.rows);
const runs = Number(values.runs);
// Each run names other riders than the one before (nothing carries over: every row is linked,
// decided and written anew), as a first upload of an event's results does.
const pool = ro
  .prepare(
    `SELECT first_name || ' ' || last_name AS name, ama_number AS ama FROM riders WHERE ama_number IS NOT NULL LIMIT ?`,
  )
  .all(rows * runs) as { name: string; ama: string }[];
const admin = ro.prepare(`SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1`).get() as {
  id: number;
};
const counts = ro
  .prepare(
    `SELECT (SELECT count(*) FROM riders) AS riders, (SELECT count(*) FROM results) AS results`,
  )
  .get() as { riders: number; results: number };
ro.close();
function csvLines(run: number): string[] {
  const lines = ['Class,Place,Rider,AMA,Make,Model'];
  for (let i = 0; i < rows; i++) {
    const p = pool[(run * rows + i) % pool.length];
    lines.push(
      `${classes[i % classes.length]},${Math.floor(i / classes.length) + 1},${p.name},${p.ama},KTM,450 SX-F`,
    );
  }
  return lines;
}
async function xlsxOf(lines: string[]): Promise<File> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Results');
  for (const line of lines) ws.addRow(line.split(','));
  const buf = await wb.xlsx.writeBuffer();
  return new File([buf], 'results.xlsx');
}
const files: File[] = [];
for (let run = 0; run < runs; run++) {
  const lines = csvLines(run);
  files.push(
    values.xlsx
      ? await xlsxOf(lines)
      : new File([lines.join('\r\n')], 'results.csv', { type: 'text/csv' }),
  );
}

const { openDb } = await import('~/db.server');
const { parseResultsFile } = await import('~/services/events/files/event-form.server');
const { applyResultsUpload } =
  await import('~/services/events/results-import/results-upload.server');
const { loadEventView } = await import('~/services/events/management/event-view.server');
const db = openDb(dbFile);
const actor = { userId: admin.id, proxyHostUserId: null };

console.log(
  `${rows}-row ${values.xlsx ? 'XLSX' : 'CSV'} upload replacing event ${eventId}'s results (${classes.length} classes) on ${values.db} (${counts.riders} riders, ${counts.results} results)\n`,
);
type Phase = 'parse' | 'write' | 'reload';
const times: Record<Phase, { wall: number[]; cpu: number[] }> = {
  parse: { wall: [], cpu: [] },
  write: { wall: [], cpu: [] },
  reload: { wall: [], cpu: [] },
};
async function timed<T>(phase: Phase, fn: () => T | Promise<T>): Promise<T> {
  const t = performance.now();
  const c = process.cpuUsage();
  const out = await fn();
  times[phase].wall.push(performance.now() - t);
  const u = process.cpuUsage(c);
  times[phase].cpu.push((u.user + u.system) / 1000);
  return out;
}
for (let run = 0; run < runs; run++) {
  const parsed = await timed('parse', () =>
    parseResultsFile(files[run], 'upload-all-class-result'),
  );
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems.slice(0, 3)));
  const out = await timed('write', () =>
    applyResultsUpload(db, eventId, parsed.value, 'all', actor),
  );
  if (!out.ok) throw new Error(JSON.stringify(out).slice(0, 300));
  await timed('reload', () => loadEventView(db, eventId));
  console.log(`run ${run + 1}: ${JSON.stringify(out.value)}`);
}
console.log('');
let total = 0;
for (const phase of ['parse', 'write', 'reload'] as Phase[]) {
  const w = median(times[phase].wall);
  total += w;
  console.log(
    `${phase.padEnd(8)} ${w.toFixed(0).padStart(7)} ms wall ${median(times[phase].cpu).toFixed(0).padStart(7)} ms CPU   (runs: ${times[phase].wall.map((x) => x.toFixed(0)).join(', ')})`,
  );
}
console.log(`${'total'.padEnd(8)} ${total.toFixed(0).padStart(7)} ms wall`);
db.$client.close();
fs.rmSync(tmp, { recursive: true, force: true });

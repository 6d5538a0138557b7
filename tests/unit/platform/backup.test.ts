/**
 * Backups and the restore drill (docs/operations.md "Backups"): a backup is taken
 * online and verified (integrity_check + ledger = balances), the last N are kept, a damaged
 * database is caught by the checks, and backup → damage → restore brings every balance back.
 * The last test runs the real commands (`npm run db:backup`, `npm run db:restore`) on a file.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type DB } from '~/db.server';
import {
  checkFile,
  listBackups,
  markServerRunning,
  clearServerMark,
  restoreBackup,
  takeBackup,
} from '~/services/platform/backup.server';
import { checkDatabase } from '~/services/platform/integrity.server';
import { testDbFile } from '../helpers/db';
import { DAY, giveCredit, makeRider, spendCredit } from '../money/counter-fixtures';

const run = promisify(execFile);
const opened: DB[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) if (db.$client.open) db.$client.close();
});

/** A data folder with a database holding riders with credit, some of it spent, and an upload. */
async function install() {
  const file = testDbFile();
  const dataDir = path.dirname(file);
  const uploadDir = path.join(dataDir, 'uploads');
  fs.mkdirSync(path.join(uploadDir, 'documents'), { recursive: true });
  fs.writeFileSync(path.join(uploadDir, 'documents', 'w9-abc.pdf'), '%PDF-1.4 rider document');
  const db = openDb(file);
  opened.push(db);
  const soon = new Date(Date.now() + 90 * DAY);
  const riders: number[] = [];
  for (let i = 0; i < 3; i++) {
    const { rider } = makeRider(db);
    giveCredit(db, rider.id, 5_000 + i * 1_000, soon);
    giveCredit(db, rider.id, 2_500, soon);
    await spendCredit(db, rider.id, 1_234 * (i + 1), new Date());
    riders.push(rider.id);
  }
  return { file, dataDir, uploadDir, backupDir: path.join(dataDir, 'backups'), db, riders };
}

function balances(sqlite: Database.Database) {
  return sqlite
    .prepare(
      `SELECT rider_id, sum(current_cents) AS cents FROM awards GROUP BY rider_id ORDER BY rider_id`,
    )
    .all();
}

describe('db:backup', () => {
  it('takes a verified online backup (database + uploads + manifest) while the connection stays open', async () => {
    const x = await install();
    const r = await takeBackup({
      sqlite: x.db.$client,
      uploadDir: x.uploadDir,
      dir: x.backupDir,
      keep: 14,
    });
    expect(r.name).toMatch(/^backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    expect(r.check.ok).toBe(true);
    expect(r.check.ledgerRows).toBeGreaterThan(6);
    expect(
      fs.readFileSync(path.join(r.dir, 'uploads', 'documents', 'w9-abc.pdf'), 'utf8'),
    ).toContain('rider document');
    const manifest = JSON.parse(fs.readFileSync(path.join(r.dir, 'manifest.json'), 'utf8')) as {
      sha256: string;
      uploads: number;
    };
    expect(manifest.uploads).toBe(1);
    expect(manifest.sha256).toMatch(/^[0-9a-f]{64}$/);
    const copy = new Database(path.join(r.dir, 'app.db'), { readonly: true });
    expect(balances(copy)).toEqual(balances(x.db.$client));
    copy.close();
    // The live connection still writes after the backup.
    giveCredit(x.db, x.riders[0], 100, new Date(Date.now() + DAY));
  });

  it('keeps only the last BACKUP_KEEP backups, oldest removed first', async () => {
    const x = await install();
    const t0 = Date.UTC(2026, 0, 1);
    for (let d = 0; d < 5; d++) {
      await takeBackup({
        sqlite: x.db.$client,
        uploadDir: x.uploadDir,
        dir: x.backupDir,
        keep: 3,
        now: new Date(t0 + d * DAY),
      });
    }
    expect(listBackups(x.backupDir)).toEqual([
      'backup-2026-01-03T00-00-00Z',
      'backup-2026-01-04T00-00-00Z',
      'backup-2026-01-05T00-00-00Z',
    ]);
  });

  it('refuses to keep a backup of a database whose ledger no longer matches the balances', async () => {
    const x = await install();
    x.db.$client
      .prepare(
        'UPDATE awards SET current_cents = current_cents + 1 WHERE id = (SELECT min(id) FROM awards)',
      )
      .run();
    expect(checkDatabase(x.db.$client).problems.join()).toMatch(/ledger \d+ != awards \d+/);
    await expect(
      takeBackup({ sqlite: x.db.$client, uploadDir: x.uploadDir, dir: x.backupDir, keep: 3 }),
    ).rejects.toThrow(/failed its checks/);
    expect(listBackups(x.backupDir)).toEqual([]);
    expect(fs.readdirSync(x.backupDir)).toEqual([]);
  });

  it('the ledger check names a balance held only in the ledger, one held only in awards, and a negative one', async () => {
    const x = await install();
    const sqlite = x.db.$client;
    expect(checkDatabase(sqlite).problems).toEqual([]);
    const rider = sqlite.prepare('SELECT rider_id AS id, currency FROM awards LIMIT 1').get() as {
      id: number;
      currency: string;
    };
    // A cash ledger row with no cash award behind it, negative: both problems for that balance.
    sqlite
      .prepare(
        `INSERT INTO ledger_entries (rider_id, balance, kind, amount_cents, currency, created_at) VALUES (?, 'cash', 'adjustment', -500, ?, '2026-01-01T00:00:00.000Z')`,
      )
      .run(rider.id, rider.currency);
    const problems = checkDatabase(sqlite).problems;
    expect(problems).toContain(`rider ${rider.id} cash ${rider.currency}: ledger -500 != awards 0`);
    expect(problems).toContain(`rider ${rider.id} cash ${rider.currency}: negative balance -500`);
    // Money in awards the ledger never recorded (another currency): named from the awards side.
    sqlite
      .prepare(
        `UPDATE awards SET currency = 'XXX' WHERE id = (SELECT max(id) FROM awards WHERE rider_id = ?)`,
      )
      .run(rider.id);
    expect(checkDatabase(sqlite).problems.join('\n')).toMatch(
      new RegExp(`rider ${rider.id} \\w+ XXX: ledger 0 != awards [1-9]\\d*`),
    );
  });
});

describe('db:restore', () => {
  it('backup → damage → restore: every balance and upload is back, the damaged data kept aside', async () => {
    const x = await install();
    const before = balances(x.db.$client);
    const { name } = await takeBackup({
      sqlite: x.db.$client,
      uploadDir: x.uploadDir,
      dir: x.backupDir,
      keep: 14,
    });
    // Damage: money vanishes from the ledger and awards, a document is lost.
    x.db.$client.prepare(`DELETE FROM ledger_entries WHERE kind = 'redemption'`).run();
    x.db.$client.prepare(`UPDATE awards SET current_cents = 0`).run();
    fs.rmSync(path.join(x.uploadDir, 'documents', 'w9-abc.pdf'));
    expect(balances(x.db.$client)).not.toEqual(before);
    x.db.$client.close();

    const r = await restoreBackup({
      backup: name,
      dbPath: x.file,
      uploadDir: x.uploadDir,
      dataDir: x.dataDir,
      backupDir: x.backupDir,
    });
    expect(r.check.ok).toBe(true);
    const restored = new Database(x.file, { readonly: true });
    expect(balances(restored)).toEqual(before);
    expect(checkDatabase(restored).ok).toBe(true);
    restored.close();
    expect(fs.existsSync(path.join(x.uploadDir, 'documents', 'w9-abc.pdf'))).toBe(true);
    expect(r.savedAs).toMatch(/pre-restore-/);
    expect(checkFile(path.join(r.savedAs!, 'app.db')).ok).toBe(false); // the damaged copy, kept
  });

  it('refuses while the server runs, and refuses a backup that fails its checks (nothing touched)', async () => {
    const x = await install();
    const { name, dir } = await takeBackup({
      sqlite: x.db.$client,
      uploadDir: x.uploadDir,
      dir: x.backupDir,
      keep: 14,
    });
    const opts = {
      backup: name,
      dbPath: x.file,
      uploadDir: x.uploadDir,
      dataDir: x.dataDir,
      backupDir: x.backupDir,
    };
    markServerRunning(x.dataDir); // this test process plays the running server
    await expect(restoreBackup(opts)).rejects.toThrow(/server is running \(pid \d+/);
    clearServerMark(x.dataDir);

    // A backup damaged on disk: bytes overwritten in the middle of the file.
    const copy = path.join(dir, 'app.db');
    const fd = fs.openSync(copy, 'r+');
    fs.writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, 4096 * 2);
    fs.closeSync(fd);
    const liveBefore = balances(x.db.$client);
    await expect(restoreBackup(opts)).rejects.toThrow(
      /backup failed its checks|malformed|not a database/,
    );
    expect(balances(x.db.$client)).toEqual(liveBefore);
  });

  it('the commands: npm run db:backup then db:restore on a stopped install', async () => {
    const x = await install();
    const before = balances(x.db.$client);
    const env = {
      ...process.env,
      DATABASE_PATH: x.file,
      UPLOAD_DIR: x.uploadDir,
      BACKUP_DIR: x.backupDir,
      BACKUP_KEEP: '2',
    };
    const tsx = ['--import', 'tsx'];
    const b = await run(process.execPath, [...tsx, 'scripts/db-backup.ts'], { env });
    expect(b.stdout).toMatch(/Backup .*backup-.*checks passed/);
    const [name] = listBackups(x.backupDir);
    x.db.$client.prepare(`UPDATE awards SET current_cents = 1`).run();
    x.db.$client.close();
    const r = await run(process.execPath, [...tsx, 'scripts/db-restore.ts', name], { env });
    expect(r.stdout).toMatch(/Restored .* checks passed/);
    const restored = new Database(x.file, { readonly: true });
    expect(balances(restored)).toEqual(before);
    restored.close();
    // Without an argument it lists the backups.
    const l = await run(process.execPath, [...tsx, 'scripts/db-restore.ts'], { env });
    expect(l.stdout).toContain(name);
  });
});

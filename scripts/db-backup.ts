/**
 * npm run db:backup — a verified online backup of DATABASE_PATH and the uploads folder into
 * BACKUP_DIR (default <data>/backups), keeping the last BACKUP_KEEP (default 14). Safe while the
 * server runs (SQLite's backup API). Exits non-zero when the backup fails its checks.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { env } from '~/env.server';
import { takeBackup } from '~/services/platform/backup.server';

const e = env();
if (!fs.existsSync(e.DATABASE_PATH)) {
  console.error(`No database at ${e.DATABASE_PATH}`);
  process.exit(1);
}
const sqlite = new Database(e.DATABASE_PATH, { fileMustExist: true });
sqlite.pragma('busy_timeout = 5000');
try {
  const r = await takeBackup({
    sqlite,
    uploadDir: e.UPLOAD_DIR,
    dir: e.BACKUP_DIR,
    keep: e.BACKUP_KEEP,
  });
  console.log(
    `Backup ${r.dir}: ${(r.bytes / 1e6).toFixed(1)} MB, ${r.uploads} upload(s), checks passed ` +
      `(${r.check.ledgerRows} ledger rows = ${r.check.awards} awards' balances)` +
      (r.pruned.length ? `; removed ${r.pruned.join(', ')}` : ''),
  );
} catch (err) {
  console.error(`Backup FAILED: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  sqlite.close();
}

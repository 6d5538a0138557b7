/**
 * npm run db:restore -- <backup> [--force] — restores a backup (a folder name in BACKUP_DIR, a
 * path, or a bare .db file) into DATABASE_PATH and the uploads folder. Refuses while the server
 * runs (<data>/server.pid names a live process; --force only for a stale file you have checked)
 * and when the backup fails its checks. The current data is kept as BACKUP_DIR/pre-restore-<date>.
 * Without an argument, lists the backups.
 */
import { env } from '~/env.server';
import { listBackups, restoreBackup } from '~/services/platform/backup.server';

const e = env();
const args = process.argv.slice(2);
const backup = args.find((a) => !a.startsWith('--'));
if (!backup) {
  const all = listBackups(e.BACKUP_DIR);
  console.log(
    all.length
      ? `Backups in ${e.BACKUP_DIR}:\n  ${all.join('\n  ')}`
      : `No backups in ${e.BACKUP_DIR}`,
  );
  console.log('Usage: npm run db:restore -- <backup> [--force]');
  process.exit(all.length ? 0 : 1);
}
try {
  const r = await restoreBackup({
    backup,
    dbPath: e.DATABASE_PATH,
    uploadDir: e.UPLOAD_DIR,
    dataDir: e.DATA_DIR,
    backupDir: e.BACKUP_DIR,
    force: args.includes('--force'),
  });
  console.log(
    `Restored ${r.restoredFrom} into ${e.DATABASE_PATH}; checks passed (${r.check.ledgerRows} ledger rows).` +
      (r.savedAs ? ` The data it replaced is in ${r.savedAs}.` : ''),
  );
} catch (err) {
  console.error(`Restore refused: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

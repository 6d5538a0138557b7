/**
 * Backups and restore (docs/operations.md "Backups").
 *
 * A backup is a folder `backup-<UTC date and time>` in BACKUP_DIR holding `app.db` (taken with
 * SQLite's online backup API, so the server keeps running and the copy is one consistent
 * snapshot), `uploads/` (a copy of the rider documents) and `manifest.json`. It is written under
 * a `.partial` name, checked (integrity_check, foreign keys, ledger = balances) and only then
 * renamed into place, so a folder named `backup-*` is always a verified backup. The last
 * BACKUP_KEEP are kept.
 *
 * A restore runs only into a stopped install: the server keeps its process id in
 * `<data>/server.pid` while it runs, and a restore refuses while that process is alive. The
 * backup is checked before anything is touched; the current database and uploads are first
 * saved as `pre-restore-<date>` beside the backups, then replaced; the result is checked again.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { checkFile, type IntegrityReport } from './integrity.server';
import { checkFileOffThread } from './integrity-thread.server';

const BACKUP_PREFIX = 'backup-';
const DB_NAME = 'app.db';

export type BackupResult = {
  dir: string;
  name: string;
  bytes: number;
  uploads: number;
  check: IntegrityReport;
  pruned: string[];
};

/** `2026-03-02T04-05-06Z`: sortable, safe in file names. */
function stamp(now: Date) {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
}

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile())
    .length;
}

/** The file's SHA-256, read as a stream (a five-year database is 500 MB: never one buffer). */
async function sha256(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export { checkFile } from './integrity.server';

/** The verified backups in `dir`, oldest first. */
export function listBackups(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name.startsWith(BACKUP_PREFIX))
    .map((d) => d.name)
    .sort();
}

/**
 * Takes a verified backup of the open database `sqlite` (the server's own connection, or one the
 * command opens: the backup API works across processes) plus `uploadDir`, then keeps the last `keep`.
 */
export async function takeBackup(opts: {
  sqlite: Database.Database;
  uploadDir: string;
  dir: string;
  keep: number;
  now?: Date;
}): Promise<BackupResult> {
  const now = opts.now ?? new Date();
  fs.mkdirSync(opts.dir, { recursive: true });
  let name = `${BACKUP_PREFIX}${stamp(now)}`;
  for (let i = 2; fs.existsSync(path.join(opts.dir, name)); i++)
    name = `${BACKUP_PREFIX}${stamp(now)}-${i}`;
  const partial = path.join(opts.dir, `.${name}.partial`);
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial);
  try {
    const dbFile = path.join(partial, DB_NAME);
    await opts.sqlite.backup(dbFile);
    if (fs.existsSync(opts.uploadDir))
      fs.cpSync(opts.uploadDir, path.join(partial, 'uploads'), { recursive: true });
    else fs.mkdirSync(path.join(partial, 'uploads'));
    // Verified on a worker thread in a built server: at five years the checks take ~9 s of CPU.
    const check = await checkFileOffThread(dbFile);
    if (!check.ok)
      throw new Error(`backup failed its checks:\n  ${check.problems.slice(0, 20).join('\n  ')}`);
    const bytes = fs.statSync(dbFile).size;
    const digest = await sha256(dbFile);
    const uploads = countFiles(path.join(partial, 'uploads'));
    fs.writeFileSync(
      path.join(partial, 'manifest.json'),
      JSON.stringify(
        {
          createdAt: now.toISOString(),
          database: DB_NAME,
          bytes,
          sha256: digest,
          uploads,
          ledgerRows: check.ledgerRows,
          awards: check.awards,
        },
        null,
        2,
      ),
    );
    const dir = path.join(opts.dir, name);
    fs.renameSync(partial, dir);
    const all = listBackups(opts.dir);
    const pruned = all.slice(0, Math.max(0, all.length - opts.keep));
    for (const old of pruned) fs.rmSync(path.join(opts.dir, old), { recursive: true, force: true });
    return { dir, name, bytes, uploads, check, pruned };
  } catch (err) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw err;
  }
}

// ------------------------------------------------------------------ the running server's mark

function pidFile(dataDir: string) {
  return path.join(dataDir, 'server.pid');
}

/** Written by the server at start; removed at a clean stop. */
export function markServerRunning(dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(pidFile(dataDir), `${process.pid}\n`);
}

export function clearServerMark(dataDir: string) {
  try {
    if (fs.readFileSync(pidFile(dataDir), 'utf8').trim() === String(process.pid))
      fs.rmSync(pidFile(dataDir));
  } catch {
    // already gone
  }
}

/** The pid of a live server using `dataDir`, or null (a stale file from a crash counts as stopped). */
function runningServer(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile(dataDir), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

// ------------------------------------------------------------------ restore

/** A backup given by folder, by name in `backupDir`, or a bare .db file (migration backups). */
function resolveBackup(arg: string, backupDir: string): { dbFile: string; uploads: string | null } {
  const candidates = [path.resolve(arg), path.join(backupDir, arg)];
  for (const c of candidates) {
    if (!fs.existsSync(c)) continue;
    if (fs.statSync(c).isDirectory()) {
      const dbFile = path.join(c, DB_NAME);
      if (!fs.existsSync(dbFile)) throw new Error(`${c} holds no ${DB_NAME}`);
      const uploads = path.join(c, 'uploads');
      return { dbFile, uploads: fs.existsSync(uploads) ? uploads : null };
    }
    return { dbFile: c, uploads: null };
  }
  throw new Error(`no backup named ${arg} (looked in ${backupDir})`);
}

export type RestoreResult = {
  restoredFrom: string;
  savedAs: string | null;
  check: IntegrityReport;
};

/** Restores a backup into a stopped install (see the module comment). */
export async function restoreBackup(opts: {
  backup: string;
  dbPath: string;
  uploadDir: string;
  dataDir: string;
  backupDir: string;
  force?: boolean;
  now?: Date;
}): Promise<RestoreResult> {
  const pid = runningServer(opts.dataDir);
  if (pid !== null && !opts.force) {
    throw new Error(`the server is running (pid ${pid}, ${pidFile(opts.dataDir)}): stop it first`);
  }
  const src = resolveBackup(opts.backup, opts.backupDir);
  const before = checkFile(src.dbFile);
  if (!before.ok)
    throw new Error(
      `the backup failed its checks, nothing was changed:\n  ${before.problems.slice(0, 20).join('\n  ')}`,
    );

  // Keep what is there now, in case the restore was the mistake.
  let savedAs: string | null = null;
  const saved = path.join(opts.backupDir, `pre-restore-${stamp(opts.now ?? new Date())}`);
  if (fs.existsSync(opts.dbPath) || fs.existsSync(opts.uploadDir)) {
    fs.mkdirSync(saved, { recursive: true });
    savedAs = saved;
    if (fs.existsSync(opts.dbPath)) {
      try {
        const cur = new Database(opts.dbPath, { fileMustExist: true });
        try {
          await cur.backup(path.join(saved, DB_NAME));
        } finally {
          cur.close();
        }
      } catch {
        // A damaged file may not even open: keep its bytes as they are.
        fs.copyFileSync(opts.dbPath, path.join(saved, DB_NAME));
      }
    }
    if (fs.existsSync(opts.uploadDir)) {
      // Copy then empty (not rename): the uploads folder may be a mount point.
      fs.cpSync(opts.uploadDir, path.join(saved, 'uploads'), { recursive: true });
      for (const entry of fs.readdirSync(opts.uploadDir))
        fs.rmSync(path.join(opts.uploadDir, entry), { recursive: true, force: true });
    }
  }

  fs.mkdirSync(path.dirname(opts.dbPath), { recursive: true });
  const tmp = `${opts.dbPath}.restoring`;
  fs.copyFileSync(src.dbFile, tmp);
  for (const side of ['-wal', '-shm', '-journal'])
    fs.rmSync(`${opts.dbPath}${side}`, { force: true });
  fs.renameSync(tmp, opts.dbPath);
  if (src.uploads) fs.cpSync(src.uploads, opts.uploadDir, { recursive: true });
  else fs.mkdirSync(opts.uploadDir, { recursive: true });

  const check = checkFile(opts.dbPath);
  if (!check.ok)
    throw new Error(
      `the restored database failed its checks:\n  ${check.problems.slice(0, 20).join('\n  ')}`,
    );
  return { restoredFrom: src.dbFile, savedAs, check };
}

/**
 * What every npm script shares: the database at DATABASE_PATH migrated first (a fresh or older
 * database is brought up to date, with a backup, as the server does at start), and a failure said
 * in one clear line with what to do, never a stack trace.
 */
import { migrateDatabase } from '#db/migrate';
import { openDb, type DB } from '~/db.server';
import { env } from '~/env.server';

/** The migrated database of DATABASE_PATH. */
export async function openMigratedDb(): Promise<DB> {
  const file = env().DATABASE_PATH;
  const applied = await migrateDatabase(file);
  if (applied) console.log(`Migrations applied first: ${applied} (${file})`);
  return openDb(file);
}

/** Runs a script's body; on failure prints its message and a hint, and exits 1. */
export async function runScript(name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error(`${name} failed: ${message}`);
    console.error(
      'Check DATABASE_PATH (and the other variables of .env.example), then run it again; LOG_LEVEL=debug shows more.',
    );
    if (process.env.LOG_LEVEL === 'debug') console.error(err);
    process.exit(1);
  }
}

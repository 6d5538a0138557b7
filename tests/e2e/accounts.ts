/** Accounts made for one test, as the server's command line makes them, and their sessions aged. */
import { spawnSync } from 'node:child_process';
import { writeDb } from './db-write';
import { databasePath } from './helpers';

/**
 * `npm run user:create` with `args` (role, e-mail, names…) and `password`, against the running
 * server's database, in `lang` (the account's mail language); throws with its message on failure.
 */
export function userCreate(args: string[], password: string, lang: 'en' | 'fr' = 'en'): number {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/user-create.ts', ...args, '--password', password],
    { env: { ...process.env, DATABASE_PATH: databasePath() }, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(r.stderr);
  const email = args[args.indexOf('--email') + 1];
  return writeDb((db) => {
    db.prepare('UPDATE users SET lang = ? WHERE email = ?').run(lang, email);
    return (db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;
  });
}

/** The cookie alone: every session of the account last proved its owner an hour ago. */
export function makeStale(email: string) {
  const hourAgo = new Date(Date.now() - 60 * 60_000).toISOString();
  writeDb((db) =>
    db
      .prepare(
        'UPDATE sessions SET verified_at = ? WHERE user_id = (SELECT id FROM users WHERE email = ?)',
      )
      .run(hourAgo, email),
  );
}

export type DealerAccount = { id: number; email: string; dealerId: number };

/** A dealer of one test alone (a fresh e-mail from `tag`), as `npm run user:create` makes one. */
export function dealerAccount(
  tag: string,
  password: string,
  lang: 'en' | 'fr' = 'en',
): DealerAccount {
  const email = `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const id = userCreate(
    ['--role', 'dealer', '--email', email, '--name', `Motors ${tag}`],
    password,
    lang,
  );
  const dealerId = writeDb(
    (db) => (db.prepare('SELECT id FROM dealers WHERE user_id = ?').get(id) as { id: number }).id,
  );
  return { id, email, dealerId };
}

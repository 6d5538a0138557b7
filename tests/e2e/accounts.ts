/** Accounts made for one test, as the server's command line makes them, and their sessions aged. */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { openDb } from '~/db.server';
import { hashPassword } from '~/services/auth/password.server';
import { createAccount, type NewAccount } from '~/services/people/users.server';
import { writeDb } from './db-write';
import { databasePath, DEMO_PASSWORD, uniqueEmail } from './helpers';

/** The account's id, with its mail language set to `lang`. */
function withLang(email: string, lang: 'en' | 'fr'): number {
  return writeDb((db) => {
    db.prepare('UPDATE users SET lang = ? WHERE email = ?').run(lang, email);
    return (db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;
  });
}

/**
 * `npm run user:create` with `args` (role, e-mail, names…) and `password`, run as a command
 * against the running server's database, in `lang` (the account's mail language); throws with its
 * message on failure. Seconds each (tsx compiles the app anew): `userCreate` makes the same
 * account in this process.
 */
export function userCreateCommand(
  args: string[],
  password: string,
  lang: 'en' | 'fr' = 'en',
): number {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/user-create.ts', ...args, '--password', password],
    { env: { ...process.env, DATABASE_PATH: databasePath() }, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(r.stderr);
  return withLang(args[args.indexOf('--email') + 1]!, lang);
}

/**
 * The account `npm run user:create` makes with `args` and `password` (verified; an admin must set
 * up a second factor), made in this process; in `lang`. The command's own rules are tested in
 * tests/unit/auth/user-create.test.ts, and two-factor.test.ts runs it once.
 */
export async function userCreate(
  args: string[],
  password: string,
  lang: 'en' | 'fr' = 'en',
): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      role: { type: 'string' },
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      name: { type: 'string' },
    },
  });
  const db = openDb(databasePath());
  try {
    const { user } = await createAccount(db, {
      role: values.role as NewAccount['role'],
      email: values.email!,
      password,
      emailVerified: true,
      firstName: values['first-name'],
      lastName: values['last-name'],
      name: values.name,
    });
    if (user.role === 'admin')
      writeDb((w) =>
        w.prepare('UPDATE users SET two_factor_required = 1 WHERE id = ?').run(user.id),
      );
  } finally {
    db.$client.close();
  }
  return withLang(values.email!, lang);
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
export async function dealerAccount(
  tag: string,
  password: string,
  lang: 'en' | 'fr' = 'en',
): Promise<DealerAccount> {
  const email = `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const id = await userCreate(
    ['--role', 'dealer', '--email', email, '--name', `Motors ${tag}`],
    password,
    lang,
  );
  const dealerId = writeDb(
    (db) => (db.prepare('SELECT id FROM dealers WHERE user_id = ?').get(id) as { id: number }).id,
  );
  return { id, email, dealerId };
}

/** A second active admin with the demo password (the demo has one): a held change needs one. */
export async function secondAdmin(tag = 'second-admin'): Promise<string> {
  const email = uniqueEmail(tag);
  const hash = await hashPassword(DEMO_PASSWORD);
  writeDb((db) => {
    const u = db
      .prepare(
        "insert into users (email, password_hash, role, email_verified) values (?, ?, 'admin', 1) returning id",
      )
      .get(email, hash) as { id: number };
    db.prepare(
      "insert into admins (user_id, first_name, last_name) values (?, 'Second', 'Admin')",
    ).run(u.id);
  });
  return email;
}

/**
 * The first run and the known-password check. A local trial (no PUBLIC_URL, SEED_DEMO not false)
 * gets the demo season on an empty database, as the README's first command promises. A real
 * install (PUBLIC_URL set, or SEED_DEMO=false) never gets demo accounts, and refuses to start while
 * any account's password is a published one: every stored hash is checked against the demo
 * password (by the hash, not by the e-mail, so a renamed demo account is found too).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { count, isNotNull } from 'drizzle-orm';
import { users } from '#db/schema';
import { DEMO_PASSWORD } from '#db/seed-accounts';
import type { DB } from '~/db.server';
import { verifyPassword } from '~/services/auth/password.server';

export type FirstRun = 'seeded' | 'skipped' | 'notEmpty';

/** Passwords published with the product (README, seed): no real account may keep one. */
export const PUBLISHED_PASSWORDS = [DEMO_PASSWORD];

/** Seeds the demo season into an empty database when `seedDemo` (a local trial). */
export async function seedIfEmpty(db: DB, seedDemo: boolean): Promise<FirstRun> {
  if ((db.select({ n: count() }).from(users).get()?.n ?? 0) > 0) return 'notEmpty';
  if (!seedDemo) return 'skipped';
  const { seed } = await import('#db/seed');
  await seed(db);
  return 'seeded';
}

const fingerprint = (hash: string) => createHash('sha256').update(hash).digest('hex').slice(0, 32);

/**
 * The accounts whose password is a published one. Each distinct stored hash is verified once
 * (argon2 through the bounded hashing slots); hashes found safe are remembered in `checkedFile`
 * (fingerprints only), so a later start checks only the accounts created or changed since.
 */
export async function accountsWithPublishedPassword(
  db: DB,
  checkedFile?: string,
): Promise<{ id: number; email: string; role: string }[]> {
  const rows = db
    .select({ id: users.id, email: users.email, role: users.role, hash: users.passwordHash })
    .from(users)
    .where(isNotNull(users.passwordHash))
    .all();
  const checked = new Set<string>(
    checkedFile && fs.existsSync(checkedFile)
      ? fs.readFileSync(checkedFile, 'utf8').split('\n').filter(Boolean)
      : [],
  );
  const toCheck = [...new Set(rows.map((r) => r.hash!))].filter(
    (h) => !checked.has(fingerprint(h)),
  );
  const known = new Set<string>();
  await Promise.all(
    toCheck.map(async (hash) => {
      for (const password of PUBLISHED_PASSWORDS) {
        if ((await verifyPassword(password, hash)).ok) return void known.add(hash);
      }
      checked.add(fingerprint(hash));
    }),
  );
  if (checkedFile && toCheck.length > 0) {
    try {
      fs.writeFileSync(checkedFile, `${[...checked].join('\n')}\n`, { mode: 0o600 });
    } catch {
      // Only a cache: the next start checks again.
    }
  }
  return rows
    .filter((r) => known.has(r.hash!))
    .map((r) => ({ id: r.id, email: r.email, role: r.role }));
}

/** What a real install says when it refuses to start (the operator reads it in the log). */
export function knownPasswordMessage(accounts: { email: string }[]): string {
  const shown = accounts
    .slice(0, 5)
    .map((a) => a.email)
    .join(', ');
  const more = accounts.length > 5 ? ` and ${accounts.length - 5} more` : '';
  return [
    `Refusing to start: this is a real install (PUBLIC_URL is set or SEED_DEMO=false), and ${accounts.length} account(s) still have the published demo password: ${shown}${more}.`,
    'If the database holds only the demo data, remove it: stop the server, move DATABASE_PATH (and its -wal/-shm files) away, then start again on an empty database.',
    "Then create the first admin: npm run user:create -- --role admin --email you@example.com --password '<a long secret>'.",
    'To try the demo instead, start without PUBLIC_URL and without SEED_DEMO=false (a local trial).',
  ].join('\n');
}

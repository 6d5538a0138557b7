/**
 * The first run and the known-password check. A local trial (no PUBLIC_URL, SEED_DEMO not false)
 * gets the demo season on an empty database, as the README's first command promises. A real
 * install (PUBLIC_URL set, or SEED_DEMO=false) never gets demo accounts, and locks every account
 * whose password is a published one until its owner resets it by e-mail: each stored hash is
 * checked against the demo password (by the hash, not by the e-mail, so a renamed demo account is
 * found too). It never refuses to start: anyone could plant such an account to stop the install.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { users } from '#db/schema';
import { writeTx, type DB } from '~/db.server';
import { PUBLISHED_PASSWORDS } from '~/services/auth/password-policy.server';
import { verifyPassword } from '~/services/auth/password.server';
import { endUserSessions } from '~/services/auth/session.server';
import { audit, SYSTEM_ACTOR } from '~/services/platform/audit.server';

export type FirstRun = 'seeded' | 'skipped' | 'notEmpty';

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
 * The accounts, not locked yet, whose password is a published one. Each distinct stored hash is
 * verified once (argon2 through the bounded hashing slots); hashes found safe are remembered in
 * `checkedFile` (fingerprints only), so a later start checks only the accounts created or changed
 * since.
 */
export async function accountsWithPublishedPassword(
  db: DB,
  checkedFile?: string,
): Promise<{ id: number; email: string; role: string }[]> {
  const rows = db
    .select({ id: users.id, email: users.email, role: users.role, hash: users.passwordHash })
    .from(users)
    .where(and(isNotNull(users.passwordHash), eq(users.passwordLocked, false)))
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

/**
 * A real install's start: every account holding a published password is locked (password sign-in
 * refused until a reset by e-mail) and its sessions end, with an audit line each. Returns the
 * accounts locked now and how many stay locked (earlier starts included).
 */
export async function lockPublishedPasswords(
  db: DB,
  checkedFile?: string,
): Promise<{ locked: { id: number; role: string }[]; stillLocked: number }> {
  const found = await accountsWithPublishedPassword(db, checkedFile);
  const ids = found.map((a) => a.id);
  writeTx(db, (tx) => {
    if (ids.length === 0) return;
    tx.update(users)
      .set({ passwordLocked: true, updatedAt: new Date().toISOString() })
      .where(inArray(users.id, ids))
      .run();
    for (const id of ids) {
      endUserSessions(tx, id);
      audit(tx, SYSTEM_ACTOR, 'user.passwordLocked', { type: 'user', id }, {});
    }
  });
  const stillLocked =
    db.select({ n: count() }).from(users).where(eq(users.passwordLocked, true)).get()?.n ?? 0;
  return { locked: found.map(({ id, role }) => ({ id, role })), stillLocked };
}

/**
 * What the start logs when accounts are locked (counts and user ids: the log may travel further
 * than the database, so no e-mail addresses).
 */
export function lockedPasswordMessage(locked: { id: number }[], stillLocked: number): string {
  const ids = locked
    .slice(0, 20)
    .map((a) => a.id)
    .join(', ');
  const more = locked.length > 20 ? ` and ${locked.length - 20} more` : '';
  const now =
    locked.length > 0
      ? `${locked.length} account(s) had the published demo password and are now locked (user ids ${ids}${more}); `
      : '';
  return [
    `${now}${stillLocked} account(s) are locked for having had the published demo password.`,
    'A locked account cannot sign in with its password until its owner resets it by e-mail ("Forgot your password?"); its sessions were ended.',
    'If the database holds only the demo data, start on an empty database instead (docs/operations.md), then create the first admin with npm run user:create.',
  ].join('\n');
}

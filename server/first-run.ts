/**
 * The first-run demo seed (README: a fresh clone shows a demo season on `npm start`): an empty
 * database (no users) gets the demo accounts and season — unless SEED_DEMO=false, which a
 * production install sets so it never has demo accounts with known passwords; its first account
 * comes from `npm run user:create`.
 */
import { count } from 'drizzle-orm';
import { users } from '#db/schema';
import type { DB } from '~/db.server';

export type FirstRun = 'seeded' | 'skipped' | 'notEmpty';

/** Seeds the demo season into an empty database when `seedDemo` (SEED_DEMO, default true). */
export async function seedIfEmpty(db: DB, seedDemo: boolean): Promise<FirstRun> {
  if ((db.select({ n: count() }).from(users).get()?.n ?? 0) > 0) return 'notEmpty';
  if (!seedDemo) return 'skipped';
  const { seed } = await import('#db/seed');
  await seed(db);
  return 'seeded';
}

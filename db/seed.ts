/** Demo season seed (placeholder until the seed lands). */
import type { DB } from '~/db.server';

export async function seed(_db: DB): Promise<void> {}

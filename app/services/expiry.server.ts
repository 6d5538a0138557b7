/** Credit expiry (placeholder until the money engine lands). */
import type { DB } from '~/db.server';

export function expireCredits(_db: DB, _now: Date): { expired: number } {
  return { expired: 0 };
}

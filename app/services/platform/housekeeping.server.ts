/**
 * The daily clean-up (server daily jobs and `npm run jobs:daily`): sent mails older than 30 days
 * (their links are long expired) and idempotency keys past their replay window.
 */
import type { DB } from '~/db.server';
import { purgeIdempotencyKeys } from '~/services/money/idempotency.server';
import { purgeSentMails } from '~/services/platform/mail.server';

export function housekeeping(db: DB, now = new Date()): { mails: number; idempotencyKeys: number } {
  return { mails: purgeSentMails(db, 30, now), idempotencyKeys: purgeIdempotencyKeys(db, now) };
}

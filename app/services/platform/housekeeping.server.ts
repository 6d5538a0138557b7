/**
 * The daily clean-up (server daily jobs and `npm run jobs:daily`): sent mails older than 30 days
 * (their links are long expired), idempotency keys past their replay window, and expired sign-in
 * state (sessions, pending code steps and WebAuthn challenges), which nothing can use any more.
 */
import type { DB } from '~/db.server';
import { purgeExpiredSessions } from '~/services/auth/session.server';
import { purgeExpiredChallenges } from '~/services/auth/signin-challenge.server';
import { purgeIdempotencyKeys } from '~/services/money/ledger/idempotency.server';
import { purgeSentMails } from '~/services/platform/mail.server';

export type Purged = {
  mails: number;
  idempotencyKeys: number;
  sessions: number;
  signInChallenges: number;
};

export function housekeeping(db: DB, now = new Date()): Purged {
  return {
    mails: purgeSentMails(db, 30, now),
    idempotencyKeys: purgeIdempotencyKeys(db, now),
    sessions: purgeExpiredSessions(db, now),
    signInChallenges: purgeExpiredChallenges(db, now.getTime()),
  };
}

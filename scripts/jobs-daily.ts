/**
 * npm run jobs:daily — every daily job, in order: credit and cash expiry (ledger rows), then the
 * deadline reminders (docs/rules.md "Reminders"), then the clean-up of old sent mails and
 * idempotency keys. A fresh or older database is migrated first. (The server runs the same jobs, and a verified backup, once a day.) Safe to run again the same day: nothing
 * expires twice and each reminder goes once per item and threshold.
 */
import { expireCredits } from '~/services/money/ledger/expiry.server';
import { sendDueReminders } from '~/services/platform/reminders.server';
import { housekeeping } from '~/services/platform/housekeeping.server';
import { deliveryIdle } from '~/services/platform/mail.server';
import { openMigratedDb, runScript } from './cli';

await runScript('jobs:daily', async () => {
  const db = await openMigratedDb();
  const now = process.env.JOBS_NOW ? new Date(process.env.JOBS_NOW) : new Date();
  const expired = expireCredits(db, now);
  console.log(`Expired ${expired.expired} award(s)`);
  const reminders = await sendDueReminders(db, now);
  console.log(`Reminders: ${reminders.sent} sent, ${reminders.optedOut} turned off by the rider`);
  const purged = housekeeping(db, now);
  console.log(
    `Removed ${purged.mails} old sent mail(s), ${purged.idempotencyKeys} old idempotency key(s), ` +
      `${purged.sessions} expired session(s) and ${purged.signInChallenges} expired sign-in challenge(s)`,
  );
  // With SMTP_URL the queued mails are on their way: let that pass end before closing (what it
  // could not send stays queued for the server's worker).
  await deliveryIdle();
  db.$client.close();
});

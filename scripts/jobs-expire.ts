/** npm run jobs:expire — marks credit past its expiry as expired, with ledger rows (migrates first). */
import { expireCredits } from '~/services/money/ledger/expiry.server';
import { openMigratedDb, runScript } from './cli';

await runScript('jobs:expire', async () => {
  const db = await openMigratedDb();
  const result = expireCredits(db, new Date());
  console.log(`Expired ${result.expired} award(s)`);
  db.$client.close();
});

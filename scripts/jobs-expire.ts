/** npm run jobs:expire — marks credit past its expiry as expired, with ledger rows. */
import { openDb } from '~/db.server';
import { env } from '~/env.server';
import { expireCredits } from '~/services/money/expiry.server';

const db = openDb(env().DATABASE_PATH);
const result = expireCredits(db, new Date());
console.log(`Expired ${result.expired} award(s)`);
db.$client.close();

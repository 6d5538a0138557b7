/** npm run db:migrate — applies pending migrations to DATABASE_PATH (backup first). */
import { migrateDatabase } from '#db/migrate';
import { env } from '~/env.server';

const applied = await migrateDatabase(env().DATABASE_PATH);
console.log(`Migrations applied: ${applied} (${env().DATABASE_PATH})`);

/** npm run dev — migrates, seeds an empty database, then runs the Vite dev server. */
import { spawn } from 'node:child_process';
import { count } from 'drizzle-orm';
import { migrateDatabase } from '#db/migrate';
import { users } from '#db/schema';
import { seed } from '#db/seed';
import { openDb } from '~/db.server';
import { env } from '~/env.server';

await migrateDatabase(env().DATABASE_PATH);
const db = openDb(env().DATABASE_PATH);
if ((db.select({ n: count() }).from(users).get()?.n ?? 0) === 0) await seed(db);
db.$client.close();
spawn('npx', ['remix', 'vite:dev'], { stdio: 'inherit', env: process.env }).on('exit', (c) =>
  process.exit(c ?? 0),
);

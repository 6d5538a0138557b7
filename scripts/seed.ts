/** npm run db:seed — rebuilds the database: deletes it, migrates, seeds the demo season. */
import fs from 'node:fs';
import { migrateDatabase } from '#db/migrate';
import { seed } from '#db/seed';
import { openDb } from '~/db.server';
import { env } from '~/env.server';

const file = env().DATABASE_PATH;
for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
await migrateDatabase(file, { backup: false });
const db = openDb(file);
await seed(db);
db.$client.close();
console.log(`Seeded ${file}`);

// Child process of xlsx-memory.test.ts: reads the XLSX named on the command line through the
// upload worker (path given second), under the heap limit the parent chose for this process.
import fs from 'node:fs';
import { readUploadOffThread } from '~/services/events/files/upload-thread.server';

const outcome = await readUploadOffThread(
  new Uint8Array(fs.readFileSync(process.argv[2])),
  process.argv[3],
);
console.log(
  JSON.stringify(
    outcome.ok ? { rows: outcome.value.length } : { refused: outcome.problems[0]?.code },
  ),
);

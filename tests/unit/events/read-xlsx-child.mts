// Child process of xlsx-streaming.test.ts: reads the XLSX named on the command line with the
// upload reader and prints what happened, under the heap limit the parent chose.
import fs from 'node:fs';
import { readXlsx } from '~/services/events/xlsx-reader.server';

try {
  const rows = await readXlsx(new Uint8Array(fs.readFileSync(process.argv[2])));
  console.log(JSON.stringify({ rows: rows.length }));
} catch (e) {
  console.log(JSON.stringify({ refused: (e as { problem?: { code: string } }).problem?.code ?? String(e) }));
}

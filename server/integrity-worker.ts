/**
 * Worker thread entry (bundled by scripts/build-server.mjs next to the server): checks one
 * database file (`workerData` is its path) with `checkFile` — integrity_check, foreign keys, the
 * ledger and the report totals — off the main event loop, and posts the report back. See
 * app/services/platform/integrity-thread.server.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { checkFile } from '~/services/platform/integrity.server';

parentPort?.postMessage(checkFile(workerData as string));

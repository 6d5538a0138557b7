/**
 * Worker thread entry (bundled by scripts/build-server.mjs next to the server): reads one uploaded
 * file (CSV or XLSX, `workerData` is its bytes) into rows off the main event loop and posts the
 * outcome back — the same `readUploadOutcome` the server would run in-thread, so the rows and the
 * problems are identical. See app/services/events/upload-thread.server.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readUploadOutcome } from '~/services/events/upload-reader.server';

parentPort?.postMessage(await readUploadOutcome(workerData as Uint8Array));

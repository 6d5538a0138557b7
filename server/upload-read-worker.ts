/**
 * Worker thread entry (bundled by scripts/build-server.mjs next to the server): reads one uploaded
 * file (CSV or XLSX: a results or class file as its bytes, or a VIN pattern file) into rows off the
 * main event loop and posts the outcome back — the same `readUploadOutcome` the server would run in-thread, so the rows and the
 * problems are identical. See app/services/events/files/upload-thread.server.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { UploadReadJob } from '~/services/events/files/upload-thread.server';
import { readUploadOutcome } from '~/services/events/files/upload-reader.server';
import { readPatternTable } from '~/services/vin/vin-import-file.server';

const job = workerData as UploadReadJob;
parentPort?.postMessage(
  job instanceof Uint8Array ? await readUploadOutcome(job) : await readPatternTable(job),
);

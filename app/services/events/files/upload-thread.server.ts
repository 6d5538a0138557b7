/**
 * Reading an uploaded file off the event loop (the server keeps answering while a large
 * results file is read). In a built server the bytes go to a worker thread running
 * server/upload-read-worker.ts (built as BUILD_DIR/app-server/upload-read-worker.js); from source
 * (development, unit tests), or if the worker cannot start, they are read in-thread. Either way the
 * outcome is `readUploadOutcome`'s: the same rows, the same problems. Only reading and parsing
 * move: every database write stays on the main thread in one synchronous transaction.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ParseOutcome } from '~/services/events/files/import-problems.server';
import type { SheetRow } from '~/services/events/files/sheet-cells.server';
import { readUploadOutcome } from '~/services/events/files/upload-reader.server';
import { logger } from '~/services/platform/log.server';

/**
 * The worker built beside a built server, or null (then files are read in-thread): when this
 * module runs from TypeScript source (vite dev server, vitest) there is no matching build.
 */
export function builtUploadWorker(): string | null {
  if (/\.tsx?$/.test(new URL(import.meta.url).pathname)) return null;
  const file = path.resolve(
    process.env.BUILD_DIR ?? 'build',
    'app-server',
    'upload-read-worker.js',
  );
  return fs.existsSync(file) ? file : null;
}

/** The upload reader's heap (the server's own is 256 MB, scripts/node-flags.mjs). */
const UPLOAD_WORKER_HEAP_MB = 384;

const unreadable: ParseOutcome<SheetRow[]> = {
  ok: false,
  problems: [{ row: null, column: null, code: 'unreadableFile' }],
};

/** What the worker is asked to read: a results or class file, or a VIN pattern file. */
export type UploadReadJob = Uint8Array | { kind: 'vinPatterns'; name: string; bytes: Uint8Array };

/**
 * Runs one read on the upload worker: `job` goes to the worker as its data, its answer comes
 * back; `inThread` gives the same answer on this thread (no build, or the worker could not
 * start); `unreadable` is the answer when the worker died on the file (out of memory).
 */
export function readOffThread<T>(
  job: UploadReadJob,
  inThread: () => Promise<T>,
  unreadableAnswer: T,
  workerFile: string | null = builtUploadWorker(),
): Promise<T> {
  if (!workerFile) return inThread();
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: T | Promise<T>) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    let worker: Worker;
    try {
      // Its own heap limit: a small zip that unzips into millions of cells runs the worker out of
      // memory (refused as unreadable below), never the server.
      worker = new Worker(workerFile, {
        workerData: job,
        resourceLimits: { maxOldGenerationSizeMb: UPLOAD_WORKER_HEAP_MB },
      });
    } catch (error) {
      logger().warn({ err: error }, 'upload worker did not start; reading in-thread');
      settle(inThread());
      return;
    }
    worker.once('message', (outcome: T) => settle(outcome));
    // The worker never throws on a bad file (the readers answer with the problem): an error here
    // is the worker itself (it could not load, or ran out of memory).
    worker.once('error', (error: Error & { code?: string }) => {
      // Out of memory: the file is what is wrong, do not retry it on the main thread.
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') return settle(unreadableAnswer);
      logger().warn({ err: error }, 'upload worker failed; reading in-thread');
      settle(inThread());
    });
    worker.once('exit', () => settle(unreadableAnswer));
  });
}

/** Reads an uploaded file into rows (or the problem that stopped it) on a worker thread. */
export function readUploadOffThread(
  bytes: Uint8Array,
  workerFile: string | null = builtUploadWorker(),
): Promise<ParseOutcome<SheetRow[]>> {
  return readOffThread(bytes, () => readUploadOutcome(bytes), unreadable, workerFile);
}

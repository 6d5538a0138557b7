/**
 * Verifying a backup off the event loop: at five program years `integrity_check` and the
 * ledger sums take ~9 s of CPU, and the server takes a backup at start and every day. In a built
 * server the check runs on a worker thread (server/integrity-worker.ts, built as
 * BUILD_DIR/app-server/integrity-worker.js) with its own read-only connection; from source
 * (`npm run db:backup`, tests), or if the worker cannot start, it runs in-thread. Same report
 * either way: it is the same `checkFile`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { checkFile, type IntegrityReport } from '~/services/platform/integrity.server';
import { logger } from '~/services/platform/log.server';

/** The worker built beside a built server, or null when this module runs from source. */
function builtIntegrityWorker(): string | null {
  if (/\.tsx?$/.test(new URL(import.meta.url).pathname)) return null;
  const file = path.resolve(process.env.BUILD_DIR ?? 'build', 'app-server', 'integrity-worker.js');
  return fs.existsSync(file) ? file : null;
}

/** `checkFile(file)` on a worker thread (in-thread when there is no worker). */
export function checkFileOffThread(
  file: string,
  workerFile: string | null = builtIntegrityWorker(),
): Promise<IntegrityReport> {
  if (!workerFile) return Promise.resolve(checkFile(file));
  return new Promise((resolve, reject) => {
    let settled = false;
    const inThread = (error: unknown) => {
      if (settled) return;
      settled = true;
      logger().warn({ err: error }, 'integrity worker failed; checking in-thread');
      try {
        resolve(checkFile(file));
      } catch (err) {
        reject(err);
      }
    };
    let worker: Worker;
    try {
      worker = new Worker(workerFile, { workerData: file });
    } catch (error) {
      inThread(error);
      return;
    }
    worker.once('message', (report: IntegrityReport) => {
      settled = true;
      resolve(report);
    });
    worker.once('error', inThread);
    worker.once('exit', (code) => inThread(new Error(`integrity worker exited with ${code}`)));
  });
}

/**
 * Reading an event manager's request: a route id, the form (multipart uploads in memory with the
 * spec's 10 MB cap) and an uploaded class or results file, read (on a worker thread in production)
 * and parsed before any transaction opens. Shared by the event pages, the event API and the series
 * schedule upload.
 */
import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler } from '@remix-run/node';
import { UPLOAD_MAX_BYTES } from '~/lib/constants';
import { parseClassUpload, type ParsedClass } from '~/services/events/class-upload-parser.server';
import type { ParseOutcome } from '~/services/events/import-problems.server';
import {
  parseResults,
  type ParsedResult,
  type ResultShape,
} from '~/services/events/results-parser.server';
import { readUploadOffThread } from '~/services/events/upload-thread.server';
import { parseMultipart } from '~/services/platform/multipart.server';

/** A route id parameter as a positive integer, or null (the one id rule, `~/lib/ids`). */
export { idParam } from '~/lib/ids';

export type FormRead =
  { ok: true; formData: FormData } | { ok: false; error: 'events:upload.tooLarge' };

/**
 * The request's form: multipart bodies are read in memory with the spec's 10 MB cap (a larger
 * file is refused with a clear message, never truncated); other bodies as usual.
 */
export async function readEventForm(request: Request): Promise<FormRead> {
  const type = request.headers.get('Content-Type') ?? '';
  if (!type.startsWith('multipart/form-data'))
    return { ok: true, formData: await request.formData() };
  const length = Number(request.headers.get('Content-Length') ?? '0');
  if (Number.isFinite(length) && length > UPLOAD_MAX_BYTES + 256 * 1024)
    return { ok: false, error: 'events:upload.tooLarge' };
  try {
    const formData = await parseMultipart(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: UPLOAD_MAX_BYTES }),
    );
    return { ok: true, formData };
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError)
      return { ok: false, error: 'events:upload.tooLarge' };
    throw error;
  }
}

/** The bytes of an uploaded file (read before any transaction opens). */
export async function fileBytes(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}

/** Reads and parses a class upload file. */
export async function parseClassFile(file: File): Promise<ParseOutcome<ParsedClass[]>> {
  const rows = await readUploadOffThread(await fileBytes(file));
  return rows.ok ? parseClassUpload(rows.value) : rows;
}

/** Reads and parses a results file in one of the three shapes. */
export async function parseResultsFile(
  file: File,
  shape: ResultShape,
): Promise<ParseOutcome<ParsedResult[]>> {
  const rows = await readUploadOffThread(await fileBytes(file));
  return rows.ok ? parseResults(rows.value, shape) : rows;
}

/**
 * An event manager's request form: multipart uploads read in memory with the 10 MB cap, so a
 * larger file is refused with a clear message, never truncated. Shared by the event pages, the
 * event API and the series schedule upload.
 */
import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler } from '@remix-run/node';
import { UPLOAD_MAX_BYTES } from '~/lib/constants';
import { parseMultipart } from '~/http/multipart.server';

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

/**
 * Reading a document upload (a rider's licence or timecard images): multipart parts kept in memory
 * up to the file limit, text parts small, the answer for a body that is not multipart or too big.
 */
import { MaxPartSizeExceededError, type UploadHandler } from '@remix-run/node';
import { UPLOAD_MAX_BYTES } from '~/lib/constants';
import { parseMultipart } from '~/http/multipart.server';
import { UPLOAD_ERRORS } from '~/services/people/documents.server';
import { jsonAnswer } from '~/http/kept-answer.server';

/** Text fields of an upload form are small; anything bigger is refused outright. */
const MAX_TEXT_PART = 64 * 1024;
/** Past this many bytes in one file part we stop reading the request at all. */
const HARD_PART_LIMIT = 2 * UPLOAD_MAX_BYTES;

/**
 * An upload handler for `unstable_parseMultipartFormData`: keeps files up to 10MB in memory;
 * a bigger file is drained and its field name recorded in `tooLarge` (so the page can say so next
 * to the field and keep the other fields); a part past twice the limit aborts with
 * MaxPartSizeExceededError. Text parts are capped at 64KB.
 */
export function createDocumentUploadHandler(): {
  handler: UploadHandler;
  /** Names of file fields whose file was over 10MB (not kept). */
  tooLarge: Set<string>;
  /** Text fields read so far (still known when the parse aborts). */
  fields: Map<string, string>;
} {
  const tooLarge = new Set<string>();
  const fields = new Map<string, string>();
  const handler: UploadHandler = async ({ name, filename, contentType, data }) => {
    const isFile = typeof filename === 'string';
    const limit = isFile ? UPLOAD_MAX_BYTES : MAX_TEXT_PART;
    const chunks: Uint8Array[] = [];
    let size = 0;
    let over = false;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size > HARD_PART_LIMIT || (!isFile && size > limit)) {
        throw new MaxPartSizeExceededError(name, limit);
      }
      if (size > limit) over = true;
      if (!over) chunks.push(chunk);
    }
    if (!isFile) {
      const text = new TextDecoder().decode(concat(chunks, size));
      fields.set(name, text);
      return text;
    }
    if (over) {
      tooLarge.add(name);
      return undefined;
    }
    return new File([concat(chunks, size) as Uint8Array<ArrayBuffer>], filename, {
      type: contentType,
    });
  };
  return { handler, tooLarge, fields };
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * Reads a multipart upload with the document limits: the form data, or the JSON error answer
 * (415 when not multipart, 413 when a file is over 10MB).
 */
export async function readDocumentUpload(request: Request): Promise<FormData | Response> {
  if (!(request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) {
    return jsonAnswer({ error: 'completion:api.multipart' }, { status: 415 });
  }
  const { handler, tooLarge } = createDocumentUploadHandler();
  let formData: FormData;
  try {
    formData = await parseMultipart(request, handler);
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) {
      return jsonAnswer({ error: UPLOAD_ERRORS.tooLarge, field: error.field }, { status: 413 });
    }
    throw error;
  }
  if (tooLarge.size > 0) {
    return jsonAnswer({ error: UPLOAD_ERRORS.tooLarge, field: [...tooLarge][0] }, { status: 413 });
  }
  return formData;
}

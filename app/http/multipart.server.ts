/**
 * Multipart uploads whose file names hold any character. Remix's multipart parser splits a part's
 * Content-Disposition on every `;` and `=`, even inside the quoted file name, and throws on
 * `filename="scan=1.png"`. So the part headers are rewritten on their way in (inside quotes: `%`,
 * `;` and `=` become `%25`, `%3B` and `%3D`) and the file name is restored before the upload
 * handler sees it. Only header blocks are touched (they follow a boundary line and end at the
 * first blank line): file bytes pass through unchanged. A body the parser still cannot read is a
 * 400, not a server error.
 */
import {
  unstable_parseMultipartFormData,
  type UploadHandler,
  type UploadHandlerPart,
} from '@remix-run/node';

const HEADER_BLOCK_MAX = 16 * 1024;
const CRLF2 = Buffer.from('\r\n\r\n');

function boundaryOf(contentType: string | null): string | null {
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return m ? (m[1] ?? m[2]) : null;
}

/** Escapes `%`, `;` and `=` inside the quoted values of a Content-Disposition header line. */
function escapeDispositionLine(line: string): string {
  if (!/^content-disposition\s*:/i.test(line)) return line;
  return line.replace(
    /"((?:[^"\\]|\\.)*)"/g,
    (_m, inner: string) =>
      `"${inner.replace(/[%;=]/g, (c) => (c === '%' ? '%25' : c === ';' ? '%3B' : '%3D'))}"`,
  );
}

/** The name the browser sent (undoes `escapeDispositionLine`; `%22`, CR and LF as browsers encode them). */
function restoreFileName(name: string): string {
  return name.replace(/%(25|3B|3D)/g, (_m, code: string) =>
    code === '25' ? '%' : code === '3B' ? ';' : '=',
  );
}

function rewriteHeaders(block: Buffer): Buffer {
  // latin1 keeps every byte as it is (UTF-8 names included).
  const text = block.toString('latin1');
  return Buffer.from(text.split('\r\n').map(escapeDispositionLine).join('\r\n'), 'latin1');
}

/** The body with every part's Content-Disposition escaped (streamed; file bytes unchanged). */
function escapedBody(
  body: ReadableStream<Uint8Array>,
  boundary: string,
): ReadableStream<Uint8Array> {
  const delimiter = Buffer.from(`--${boundary}\r\n`);
  let carry = Buffer.alloc(0);
  let passThrough = false;
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        if (carry.length) controller.enqueue(carry);
        controller.close();
        return;
      }
      if (passThrough) return controller.enqueue(value);
      const buf = Buffer.concat([carry, value]);
      carry = Buffer.alloc(0);
      let pos = 0;
      for (;;) {
        const at = buf.indexOf(delimiter, pos);
        if (at === -1) {
          const keep = Math.max(pos, buf.length - (delimiter.length - 1));
          controller.enqueue(buf.subarray(pos, keep));
          carry = Buffer.from(buf.subarray(keep));
          break;
        }
        const start = at + delimiter.length;
        const end = buf.indexOf(CRLF2, start);
        if (end === -1) {
          if (buf.length - start > HEADER_BLOCK_MAX) {
            // Not a header block we can read: the parser will refuse it.
            passThrough = true;
            controller.enqueue(buf.subarray(pos));
          } else {
            controller.enqueue(buf.subarray(pos, at));
            carry = Buffer.from(buf.subarray(at));
          }
          break;
        }
        controller.enqueue(buf.subarray(pos, start));
        controller.enqueue(rewriteHeaders(buf.subarray(start, end)));
        pos = end;
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** `unstable_parseMultipartFormData` for file names with any character; unreadable bodies are a 400. */
export async function parseMultipart(request: Request, handler: UploadHandler): Promise<FormData> {
  const boundary = boundaryOf(request.headers.get('Content-Type'));
  const escaped =
    boundary && request.body
      ? new Request(request.url, {
          method: request.method,
          headers: request.headers,
          body: escapedBody(request.body, boundary),
          signal: request.signal,
          duplex: 'half',
        } as RequestInit)
      : request;
  const restoring: UploadHandler = (part: UploadHandlerPart) =>
    handler({
      ...part,
      name: restoreFileName(part.name),
      filename: part.filename === undefined ? undefined : restoreFileName(part.filename),
    });
  try {
    return await unstable_parseMultipartFormData(escaped, restoring);
  } catch (error) {
    if (error instanceof Error && /^malformed /.test(error.message)) {
      throw new Response('The upload could not be read.', { status: 400 });
    }
    throw error;
  }
}

import { Transform, type TransformCallback } from 'node:stream';

/**
 * The stream React's server renderer writes a page into, minus NUL bytes.
 *
 * React 18's Node renderer encodes text into 2,048-byte views; when the next character is
 * several bytes long and the view has fewer free bytes than that, it sends the whole view, unused
 * zero bytes included, and goes on in a new one. A browser shows each such NUL as "�" (a French
 * page has many multi-byte characters, so any of them can land on a boundary). A page never holds
 * a NUL byte of its own (React escapes nothing into one, and HTML turns one into U+FFFD anyway),
 * so dropping every NUL gives back exactly the bytes React meant to send.
 */
export function htmlBodyStream(): Transform {
  // The page leaves as one chunk when React is done (no page waits on deferred data): React hands
  // over 2 kB views, and each one passed on alone went through the web stream, Remix, compression
  // and a write to the socket of its own.
  const parts: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      parts.push(withoutNul(chunk));
      done();
    },
    flush(done: TransformCallback) {
      done(null, parts.length === 1 ? parts[0] : Buffer.concat(parts));
    },
  });
}

/** The bytes with every 0x00 left out (the same buffer when there is none). */
export function withoutNul(chunk: Buffer): Buffer {
  let at = chunk.indexOf(0);
  if (at === -1) return chunk;
  const out = Buffer.allocUnsafe(chunk.length);
  let length = 0;
  let from = 0;
  while (at !== -1) {
    length += chunk.copy(out, length, from, at);
    from = at + 1;
    at = chunk.indexOf(0, from);
  }
  length += chunk.copy(out, length, from);
  return out.subarray(0, length);
}

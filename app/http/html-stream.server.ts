import { Writable } from 'node:stream';

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
export function htmlBody(done: (page: Buffer<ArrayBuffer>) => void): Writable {
  // The page is handed over whole when React is done: React writes 2 kB views, and the page
  // leaving as bytes (not a stream) skips a Node-to-web stream bridge and its pump per request.
  const parts: Buffer[] = [];
  return new Writable({
    // React listens for 'close' to abort a render whose reader went away; a finished page
    // closing is not that (its abort would end the stream a second time, building an error).
    emitClose: false,
    write(chunk: Buffer, _encoding, next) {
      parts.push(withoutNul(chunk));
      next();
    },
    final(next) {
      done(Buffer.concat(parts));
      next();
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

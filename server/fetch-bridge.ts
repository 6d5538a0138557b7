/**
 * Between Express and the Fetch API for the lean `/api` paths (server/api-reads.ts,
 * server/api-errors.ts): the request's URL as @remix-run/express builds it, its headers, and a
 * JSON answer written in one piece.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { keepBody, keptData, readsKeptBody, unreadKept } from '~/http/kept-body.server';

/** The URL @remix-run/express gives a request. */
export function fetchUrl(req: ExpressRequest): string {
  // req.hostname follows `trust proxy`; the port comes from X-Forwarded-Host or Host.
  const portOf = (h: string | undefined) => Number.parseInt(h?.split(':')[1] ?? '', 10);
  const forwarded = portOf(req.get('X-Forwarded-Host'));
  const direct = portOf(req.get('host'));
  const port = Number.isSafeInteger(forwarded)
    ? forwarded
    : Number.isSafeInteger(direct)
      ? direct
      : 0;
  return `${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`;
}

/** Node's request headers as Fetch headers (a repeated header keeps each value). */
export function headersOf(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  return headers;
}

const utf8 = new TextDecoder();

/** Whether an answer has a body, without making one for a body kept as it is. */
export function hasBody(response: Response): boolean {
  return unreadKept(response) !== undefined || response.body !== null;
}

/** Whether an answer's body is kept whole (a page, a JSON answer): `sendWhole` writes it. */
export function isKept(response: Response): boolean {
  return unreadKept(response) !== undefined;
}

/**
 * An answer written in one piece, with its length (HEAD: the length, no body): a JSON answer, or
 * any answer whose body is kept whole.
 */
export async function sendWhole(res: ExpressResponse, response: Response): Promise<void> {
  const kept = unreadKept(response);
  const body =
    kept === undefined
      ? Buffer.from(await response.arrayBuffer())
      : typeof kept === 'string'
        ? Buffer.from(kept, 'utf8')
        : Buffer.from(kept.buffer, kept.byteOffset, kept.byteLength);
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers) res.append(key, value);
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/**
 * A Fetch Request over a JSON body the server has already read whole (server/api-errors.ts caps
 * and reads it before anything else), made without the body stream undici would build and a
 * reader would then drain back into text (~/http/kept-body.server). Given to a resource route's
 * action called directly (server/api-writes.ts).
 */
export class BodyRead extends Request {
  readonly #bytes: Uint8Array<ArrayBuffer>;

  constructor(
    url: string,
    init: { method: string; headers: Headers },
    bytes: Uint8Array<ArrayBuffer>,
  ) {
    super(url, init);
    this.#bytes = bytes;
    // Decoded as a Fetch body's text() decodes: a leading byte-order mark dropped, bytes that are
    // not UTF-8 replaced (a Windows tool's JSON often starts with a BOM).
    keepBody(this, utf8.decode(bytes), () => new Request(url, { ...init, body: bytes }));
  }

  override clone(): Request {
    keptData(this, 'Request.clone');
    return new BodyRead(
      this.url,
      { method: this.method, headers: new Headers(this.headers) },
      this.#bytes,
    );
  }
}
readsKeptBody(BodyRead.prototype);

/**
 * Answers with their body kept (~/http/kept-body.server): a JSON answer's text, a page's bytes.
 * The server writes them as they are (server/fetch-bridge.ts, `sendWhole`) instead of
 * a body stream made here and read back there. To every other reader each is the Response
 * `Response.json` or `new Response(bytes)` gives.
 */
import { keepBody, keptData, readsKeptBody } from '~/http/kept-body.server';
import { perfOn } from '~/perf.server';

class KeptAnswer extends Response {
  constructor(data: string | Uint8Array<ArrayBuffer>, init: ResponseInit) {
    super(null, init);
    keepBody(this, data, () => new Response(data, init));
  }

  override clone(): Response {
    return new KeptAnswer(keptData(this, 'Response.clone'), {
      status: this.status,
      statusText: this.statusText,
      headers: new Headers(this.headers),
    });
  }
}
readsKeptBody(KeptAnswer.prototype);

/** `Response.json(value, init)`, the text kept for the server to write as it is. */
export function jsonAnswer(value: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  // JSON.stringify gives no text for undefined, a function or a symbol: Response.json refuses them.
  const text = JSON.stringify(value) as string | undefined;
  if (text === undefined) throw new TypeError('Value is not JSON serializable');
  if (!perfOn('whole-bodies')) return new Response(text, { ...init, headers });
  return new KeptAnswer(text, { ...init, headers });
}

/**
 * `new Response(body, init)` for a body made whole (a page's bytes, a JSON list's text), kept for
 * the server to write as it is.
 */
export function keptAnswer(body: string | Uint8Array<ArrayBuffer>, init: ResponseInit): Response {
  if (!perfOn('whole-bodies')) return new Response(body, init);
  return new KeptAnswer(body, init);
}

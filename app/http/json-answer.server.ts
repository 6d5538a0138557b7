/**
 * `Response.json` with its text kept (~/http/kept-body.server): the server writes the text as it
 * is (server/fetch-bridge.ts, `sendWhole`) instead of making a body stream here and reading it
 * back there. For every other reader it is the Response `Response.json` gives.
 */
import { keepBody, keptText, readsKeptBody } from '~/http/kept-body.server';

class JsonAnswer extends Response {
  constructor(text: string, init: ResponseInit & { headers: Headers }) {
    super(null, init);
    keepBody(this, text, () => new Response(text, init));
  }

  override clone(): Response {
    return new JsonAnswer(keptText(this, 'Response.clone'), {
      status: this.status,
      statusText: this.statusText,
      headers: new Headers(this.headers),
    });
  }
}
readsKeptBody(JsonAnswer.prototype);

/** `Response.json(value, init)`, the text kept for the server to write as it is. */
export function jsonAnswer(value: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return new JsonAnswer(JSON.stringify(value), { ...init, headers });
}

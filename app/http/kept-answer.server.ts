/**
 * The answers the API and the document renderer build whole: a JSON answer (with its Content-Type
 * unless the caller set one) and a body made in one piece (a page's bytes). The server writes
 * such an answer in one piece with its length (server/fetch-bridge.ts, `sendWhole`).
 */

/** `Response.json(value, init)`, keeping a Content-Type the caller gave. */
export function jsonAnswer(value: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  // JSON.stringify gives no text for undefined, a function or a symbol: Response.json refuses them.
  const text = JSON.stringify(value) as string | undefined;
  if (text === undefined) throw new TypeError('Value is not JSON serializable');
  return new Response(text, { ...init, headers });
}

/** `new Response(body, init)` for a body made whole (a page's bytes, a JSON list's text). */
export function keptAnswer(body: string | Uint8Array<ArrayBuffer>, init: ResponseInit): Response {
  return new Response(body, init);
}

/**
 * Between Express and the Fetch API for the lean `/api` paths (server/perf/api-reads.ts,
 * server/api-errors.ts): the request's URL as @remix-run/express builds it, its headers, and a
 * JSON answer written in one piece.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';

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

/** Whether an answer has a body. */
export function hasBody(response: Response): boolean {
  return response.body !== null;
}

/** A page (the document renderer makes it whole): `sendWhole` writes it. */
export function isWholePage(response: Response): boolean {
  return hasBody(response) && /^text\/html\b/i.test(response.headers.get('content-type') ?? '');
}

/**
 * An answer written in one piece, with its length (HEAD: the length, no body): a JSON answer or a
 * page, whose body is made whole before it leaves, not streamed in pieces.
 */
export async function sendWhole(res: ExpressResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers) res.append(key, value);
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/**
 * The hashing line is full (`HashQueueFull`, a plain error of the auth service): whatever path
 * was hashing answers 503 with Retry-After, not a 500. `handleError` sees the error first and
 * notes it against its request; the document and data handlers then answer that request 503.
 */
import { HashQueueFull } from '~/services/auth/password.server';

const busy = new WeakMap<Request, number>();

/** Notes a full hashing line against `request`; true when `error` was one. */
export function noteBusy(request: Request, error: unknown): boolean {
  if (!(error instanceof HashQueueFull)) return false;
  busy.set(request, error.retryAfter);
  return true;
}

/** Seconds to wait when `request` met a full hashing line, else undefined. */
export function busyRetryAfter(request: Request): number | undefined {
  return busy.get(request);
}

/** `response` as a 503 with Retry-After when `request` met a full hashing line. */
export function busyAnswer(request: Request, response: Response): Response {
  const seconds = busy.get(request);
  if (seconds === undefined) return response;
  const headers = new Headers(response.headers);
  headers.set('Retry-After', String(seconds));
  return new Response(response.body, { status: 503, statusText: 'Service Unavailable', headers });
}

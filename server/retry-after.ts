/**
 * Every 429 (and 503) the server sends says when to come back: a refusal that names its own wait
 * (the sign-in throttle, the code step, the rate limits) keeps it; any other gets
 * DEFAULT_RETRY_AFTER, the length of the rate limits' window, so a client never retries blind.
 */
import type { ServerResponse, OutgoingHttpHeaders } from 'node:http';
import type { RequestHandler } from 'express';

/** Seconds, when the refusal did not say: the rate limits' one-minute window. */
export const DEFAULT_RETRY_AFTER = 60;

function namesRetryAfter(headers: unknown): boolean {
  if (!headers || typeof headers !== 'object') return false;
  if (Array.isArray(headers)) {
    // Raw headers: [name, value, name, value…] or [[name, value]…].
    const flat = (headers as unknown[]).flat() as unknown[];
    return flat.some((v, i) => i % 2 === 0 && String(v).toLowerCase() === 'retry-after');
  }
  return Object.keys(headers as OutgoingHttpHeaders).some((k) => k.toLowerCase() === 'retry-after');
}

/** Adds Retry-After to this response if it turns out a 429 or 503 without one. */
function ensureRetryAfter(res: ServerResponse, seconds = DEFAULT_RETRY_AFTER) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    if (
      (status === 429 || status === 503) &&
      !this.headersSent &&
      !this.hasHeader('retry-after') &&
      !rest.some(namesRetryAfter)
    )
      this.setHeader('Retry-After', String(seconds));
    return (writeHead as (...a: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as typeof res.writeHead;
}

/** The middleware: every response passes through `ensureRetryAfter`. */
export function retryAfterOnRefusals(): RequestHandler {
  return (_req, res, next) => {
    ensureRetryAfter(res);
    next();
  };
}

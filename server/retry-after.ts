/**
 * Every 429 (and 503) the server sends says when to come back: a refusal that names its own wait
 * (the sign-in throttle, the code step, the rate limits) keeps it; any other gets
 * DEFAULT_RETRY_AFTER, the length of the rate limits' window, so a client never retries blind.
 */
import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import onHeaders from 'on-headers';

/** Seconds, when the refusal did not say: the rate limits' one-minute window. */
export const DEFAULT_RETRY_AFTER = 60;

/** Adds Retry-After to this response if it turns out a 429 or 503 without one. */
function ensureRetryAfter(res: ServerResponse, seconds = DEFAULT_RETRY_AFTER) {
  // on-headers runs this as the headers go out, with those given to writeHead already set.
  onHeaders(res, function (this: ServerResponse) {
    if ((this.statusCode === 429 || this.statusCode === 503) && !this.hasHeader('retry-after'))
      this.setHeader('Retry-After', String(seconds));
  });
}

/** The middleware: every response passes through `ensureRetryAfter`. */
export function retryAfterOnRefusals(): RequestHandler {
  return (_req, res, next) => {
    ensureRetryAfter(res);
    next();
  };
}

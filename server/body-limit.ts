/**
 * Hostile sizes refused early and cheaply (ASVS 12.1.1 / 13.1.x): every request body has a limit
 * by its type, checked on `Content-Length` before anything reads it and counted again on the bytes
 * as they arrive (a chunked body has no Content-Length). Over the limit: 413 with a message; the
 * app never sees the body, whose rest is read and thrown away (bounded) so that the client reads the
 * answer. Upload endpoints take only multipart bodies (415 otherwise).
 *
 * | body                                   | limit |
 * |----------------------------------------|-------|
 * | application/json                       | 1 MB  |
 * | application/x-www-form-urlencoded      | 1 MB  |
 * | multipart/form-data (uploads)          | 40 MB (a few 10 MB files + fields) |
 * | anything else                          | 1 MB  |
 */
import type { NextFunction, Request, Response } from 'express';
import { interceptBodyChunks } from './framework-patches';
import { refuse, refuseKeepingOpen } from './messages';

const MB = 1024 * 1024;
const BODY_LIMITS = {
  json: 1 * MB,
  form: 1 * MB,
  multipart: 40 * MB,
  other: 1 * MB,
} as const;

/** The error a reader of a refused body gets: already answered (413), so nobody logs it again. */
const BODY_OVER_LIMIT = 'BODY_OVER_LIMIT';
const bodyOverLimit = () =>
  Object.assign(new Error('Request body over the limit'), { code: BODY_OVER_LIMIT });

function bodyLimitFor(contentType: string | undefined): number {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'multipart/form-data') return BODY_LIMITS.multipart;
  if (type === 'application/json' || type.endsWith('+json')) return BODY_LIMITS.json;
  if (type === 'application/x-www-form-urlencoded') return BODY_LIMITS.form;
  return BODY_LIMITS.other;
}

function human(bytes: number): string {
  return `${Math.round(bytes / MB)} MB`;
}

/**
 * After a 413 the client is usually still sending. Closing a socket that holds unread bytes makes
 * the kernel reset the connection, and the client then loses the answer (EPIPE / ECONNRESET instead
 * of "too large"). So the answer is sent at once, and the rest of the body is read and thrown away
 * (a lingering close) up to a bound in bytes and in time before the connection closes.
 */
const LINGER = { bytes: 64 * MB, ms: 10_000 };

/** `uploadOnly(path)`: the route takes only a file upload (its handle says `body: 'upload'`). */
export function bodyLimits(uploadOnly: (path: string) => boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    const contentType = req.get('content-type');
    if (uploadOnly(req.path) && !/^multipart\/form-data\s*;/i.test(contentType ?? '')) {
      return refuse(req, res, 415, 'notMultipart');
    }
    const limit = bodyLimitFor(contentType);

    let seen = 0;
    let refused = false;
    // Set once the app has been handed the body: its reader must then get an error, never a body
    // cut short (a truncated form could still parse and act).
    let appReads = false;
    const close = () => {
      if (!res.writableEnded) res.end();
      if (appReads) req.destroy(bodyOverLimit());
    };
    const refuseNow = () => {
      refused = true;
      res.locals.bodyRefused = true;
      if (!res.headersSent) refuseKeepingOpen(req, res, 413, 'tooLarge', { limit: human(limit) });
      const timer = setTimeout(() => {
        close();
        req.socket?.destroy();
      }, LINGER.ms);
      timer.unref();
      res.once('close', () => clearTimeout(timer));
    };
    interceptBodyChunks(req, (chunk, encoding, push) => {
      const end = chunk === null || chunk === undefined;
      if (!end) seen += (chunk as { length: number }).length;
      if (!refused && seen > limit) refuseNow();
      if (!refused) return push(chunk, encoding);
      if (end) {
        close(); // the whole body is in: the socket can close cleanly
        return appReads ? false : push(chunk, encoding);
      }
      if (seen > limit + LINGER.bytes) {
        close();
        req.socket?.destroy();
      }
      return true; // thrown away; true keeps the parser reading the socket
    });

    const declared = Number(req.get('content-length'));
    // Refused from the header alone: nothing reads the body; it is drained above, then closed.
    if (Number.isFinite(declared) && declared > limit) return refuseNow();
    appReads = true;
    next();
  };
}

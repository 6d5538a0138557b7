/**
 * Hostile sizes refused early and cheaply (ASVS 12.1.1 / 13.1.x): every request body has a limit
 * by its type, checked on `Content-Length` before anything reads it and counted again on the bytes
 * as they arrive (a chunked body has no Content-Length). Over the limit: 413 with a message, and
 * the body is not read further. Upload endpoints take only multipart bodies (415 otherwise).
 *
 * | body                                   | limit |
 * |----------------------------------------|-------|
 * | application/json                       | 1 MB  |
 * | application/x-www-form-urlencoded      | 1 MB  |
 * | multipart/form-data (uploads)          | 40 MB (a few 10 MB files + fields) |
 * | anything else                          | 1 MB  |
 */
import type { NextFunction, Request, Response } from 'express';
import { refuse } from './messages';

const MB = 1024 * 1024;
export const BODY_LIMITS = {
  json: 1 * MB,
  form: 1 * MB,
  multipart: 40 * MB,
  other: 1 * MB,
} as const;

/** Resource routes that take only a file upload. */
export const UPLOAD_ONLY_PATHS =
  /^\/api\/(?:vin-patterns\/import|admin\/rider\/[^/]+\/timecard|admin\/serie\/[^/]+\/upload-events|event\/[^/]+\/upload-(?:class|class-result|all-class-result|all-formatted-class-result)|rider\/rider\/[^/]+\/upload-id-files)\/?$/;

/** The error a reader of a refused body gets: already answered (413), so nobody logs it again. */
export const BODY_OVER_LIMIT = 'BODY_OVER_LIMIT';
const bodyOverLimit = () =>
  Object.assign(new Error('Request body over the limit'), { code: BODY_OVER_LIMIT });

export function bodyLimitFor(contentType: string | undefined): number {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'multipart/form-data') return BODY_LIMITS.multipart;
  if (type === 'application/json' || type.endsWith('+json')) return BODY_LIMITS.json;
  if (type === 'application/x-www-form-urlencoded') return BODY_LIMITS.form;
  return BODY_LIMITS.other;
}

function human(bytes: number): string {
  return `${Math.round(bytes / MB)} MB`;
}

export function bodyLimits() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    const contentType = req.get('content-type');
    if (UPLOAD_ONLY_PATHS.test(req.path) && !/^multipart\/form-data\s*;/i.test(contentType ?? '')) {
      return refuse(req, res, 415, 'notMultipart');
    }
    const limit = bodyLimitFor(contentType);
    const values = { limit: human(limit) };
    const declared = Number(req.get('content-length'));
    if (Number.isFinite(declared) && declared > limit) {
      res.set('Connection', 'close');
      return refuse(req, res, 413, 'tooLarge', values);
    }
    // Count the bytes as the HTTP parser hands them over (chunked bodies have no Content-Length).
    let seen = 0;
    let refused = false;
    const push = req.push.bind(req);
    req.push = (chunk: unknown, encoding?: BufferEncoding) => {
      if (refused) return false;
      if (chunk !== null && chunk !== undefined) {
        seen += (chunk as { length: number }).length;
        if (seen > limit) {
          refused = true;
          res.locals.bodyRefused = true;
          if (!res.headersSent) {
            res.set('Connection', 'close');
            refuse(req, res, 413, 'tooLarge', values);
          }
          // Whoever reads the body gets an error, never a truncated body; the socket closes.
          res.once('finish', () => req.destroy(bodyOverLimit()));
          if (res.writableFinished) req.destroy(bodyOverLimit());
          return false;
        }
      }
      return push(chunk, encoding);
    };
    next();
  };
}

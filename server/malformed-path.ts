/**
 * Paths no page of ours has and no browser sends, refused with 400 before anything else reads
 * them: the router builds `new URL(path, origin)`, and a path such as `/%5c` (a backslash first)
 * reads there as another host and throws, a 500 with a stack. Browsers turn `\` into `/` and
 * resolve dot segments before sending, so only a hand-made request meets these rules.
 */
import type { RequestHandler } from 'express';
import { logger } from '~/services/platform/log.server';
import { refuse } from './messages';

export type MalformedReason =
  'encoding' | 'backslash' | 'control' | 'doubleSlash' | 'encodedSlash' | 'dotSegment';

// C0 controls (NUL, CR, LF, tab…) and DEL, once decoded.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why a request path (no query) is refused, or null when it is an ordinary path. */
export function malformedPathReason(path: string): MalformedReason | null {
  // The common case costs one scan: nothing encoded, no backslash, no dot segment, no `//`.
  if (!/[%\\]|\/\.|\/\//.test(path)) return null;
  if (path.startsWith('//')) return 'doubleSlash';
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return 'encoding';
  }
  if (decoded.includes('\\')) return 'backslash';
  if (CONTROL.test(decoded)) return 'control';
  if (/%2f/i.test(path)) return 'encodedSlash';
  if (decoded.startsWith('//')) return 'doubleSlash';
  if (path.split('/').some((s) => /^(?:\.|%2e){1,2}$/i.test(s))) return 'dotSegment';
  return null;
}

/** Refuses a malformed path with 400 (a small page, or JSON under /api, in the caller's language) and a warning. */
export function malformedPaths(): RequestHandler {
  return (req, res, next) => {
    const reason = malformedPathReason(req.path);
    if (reason === null) return next();
    logger().warn(
      { reqId: req.ctx?.id, path: req.path.slice(0, 200), reason },
      'malformed path refused',
    );
    refuse(req, res, 400, 'badRequest');
  };
}

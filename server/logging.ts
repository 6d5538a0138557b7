/**
 * Request logging: every request gets an id (the caller's `X-Request-Id` when it looks like one,
 * else a new UUID), returned as `X-Request-Id`, and runs inside a request context that the auth
 * guard fills with the user id and role. One JSON line when the response ends: id, method, path,
 * redacted query, status, duration, bytes, client address, user id and role. Never headers,
 * cookies or bodies. Health checks and static assets log at debug level.
 */
import crypto from 'node:crypto';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import {
  accessLogger,
  logger,
  requestContext,
  type RequestContext,
} from '~/services/platform/log.server';
import { refuse } from './messages';

const GOOD_ID = /^[A-Za-z0-9._:-]{8,100}$/;
/** Query parameters whose values never reach a log line. */
const SECRET_QUERY = /code|token|pin|pass|secret|session|email|key/i;
const QUIET =
  /^\/(?:healthz|readyz)$|^\/assets\/|\.(?:js|css|map|ico|png|svg|jpg|webp|woff2?|txt)$/;

export function redactedQuery(query: Record<string, unknown>): Record<string, unknown> | undefined {
  const keys = Object.keys(query);
  if (keys.length === 0) return undefined;
  return redactDeep(query) as Record<string, unknown>;
}

/** Values under a secret-looking name, at any depth (`?a[pin]=1` parses to `{ a: { pin } }`). */
function redactDeep(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > 4) return '[redacted]';
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      SECRET_QUERY.test(k) ? '[redacted]' : redactDeep(v, depth + 1),
    ]),
  );
}

declare module 'express-serve-static-core' {
  interface Request {
    ctx?: RequestContext;
  }
}

export function requestLogging(): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    const ctx: RequestContext = {
      id: incoming && GOOD_ID.test(incoming) ? incoming : crypto.randomUUID(),
      address: req.ip,
      userAgent: req.get('user-agent'),
    };
    req.ctx = ctx;
    res.setHeader('X-Request-Id', ctx.id);
    const start = process.hrtime.bigint();
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const status = res.statusCode;
      const line = {
        reqId: ctx.id,
        method: req.method,
        path: req.path,
        query: redactedQuery(req.query as Record<string, unknown>),
        status,
        ms: Math.round(ms * 10) / 10,
        bytes: Number(res.getHeader('content-length')) || undefined,
        ip: req.ip,
        userId: ctx.userId,
        role: ctx.role,
        proxyHostUserId: ctx.proxyHostUserId ?? undefined,
        aborted: res.writableFinished ? undefined : true,
      };
      const log = accessLogger();
      if (status >= 500) log.error(line, 'request');
      else if (QUIET.test(req.path) && status < 400) log.debug(line, 'request');
      else log.info(line, 'request');
    };
    res.once('finish', finish);
    res.once('close', finish);
    requestContext().run(ctx, next);
  };
}

/**
 * Last Express handler: one line with the stack, a plain 500 without details. An error Express
 * marks as the client's (a 4xx `status`, e.g. a body that cannot be parsed) answers that status and
 * is logged at warning level: nothing a client alone can cause gives an error-level line.
 */
export function errorLogging(): ErrorRequestHandler {
  return (err, req, res, next) => {
    const status = Number((err as { status?: unknown } | null)?.status);
    const clients = status >= 400 && status < 500;
    if (clients) logger().warn({ status, reqId: req.ctx?.id, path: req.path }, 'request refused');
    else logger().error({ err, reqId: req.ctx?.id }, 'unhandled error');
    if (res.headersSent) return next(err);
    if (clients) return refuse(req, res, status, 'badRequest');
    res.status(500).type('text/plain').send('Internal Server Error');
  };
}

/**
 * Requests no page of ours can answer, refused with 400 before routing: a path whose
 * percent-encoding is malformed (`/%`, `/fr/%zz`: Express's router would throw a URIError), and
 * the legacy `?_data=` data requests (this app's browsers use single fetch's `.data`).
 */
export function malformedRequests(): RequestHandler {
  return (req, res, next) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      logger().warn({ path: req.path.slice(0, 200) }, 'malformed percent-encoding refused');
      return refuse(req, res, 400, 'badRequest');
    }
    if (/[?&]_data(?:=|&|$)/.test(req.url)) return refuse(req, res, 400, 'badRequest');
    next();
  };
}

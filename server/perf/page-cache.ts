/**
 * Answers cached for visitors without an account: the public pages and the public JSON
 * lists are the same for every anonymous visitor until the data under them changes, yet each
 * visit paid a whole Remix render (route matching, loaders, React) for them.
 *
 * What is cached, and when it is served again:
 * - only a GET of an allowed path (`cacheable`), from a request that carries no cookie but
 *   `lang` (no session, no flash message, no device mark: such a visitor always gets a fresh
 *   render, and nothing of theirs is ever cached);
 * - only a 200 answer that sets no cookie, under 2 MB, whose render saw no change of the data
 *   (the version is read before and after it);
 * - keyed by protocol, Host, URL (query included) and the Cookie header (the API's also by
 *   Accept-Language), so nothing a client sends can make another client's answer;
 * - served while `version()` is what it was when the answer was cached and for at most `ttlMs`
 *   (the bound on anything that depends on the clock: "upcoming", "results late").
 *   `version()` moves with every write to the database (see `databaseVersion` below), so a
 *   change is seen by the next request, from any process.
 * The CSP nonce is per response: a cached page is stored split around the nonce of the render that
 * made it and joined with the new request's nonce. Headers set before this middleware (security
 * headers, rate-limit counters, request id) are set afresh on every request; only the headers the
 * render added are replayed.
 */
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { NextFunction, Request, Response } from 'express';
import type Database from 'better-sqlite3';
import { writeVersion } from '~/services/platform/data-version.server';

/** Written against these (it wraps Express's `res.write`/`res.end`): tests/unit/server/perf-pins.test.ts. */
export const WRITTEN_FOR = { express: '4.22.3', node: '20' } as const;

export type PageCacheOptions = {
  /** Paths whose anonymous GET answers may be cached. */
  cacheable: (path: string) => boolean;
  /** A fingerprint of the data; null: keep nothing now. */
  version: () => string | null;
  /** How long a cached answer is served at most (default 10 s). 0 turns the cache off. */
  ttlMs?: number;
  /** Total size of the cached bodies (default 24 MB). */
  maxBytes?: number;
  /** Largest answer cached (default 2 MB). */
  maxEntryBytes?: number;
};

type Entry = {
  status: number;
  headers: [string, number | string | string[]][];
  /** The body split around the nonce it was rendered with (one part when it had none). */
  parts: Buffer[];
  /** A body without a nonce, gzipped once for every client that accepts it. */
  gzip?: Buffer;
  bytes: number;
};

const ONLY_LANG_COOKIE = /^\s*(?:lang=[a-z]{2}\s*)?$/;

/** The page cache's version: moves with every committed write (none inside a transaction). */
export function databaseVersion(sqlite: () => Database.Database): () => string | null {
  return () => {
    const c = sqlite();
    return c.inTransaction ? null : writeVersion(c);
  };
}

/** `body` cut at every occurrence of `nonce` (the nonce itself left out). */
export function splitAround(body: Buffer, nonce: string): Buffer[] {
  if (!nonce) return [body];
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(nonce, from); at !== -1; at = body.indexOf(nonce, from)) {
    parts.push(body.subarray(from, at));
    from = at + Buffer.byteLength(nonce);
  }
  parts.push(body.subarray(from));
  return parts;
}

export function pageCache(opts: PageCacheOptions) {
  const ttlMs = opts.ttlMs ?? 10_000;
  const maxBytes = opts.maxBytes ?? 24 * 1024 * 1024;
  const maxEntryBytes = opts.maxEntryBytes ?? 2 * 1024 * 1024;
  // Least recently used out first once the cached bodies pass `maxBytes`; each for at most `ttlMs`.
  const entries = new LRUCache<string, Entry>({
    maxSize: maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.bytes),
    ttl: Math.max(1, ttlMs),
  });
  let cachedAt: string | null = null;

  return function pageCacheMiddleware(req: Request, res: Response, next: NextFunction) {
    if (ttlMs <= 0 || req.method !== 'GET' || !opts.cacheable(req.path)) return next();
    const cookie = req.headers.cookie ?? '';
    if (!ONLY_LANG_COOKIE.test(cookie)) return next();
    const version = opts.version();
    if (version === null) return next();
    if (version !== cachedAt) {
      entries.clear();
      cachedAt = version;
    }
    const api = req.path.startsWith('/api/');
    const key = `${req.protocol}\n${req.headers.host ?? ''}\n${req.originalUrl}\n${cookie}\n${api ? (req.headers['accept-language'] ?? '') : ''}`;
    const nonce = (res.locals.cspNonce as string | undefined) ?? '';
    const hit = entries.get(key);
    if (hit) return serveCached(req, res, hit, nonce);
    // Not cached: render, and cache what was sent if it qualifies.
    captureAnswer(res, maxEntryBytes, (entry) => {
      if (opts.version() !== version || cachedAt !== version) return;
      if (entry.bytes <= maxBytes)
        entries.set(key, { ...entry, parts: splitAround(entry.parts[0]!, nonce) });
    });
    next();
  };
}

/** A cached answer, sent with this response's own nonce (and its headers set before this). */
function serveCached(req: Request, res: Response, hit: Entry, nonce: string): void {
  for (const [name, value] of hit.headers) res.setHeader(name, value);
  res.statusCode = hit.status;
  if (hit.parts.length === 1) {
    let body = hit.parts[0]!;
    // The same bytes for everyone: compressed once, not on every request.
    if (body.length >= 1024 && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      hit.gzip ??= zlib.gzipSync(body);
      res.setHeader('Content-Encoding', 'gzip');
      res.append('Vary', 'Accept-Encoding');
      body = hit.gzip;
    }
    res.setHeader('Content-Length', body.length);
    res.end(body);
    return;
  }
  // The cached parts written as they are around this response's nonce: no copy of the page per
  // request.
  const nonceBytes = Buffer.from(nonce);
  let length = (hit.parts.length - 1) * nonceBytes.length;
  for (const part of hit.parts) length += part.length;
  res.setHeader('Content-Length', length);
  res.cork(); // end() uncorks: the parts leave in one write
  hit.parts.forEach((part, i) => {
    if (i > 0) res.write(nonceBytes);
    res.write(part);
  });
  res.end();
}

/** A chunk Express was given, as bytes (null: a kind that cannot be cached). */
function bytesOf(chunk: unknown, encoding?: unknown): Buffer | null {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string')
    return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return chunk instanceof Uint8Array ? Buffer.from(chunk) : null;
}

/**
 * What the render sends, handed to `done` once it is sent (the body whole, as one part): only a
 * 200 that sets no cookie and is at most `maxEntryBytes`, with the headers the render added.
 */
function captureAnswer(res: Response, maxEntryBytes: number, done: (entry: Entry) => void): void {
  const before = new Set(res.getHeaderNames());
  const chunks: Buffer[] = [];
  let size = 0;
  let keep = true;
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (!keep || chunk == null || typeof chunk === 'function') return;
    const buf = bytesOf(chunk, encoding);
    if (!buf) return void (keep = false);
    size += buf.length;
    if (size > maxEntryBytes) {
      keep = false;
      chunks.length = 0;
      return;
    }
    chunks.push(buf);
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0]);
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as Response['write'];
  res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0]);
    return (end as (...a: unknown[]) => Response).call(this, chunk, ...rest);
  } as Response['end'];
  res.once('finish', () => {
    if (!keep || res.statusCode !== 200 || res.hasHeader('set-cookie')) return;
    const headers: Entry['headers'] = [];
    for (const name of res.getHeaderNames()) {
      if (before.has(name) || SET_BY_THE_SERVER.has(name)) continue;
      const value = res.getHeader(name);
      if (value !== undefined) headers.push([name, value]);
    }
    const body = Buffer.concat(chunks);
    done({ status: 200, headers, parts: [body], bytes: body.length });
  });
}

/** Headers the server sets again for each answer it sends from the cache. */
const SET_BY_THE_SERVER = new Set(['content-length', 'content-encoding', 'transfer-encoding']);

/**
 * The Express application that serves the Remix build (the Epic Stack's shape): security headers
 * with a per-request CSP nonce, compression, static assets, rate-limit tiers keyed by client
 * address, then Remix; before all of it the request log (id, user, status, duration) and the
 * health probes. Built by `createApp` so tests and the server share it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ServerBuild } from '@remix-run/node';
import compression from 'compression';
import express, { type Request, type Response } from 'express';
import { LRUCache } from 'lru-cache';
import rateLimit, { ipKeyGenerator, type Options as RateLimitOptions } from 'express-rate-limit';
import { publicOrigin } from '~/env.server';
import { healthRoutes, type HealthOptions } from './health';
import { errorLogging, malformedRequests, requestLogging } from './logging';
import { malformedPaths } from './malformed-path';
import { retryAfterOnRefusals } from './retry-after';
import { signInAdmission } from './sign-in-admission';
import { langRedirect } from './lang-redirect';
import { bodyLimits } from './body-limit';
import { refuse } from './messages';
import { sameOriginWrites } from './same-origin';
import { applyFrameworkPatches } from './framework-patches';
import { apiRequestHandler, remixRequestHandler } from './api-errors';
import { apiReadHandler } from './perf/api-reads';
import { pageCache } from './perf/page-cache';
import { perfOn } from '~/perf.server';
import {
  buildPolicies,
  directActions,
  publicResourceLoaders,
  type RouteEntry,
} from './route-policy';
import { isApiAnswer, securityHeaders } from './security-headers';
import type { BrandSite } from '~/services/brands/brand-by-host.server';

export type AppOptions = {
  build: ServerBuild;
  buildDir: string;
  production: boolean;
  /** Multiplies every rate limit (tests and load runs from one address raise it). */
  rateLimitFactor?: number;
  /** Express `trust proxy` (false: the socket address is the client address). */
  trustProxy?: boolean | number | string;
  /** /healthz and /readyz (omitted: no health routes). */
  health?: HealthOptions;
  /** True once a shutdown began: responses ask clients to close their connection. */
  stopping?: () => boolean;
  /** Our origin for the same-origin check (default: PUBLIC_URL's). */
  publicOrigin?: string;
  /** Answers cached for anonymous visitors of the public pages (server/page-cache.ts); omitted: none. */
  pageCache?: { version: () => string | null; ttlMs?: number };
  /** A request's brand from its Host and Cookie headers (decision 048); omitted: none in context. */
  brand?: (headers: { host: string | undefined; cookie: string | undefined }) => BrandSite | null;
};

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** Absent under the Vite dev server and in tests. */
    cspNonce?: string;
    /** The client address as Express sees it (trust proxy): the sign-in throttle keys on it. */
    clientAddress?: string;
    /** The request's brand, read on first call (null: no brand answers its host). */
    brand?: () => BrandSite | null;
  }
}

/**
 * What compression may gzip: what `compression` itself would, except the answers of API writes
 * (a receipt, an error: a few hundred bytes). Remix streams those without a Content-Length, so
 * compression's 1 kB threshold cannot tell them from a page, and gzipping each one was a
 * noticeable share of a redemption's CPU at the counter.
 */
export function compressible(req: Request, res: Response): boolean {
  if (isApiWrite(req)) return false;
  return compression.filter(req, res);
}

function isApiWrite(req: Request): boolean {
  return req.method !== 'GET' && req.method !== 'HEAD' && req.path.startsWith('/api/');
}

/** A fresh CSP nonce per response: 16 bytes of the system's CSPRNG, base64. */
export function nextNonce(): string {
  return crypto.randomBytes(16).toString('base64');
}

export function createApp(opts: AppOptions) {
  if (perfOn('router-patches')) applyFrameworkPatches();
  // What each route declares in its handle (cache, rate-limit tier, upload-only), by path.
  const policy = buildPolicies(opts.build);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', opts.trustProxy ?? false);

  const stopping = opts.stopping;
  app.use((req, res, next) => {
    if (stopping?.()) res.setHeader('Connection', 'close');
    next();
  });
  app.use(requestLogging());
  app.use(retryAfterOnRefusals());
  app.use(malformedRequests());
  app.use(malformedPaths());
  // Before rate limits, sessions and Remix: probes must stay cheap and never be throttled. Only
  // their two paths enter the probes' router.
  if (opts.health) {
    const health = healthRoutes(opts.health);
    app.use((req, res, next) =>
      req.path === '/healthz' || req.path === '/readyz' ? health(req, res, next) : next(),
    );
  }
  // A client that accepts no encoding gets every answer as it is, an API write's too: compression's
  // wrapping of the response would only come to that, and loses an empty answer's length.
  const compress = compression({ filter: compressible });
  app.use((req, res, next) => {
    const accepts = req.headers['accept-encoding'];
    return accepts && accepts !== 'identity' && !isApiWrite(req)
      ? compress(req, res, next)
      : next();
  });
  const client = path.join(opts.buildDir, 'client');
  // Vite fingerprints assets: cache them forever.
  app.use(
    '/assets',
    express.static(path.join(client, 'assets'), { immutable: true, maxAge: '1y', index: false }),
  );
  // Other public files (favicon…): only paths under one of the client folder's own top-level
  // names reach the file system, so a page or API request costs no stat() call.
  const publicFiles = express.static(client, { maxAge: '1h', index: false });
  const topLevel = new Set(fs.existsSync(client) ? fs.readdirSync(client) : []);
  app.use((req, res, next) =>
    topLevel.has(req.path.split('/')[1] ?? '') ? publicFiles(req, res, next) : next(),
  );

  // The security headers, each page with its own CSP nonce (an API answer needs none).
  const headers = securityHeaders({ production: opts.production });
  app.use((req, res, next) => {
    if (!isApiAnswer(req.url)) res.locals.cspNonce = nextNonce();
    headers(req, res, next);
  });
  app.use(rateLimits(policy, opts.rateLimitFactor ?? 1));
  app.use(langRedirect);
  // After the security headers (a cached page gets this request's nonce) and the rate limits.
  // With nothing to keep (a time to live of 0) it is left out of the chain.
  if (opts.pageCache && (opts.pageCache.ttlMs ?? 1) > 0 && perfOn('page-cache'))
    app.use(pageCache({ cacheable: (p) => policy(p).cache === 'public', ...opts.pageCache }));
  // Writes only: a read has no body and no cross-site effect.
  const sameOrigin = sameOriginWrites(opts.publicOrigin ?? publicOrigin());
  const limits = bodyLimits((p) => policy(p).body === 'upload');
  app.use((req, res, next) =>
    req.method === 'GET' || req.method === 'HEAD'
      ? next()
      : sameOrigin(req, res, (err?: unknown) => (err ? next(err) : limits(req, res, next))),
  );
  // Last before Remix: a refused sign-in must cost no page render (server/sign-in-admission.ts).
  app.use(signInAdmission());
  remixHandlers(app, opts);
  app.use(errorLogging());
  return app;
}

/** The three rate-limit tiers: reads, writes, and the sensitive writes a route's handle names. */
function rateLimits(
  policy: ReturnType<typeof buildPolicies>,
  factor: number,
): express.RequestHandler {
  // Parsing an address into its key (IPv6 by subnet) is paid once per address, not per request.
  const keys = perfOn('small-memos') ? new LRUCache<string, string>({ max: 10_000 }) : null;
  const clientKey = (address: string): string => {
    const known = keys?.get(address);
    if (known !== undefined) return known;
    const key = ipKeyGenerator(address);
    keys?.set(address, key);
    return key;
  };
  const base: Partial<RateLimitOptions> = {
    windowMs: 60_000,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // The key is the client address as Express sees it (see trust proxy); IPv6 by /56 subnet.
    keyGenerator: (req) => clientKey(req.ip ?? req.socket.remoteAddress ?? ''),
    // keyGeneratorIpFallback: the key does go through ipKeyGenerator (in clientKey), which the library's look at
    // this function's source cannot see.
    validate: { trustProxy: false, xForwardedForHeader: false, keyGeneratorIpFallback: false },
    handler: (req, res) => refuse(req, res, 429, 'tooManyRequests'),
  };
  const sensitive = rateLimit({ ...base, limit: 30 * factor });
  const writes = rateLimit({ ...base, limit: 200 * factor });
  const reads = rateLimit({ ...base, limit: 2000 * factor });
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return reads(req, res, next);
    if (policy(req.path).rateLimit === 'sensitive') return sensitive(req, res, next);
    return writes(req, res, next);
  };
}

/** Remix: `/api` reads and writes (error bodies in the caller's language), then every page. */
function remixHandlers(app: express.Express, opts: AppOptions) {
  const remix = {
    build: opts.build,
    mode: opts.production ? 'production' : 'development',
    getLoadContext: (req: express.Request, res: express.Response) => ({
      cspNonce: res.locals.cspNonce as string,
      clientAddress: req.ip ?? req.socket.remoteAddress,
      brand: lazyBrand(opts.brand, req),
    }),
  };
  // The public reads' loaders and the writes marked `direct` (the counter's redemptions) are
  // called directly, without Remix's static handler around them.
  const entries = Object.values(opts.build.routes ?? {}) as RouteEntry[];
  const direct = perfOn('api-direct');
  app.get(
    '/api/*',
    apiReadHandler({ ...remix, direct: direct ? publicResourceLoaders(entries) : undefined }),
  );
  app.all(
    '/api/*',
    apiRequestHandler({ ...remix, direct: direct ? directActions(entries) : undefined }),
  );
  app.all('*', remixRequestHandler(remix));
}

/** The request's brand, looked up once and only if asked for: a page that needs none pays nothing. */
function lazyBrand(pick: AppOptions['brand'], req: express.Request) {
  if (!pick) return undefined;
  let brand: { site: BrandSite | null } | undefined;
  return () =>
    (brand ??= { site: pick({ host: req.headers.host, cookie: req.headers.cookie }) }).site;
}

/**
 * Every reach into a dependency's internals, in one place. Each patch says what it changes and
 * why, and is checked against the versions it was written for (`PATCHED_VERSIONS`):
 * tests/unit/server/framework-patches.test.ts is pinned to the installed versions and fails
 * loudly when one moves, so an upgrade re-reads this file before it ships.
 *
 * `preloadRouter()` must run before anything loads `@remix-run/router` (scripts/start.mjs calls
 * it first); `applyFrameworkPatches()` installs the rest at start-up (idempotent) and says which
 * were applied, for the start-up log.
 */
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import type { Location } from '@remix-run/router';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import {
  cachedMatchRoutes,
  memoizedConvertRoutes,
  memoizedCreateServerRoutes,
  type ConvertRoutes,
  type CreateServerRoutes,
  type MatchRoutes,
} from './perf/route-match-cache';
import { perfOn } from '~/perf.server';

/** The versions every patch below was written against and tested with. */
export const PATCHED_VERSIONS = {
  '@remix-run/router': '1.23.3',
  '@remix-run/react': '2.17.5',
  '@remix-run/express': '2.17.5',
  '@remix-run/server-runtime': '2.17.5',
} as const;

export type PatchName =
  | 'router.staticHandlerMatching'
  | 'router.matchRoutesCache'
  | 'router.dataRoutesMemo'
  | 'react.serverRoutesMemo';

// Resolved from this file (source or bundle): both sit inside the app, above its node_modules.
const appRequire = (fromDir?: string): NodeJS.Require =>
  fromDir ? createRequire(path.join(fromDir, 'package.json')) : createRequire(import.meta.url);

/** The one copy of `@remix-run/router` every Remix package requires (resolved like they do). */
function routerFile(fromDir?: string): string {
  const runtime = appRequire(fromDir).resolve('@remix-run/server-runtime');
  return createRequire(runtime).resolve('@remix-run/router');
}

type RouterExports = {
  matchRoutes: MatchRoutes & { cached?: true };
  parsePath: (path: string) => Partial<Location>;
  UNSAFE_convertRoutesToDataRoutes: ConvertRoutes & { memoized?: true };
};
const routerExports = (): RouterExports =>
  createRequire(appRequire().resolve('@remix-run/server-runtime'))(
    '@remix-run/router',
  ) as RouterExports;

// ------------------------------------------------------------ the static handler's matching
//
// The server installs a per-path cache on `exports.matchRoutes` (below); every caller goes
// through the exports object except the static handler's own `query` and `queryRoute`, which call
// the module-local function: a full flatten-and-rank of the route table on every page and API
// request. Their two call sites are rewritten to `exports.matchRoutes(...)`; nothing else changes.
// If the source does not have exactly those two sites, it is loaded as it is.

export const ROUTER_MATCH_SITE = 'let matches = matchRoutes(dataRoutes, location, basename);';

/** The router source with the static handler's two matching sites going through `exports`. */
export function patchRouterSource(source: string): { source: string; patched: number } {
  const count = source.split(ROUTER_MATCH_SITE).length - 1;
  if (count !== 2) return { source, patched: 0 };
  return {
    source: source.replaceAll(
      ROUTER_MATCH_SITE,
      'let matches = exports.matchRoutes(dataRoutes, location, basename);',
    ),
    patched: count,
  };
}

type CompilableModule = Module & {
  _compile(source: string, file: string): void;
  paths: string[];
  loaded: boolean;
};
const moduleInternals = Module as unknown as {
  _cache: Record<string, Module | undefined>;
  _nodeModulePaths(dir: string): string[];
};

/** Compiles `source` as the CommonJS module `file` (not put in the require cache). */
export function compileModule(file: string, source: string): CompilableModule {
  const mod = new Module(file, undefined) as CompilableModule;
  mod.filename = file;
  mod.paths = moduleInternals._nodeModulePaths(path.dirname(file));
  mod._compile(source, file);
  mod.loaded = true;
  return mod;
}

let routerPreloaded = 0;
/**
 * Loads `@remix-run/router` with the static handler's matching patched, before anything else
 * requires it; returns how many sites were patched (0: already loaded, or another version).
 */
export function preloadRouter(fromDir?: string): number {
  if (!perfOn('router-patches')) return 0;
  const file = routerFile(fromDir);
  if (moduleInternals._cache[file]) return routerPreloaded;
  const { source, patched } = patchRouterSource(fs.readFileSync(file, 'utf8'));
  if (!patched) return 0;
  moduleInternals._cache[file] = compileModule(file, source);
  routerPreloaded = patched;
  return patched;
}

// ------------------------------------------------------------ installed on exports objects

/** The route-match cache on the router's exports, which the Remix packages call. */
function installRouteMatchCache(): boolean {
  const router = routerExports();
  if (router.matchRoutes.cached) return true;
  if (typeof router.matchRoutes !== 'function') return false;
  router.matchRoutes = Object.assign(cachedMatchRoutes(router.matchRoutes, router.parsePath), {
    cached: true as const,
  });
  return true;
}

/** The static router's data routes copied once per route tree. */
function installDataRoutesMemo(): boolean {
  const router = routerExports();
  if (router.UNSAFE_convertRoutesToDataRoutes.memoized) return true;
  if (typeof router.UNSAFE_convertRoutesToDataRoutes !== 'function') return false;
  router.UNSAFE_convertRoutesToDataRoutes = Object.assign(
    memoizedConvertRoutes(router.UNSAFE_convertRoutesToDataRoutes),
    { memoized: true as const },
  );
  return true;
}

// `@remix-run/react`'s server renderer calls `routes.createServerRoutes(...)` through this
// module's exports object on every document request.
type RemixRoutesModule = { createServerRoutes: CreateServerRoutes };
const remixRoutesModule = (): RemixRoutesModule =>
  createRequire(appRequire().resolve('@remix-run/react'))('./routes.js') as RemixRoutesModule;

/** `<RemixServer>`'s route tree built once per build. */
function installServerRoutesMemo(): boolean {
  const routes = remixRoutesModule();
  if (routes.createServerRoutes.memoized) return true;
  if (typeof routes.createServerRoutes !== 'function') return false;
  routes.createServerRoutes = Object.assign(memoizedCreateServerRoutes(routes.createServerRoutes), {
    memoized: true as const,
  });
  return true;
}

/** Applies every patch (once); the names of those in place, and of those that could not be. */
export function applyFrameworkPatches(): { applied: PatchName[]; skipped: PatchName[] } {
  const results: [PatchName, boolean][] = [
    ['router.staticHandlerMatching', routerPreloaded > 0],
    ['router.matchRoutesCache', installRouteMatchCache()],
    ['router.dataRoutesMemo', installDataRoutesMemo()],
    ['react.serverRoutesMemo', installServerRoutesMemo()],
  ];
  return {
    applied: results.filter(([, ok]) => ok).map(([name]) => name),
    skipped: results.filter(([, ok]) => !ok).map(([name]) => name),
  };
}

// ------------------------------------------------------------ Node's request body

/**
 * Every chunk of a request body as Node's HTTP parser hands it to the request stream, before any
 * reader (Remix's body stream, a multipart parser) sees it: the body limit counts and refuses here
 * (server/body-limit.ts). A readable stream's `push` is where the parser's bytes enter it; `onChunk`
 * gets each (null at the end) and `push`, and answers what `push` would. A transform stream
 * cannot stand in front: Remix reads the request object itself.
 */
export function interceptBodyChunks(
  req: IncomingMessage,
  onChunk: (
    chunk: unknown,
    encoding: BufferEncoding | undefined,
    push: (chunk: unknown, encoding?: BufferEncoding) => boolean,
  ) => boolean,
): void {
  const push = req.push.bind(req);
  req.push = (chunk: unknown, encoding?: BufferEncoding) => onChunk(chunk, encoding, push);
}

// ------------------------------------------------------------ read, not patched

/**
 * `@remix-run/express` builds its Request and sends its Response with these two helpers; they live
 * in its dist/server.js, not in its public index. The server's own handler uses them so that a
 * request whose body was refused is never answered twice and API errors are put into words.
 */
export type RemixExpressHelpers = {
  createRemixRequest: (req: ExpressRequest, res: ExpressResponse) => Request;
  sendRemixResponse: (res: ExpressResponse, response: Response) => Promise<void>;
};
export function remixExpressHelpers(): RemixExpressHelpers {
  return appRequire()('@remix-run/express/dist/server.js') as RemixExpressHelpers;
}

/**
 * Pays React Router's route matching once per path.
 *
 * `matchRoutes` of `@remix-run/router` flattens and ranks the whole route table on every call
 * (about 280 branches here: ~140 route modules, nearly all under the optional `($lang)` segment,
 * which doubles them) and compiles a regular expression for every branch it tries. A document
 * request calls it at least four times (server runtime, static handler, `<Routes>`, and `<Scripts>`
 * through lazy route discovery's `getPartialManifest`, once per parent path): about a quarter of
 * the server's CPU on a static page.
 *
 * The result only depends on the route table (ids, paths, index, case sensitivity) and the
 * pathname, so it is cached per table shape and pathname (bounded LRU) and rebuilt around the
 * caller's own route objects (found by id) with a fresh `params` object: callers see exactly what
 * `matchRoutes` would return. The server runtime, react-router and Remix's `<Scripts>` all call
 * it through the package's exports object, which is where server/framework-patches.ts installs
 * the cached version. This file holds only the wrappers: plain functions of the originals.
 */
import { LRUCache } from 'lru-cache';
import type { AgnosticRouteMatch, AgnosticRouteObject, Location, Params } from '@remix-run/router';

type Route = AgnosticRouteObject & { id?: string; children?: Route[] };
export type MatchRoutes = (
  routes: Route[],
  location: Partial<Location> | string,
  basename?: string,
) => AgnosticRouteMatch[] | null;
type Cached = { id: string; params: Params; pathname: string; pathnameBase: string }[] | null;
type Table = { shape: string; byId: Map<string, Route> } | null;

/** Paths remembered per route table (least recently used first out). */
const MAX_PATHS = 2000;

const tables = new WeakMap<Route[], Table>();
// A match can be null (no route): cached as such, hence the wrapper object.
const caches = new Map<string, LRUCache<string, { matches: Cached }>>();

/** The shape of a route table (what matching depends on) and its routes by id; null if a route has no id. */
function tableOf(routes: Route[]): Table {
  let hit = tables.get(routes);
  if (hit !== undefined) return hit;
  const byId = new Map<string, Route>();
  const parts: string[] = [];
  const walk = (list: Route[]): boolean => {
    parts.push('[');
    for (const r of list) {
      if (typeof r.id !== 'string' || byId.has(r.id)) return false;
      byId.set(r.id, r);
      parts.push(
        r.id,
        '\u0001',
        r.path ?? '',
        '\u0001',
        r.index ? 'i' : '',
        r.caseSensitive ? 'c' : '',
        '\u0002',
      );
      if (r.children?.length && !walk(r.children)) return false;
    }
    parts.push(']');
    return true;
  };
  hit = walk(routes) ? { shape: parts.join(''), byId } : null;
  tables.set(routes, hit);
  return hit;
}

/** Wraps a `matchRoutes` with the cache. */
export function cachedMatchRoutes(
  original: MatchRoutes,
  parsePath: (p: string) => Partial<Location>,
): MatchRoutes {
  return (routes, locationArg, basename = '/') => {
    const table = Array.isArray(routes) ? tableOf(routes) : null;
    if (!table) return original(routes, locationArg, basename);
    const pathname =
      (typeof locationArg === 'string' ? parsePath(locationArg).pathname : locationArg.pathname) ??
      '/';
    const key = `${basename}\u0000${pathname}`;
    let cache = caches.get(table.shape);
    if (!cache) caches.set(table.shape, (cache = new LRUCache({ max: MAX_PATHS })));
    let cached = cache.get(key)?.matches;
    if (cached === undefined) {
      const matches = original(routes, locationArg, basename);
      cached = matches
        ? matches.map((m) => ({
            id: m.route.id!,
            params: { ...m.params },
            pathname: m.pathname,
            pathnameBase: m.pathnameBase,
          }))
        : null;
      cache.set(key, { matches: cached });
    }
    if (!cached) return null;
    // One params object shared by every match, as matchRoutes does.
    const params = { ...cached[cached.length - 1]!.params };
    return cached.map((m) => ({
      params,
      pathname: m.pathname,
      pathnameBase: m.pathnameBase,
      route: table.byId.get(m.id)!,
    }));
  };
}

// ---------------------------------------------------------------- <RemixServer>'s route tree

export type CreateServerRoutes = ((
  manifest: object,
  routeModules: object,
  future: unknown,
  isSpaMode: boolean,
  ...rest: unknown[]
) => unknown) & {
  memoized?: true;
};
/**
 * `<RemixServer>` rebuilds the whole route tree (one object per route module, grouped by parent)
 * on every document request, from the build's manifest and route modules, which never change for
 * a build. The tree is only read afterwards (React Router copies it into its own data routes), so
 * it is built once per build and shared.
 *
 * The server runtime hands over a *new* route-modules object on every request (a fresh map of the
 * same module objects), so the tree is keyed by the manifest object and by the modules' contents:
 * the same ids mapping to the same module objects (one pointer comparison per route).
 */
export function memoizedCreateServerRoutes(original: CreateServerRoutes): CreateServerRoutes {
  type Entry = { modules: [string, unknown][]; trees: Map<string, unknown> };
  const byManifest = new WeakMap<object, Entry>();
  const sameModules = (
    seen: [string, unknown][],
    routeModules: Record<string, unknown>,
  ): boolean => {
    let count = 0;
    for (const key in routeModules) {
      const at = seen[count++];
      if (!at || at[0] !== key || at[1] !== routeModules[key]) return false;
    }
    return count === seen.length;
  };
  return (manifest, routeModules, future, isSpaMode, ...rest) => {
    // Only the top-level call (the renderer's) is memoized; anything else goes straight through.
    if (
      rest.length > 0 ||
      typeof manifest !== 'object' ||
      typeof routeModules !== 'object' ||
      manifest === null ||
      routeModules === null
    ) {
      return original(manifest, routeModules, future, isSpaMode, ...rest);
    }
    const modules = routeModules as Record<string, unknown>;
    let entry = byManifest.get(manifest);
    if (!entry || !sameModules(entry.modules, modules)) {
      entry = { modules: Object.entries(modules), trees: new Map() };
      byManifest.set(manifest, entry);
    }
    const key = `${isSpaMode ? 'spa' : 'ssr'}|${JSON.stringify(future ?? null)}`;
    if (!entry.trees.has(key))
      entry.trees.set(key, original(manifest, routeModules, future, isSpaMode));
    return entry.trees.get(key);
  };
}

// ---------------------------------------------------------------- the static router's data routes

export type ConvertRoutes = (
  routes: Route[],
  mapRouteProperties: unknown,
  parentPath?: string[],
  manifest?: Record<string, unknown>,
) => Route[];

/**
 * React Router's `createStaticRouter` (called by `<RemixServer>` on every document request) copies
 * the whole route tree into "data routes" (one new object per route, and a manifest by id). For
 * the same input tree and the same property mapper the copy is the same, and nothing writes to it
 * on the server (the static router is read-only; lazy routes are not used), so it is made once per
 * tree: the caller's manifest is filled from the remembered one. This also keeps the data routes
 * the same array across requests, so the route-match cache finds its table without walking it.
 */
export function memoizedConvertRoutes(original: ConvertRoutes): ConvertRoutes {
  const byRoutes = new WeakMap<
    Route[],
    { mapper: unknown; routes: Route[]; manifest: Record<string, unknown> }
  >();
  return (routes, mapRouteProperties, parentPath, manifest) => {
    // Only the top-level call of a whole tree is memoized; the recursive calls go straight through.
    if (parentPath !== undefined || !Array.isArray(routes))
      return original(routes, mapRouteProperties, parentPath, manifest);
    let hit = byRoutes.get(routes);
    if (!hit || hit.mapper !== mapRouteProperties) {
      const built: Record<string, unknown> = {};
      hit = {
        mapper: mapRouteProperties,
        routes: original(routes, mapRouteProperties, undefined, built),
        manifest: built,
      };
      byRoutes.set(routes, hit);
    }
    if (manifest) {
      // The caller's manifest is a fresh `{}` that is only read by id: let it read the cached one
      // (copying ~160 entries per request cost more than the whole lookup).
      if (
        Object.getPrototypeOf(manifest) === Object.prototype &&
        Object.keys(manifest).length === 0
      )
        Object.setPrototypeOf(manifest, hit.manifest);
      else Object.assign(manifest, hit.manifest);
    }
    return hit.routes;
  };
}

/**
 * The policy each route declares in its `handle` (~/lib/route-handle: cache for anonymous
 * visitors, rate-limit tier, upload-only body), looked up by request path from the build's own
 * route table: matched once per path (bounded), the deepest route's word winning over its
 * layouts'. Client navigations ask for `<path>.data` (and `/_root.data` for `/`): they follow their
 * page's policy.
 */
import { LRUCache } from 'lru-cache';
import { matchRoutes, type AgnosticRouteObject } from '@remix-run/router';
import type { ServerBuild } from '@remix-run/node';
import { isLangParam } from '~/lib/lang';
import type { RouteHandle } from '~/lib/route-handle';
import { perfOn } from '~/perf.server';

export type RoutePolicy = Pick<RouteHandle, 'cache' | 'rateLimit' | 'body'>;

/** The build's route entries, as much of them as matching needs. */
export type RouteEntry = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: {
    handle?: unknown;
    default?: unknown;
    loader?: unknown;
    action?: unknown;
    ErrorBoundary?: unknown;
  };
};

type Tree = AgnosticRouteObject & { id: string; policy: RoutePolicy; children?: Tree[] };

const MAX_PATHS = 2000;

function policyOf(handle: unknown): RoutePolicy {
  const h = (handle ?? {}) as RouteHandle;
  const policy: RoutePolicy = {};
  if (h.cache) policy.cache = h.cache;
  if (h.rateLimit) policy.rateLimit = h.rateLimit;
  if (h.body) policy.body = h.body;
  return policy;
}

function treeOf(entries: RouteEntry[]): Tree[] {
  const byParent = new Map<string | undefined, RouteEntry[]>();
  for (const e of entries) {
    const list = byParent.get(e.parentId) ?? [];
    list.push(e);
    byParent.set(e.parentId, list);
  }
  const build = (parentId: string | undefined): Tree[] =>
    (byParent.get(parentId) ?? []).map((e) => {
      const children = build(e.id);
      const node = {
        id: e.id,
        path: e.path,
        caseSensitive: e.caseSensitive,
        policy: policyOf(e.module.handle),
      };
      return (
        e.index
          ? { ...node, index: true }
          : { ...node, children: children.length ? children : undefined }
      ) as Tree;
    });
  return build(undefined);
}

/** The page a `.data` request is for. */
export function pagePath(pathname: string): string {
  if (!pathname.endsWith('.data')) return pathname;
  const page = pathname.slice(0, -'.data'.length);
  if (page === '/_root') return '/';
  return page.endsWith('/_root') ? page.slice(0, -'/_root'.length) || '/' : page;
}

/** A lookup of the merged policy of the routes a path matches (empty when nothing matches). */
export function routePolicies(entries: RouteEntry[]): (pathname: string) => RoutePolicy {
  const tree = treeOf(entries);
  const cache = new LRUCache<string, RoutePolicy>({ max: MAX_PATHS });
  return (pathname) => {
    let policy = perfOn('small-memos') ? cache.get(pathname) : undefined;
    if (policy) return policy;
    let matches = matchRoutes(tree, pagePath(pathname)) ?? [];
    // `/eventsX` matches the optional language segment, but the root answers 404 for it.
    const lang = matches.at(-1)?.params.lang;
    if (lang !== undefined && !isLangParam(lang)) matches = [];
    policy = Object.assign({}, ...matches.map((m) => (m.route as Tree).policy)) as RoutePolicy;
    cache.set(pathname, policy);
    return policy;
  };
}

/** The lookup over a Remix server build. */
export function buildPolicies(build: ServerBuild): (pathname: string) => RoutePolicy {
  return routePolicies(Object.values(build.routes ?? {}) as RouteEntry[]);
}

/** A resource route's loader, called as Remix calls it (request, params, load context). */
export type ResourceLoader = (args: {
  request: Request;
  params: Record<string, string | undefined>;
  context: unknown;
}) => unknown;

/**
 * The loader of the resource route (no page: no default export) a path matches, with its params,
 * when that route is `cache: 'public'`: what it answers depends only on the database, the day and
 * the request, and its loader reads and never writes. Null for any other path.
 */
export function publicResourceLoaders(
  entries: RouteEntry[],
): (pathname: string) => { loader: ResourceLoader; params: Record<string, string> } | null {
  return leafLookup(entries, (matches, leaf, entry) => {
    const policy = Object.assign(
      {},
      ...matches.map((m) => (m.route as Tree).policy),
    ) as RoutePolicy;
    return policy.cache === 'public' &&
      entry.module.default === undefined &&
      typeof entry.module.loader === 'function'
      ? {
          loader: entry.module.loader as ResourceLoader,
          params: leaf.params as Record<string, string>,
        }
      : null;
  });
}

type Match = NonNullable<ReturnType<typeof matchRoutes<Tree>>>[number];

/**
 * What the route a path matches gives (`pick`, from the path's matches, the leaf match and its
 * build entry; null for nothing), worked out once per path (the lookups run on every request).
 * The same table and matching as Remix; a language segment other than a supported one matches
 * nothing.
 */
function leafLookup<T>(
  entries: RouteEntry[],
  pick: (matches: Match[], leaf: Match, entry: RouteEntry) => T | null,
): (pathname: string) => T | null {
  const tree = treeOf(entries);
  const byId = new Map(entries.map((e) => [e.id, e]));
  // A path that matches nothing is remembered too, hence the wrapper object.
  const cache = new LRUCache<string, { found: T | null }>({ max: MAX_PATHS });
  return (pathname) => {
    const hit = cache.get(pathname);
    if (hit) return hit.found;
    let matches = matchRoutes(tree, pathname) ?? [];
    const lang = matches.at(-1)?.params.lang;
    if (lang !== undefined && !isLangParam(lang)) matches = [];
    const leaf = matches.at(-1);
    const entry = leaf ? byId.get((leaf.route as Tree).id) : undefined;
    const found = leaf && entry ? pick(matches, leaf, entry) : null;
    cache.set(pathname, { found });
    return found;
  };
}

/** A resource route's action, called as Remix calls it. */
type ResourceAction = ResourceLoader;

/** The action a path's JSON write may be answered by directly, with its params. */
export type DirectAction = { action: ResourceAction; params: Record<string, string> };

/**
 * The action of the resource route a path matches, with its params, when that route's handle
 * says `direct: 'action'` (~/lib/route-handle): the route Remix would run for the path (the same
 * table, the same matching), a resource route (no page, no error boundary) with an action. Null
 * for any other path.
 */
export function directActions(entries: RouteEntry[]): (pathname: string) => DirectAction | null {
  return leafLookup(entries, (_matches, leaf, entry) =>
    (entry.module.handle as RouteHandle | undefined)?.direct === 'action' &&
    entry.module.default === undefined &&
    entry.module.ErrorBoundary === undefined &&
    typeof entry.module.action === 'function'
      ? {
          action: entry.module.action as ResourceAction,
          params: leaf.params as Record<string, string>,
        }
      : null,
  );
}

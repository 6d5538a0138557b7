/**
 * The route-match cache answers exactly what React Router's matchRoutes answers, with
 * the caller's own route objects, for every kind of path of the app's layout: optional `($lang)`,
 * index routes, pathless layouts, dynamic and optional params, the splat, and no match.
 */
import { createRequire } from 'node:module';
import { matchRoutes as original, parsePath, type AgnosticRouteObject } from '@remix-run/router';
import { describe, expect, it } from 'vitest';
import {
  cachedMatchRoutes,
  memoizedConvertRoutes,
  memoizedCreateServerRoutes,
} from '../../../server/perf/route-match-cache';
import { applyFrameworkPatches } from '../../../server/framework-patches';
import { UNSAFE_convertRoutesToDataRoutes as convertRoutes } from '@remix-run/router';

type R = AgnosticRouteObject & { id: string; children?: R[] };
function table(): R[] {
  return [
    {
      id: 'root',
      path: '',
      children: [
        {
          id: 'lang',
          path: ':lang?',
          children: [
            {
              id: 'public',
              children: [
                { id: 'home', index: true },
                { id: 'about', path: 'about/overview' },
                { id: 'events', path: 'events' },
                { id: 'event', path: 'events/event/:eventId' },
                { id: 'splat', path: '*' },
              ],
            },
            {
              id: 'admin',
              path: 'auth/admin',
              children: [
                { id: 'admin-home', index: true },
                { id: 'dealer', path: 'dealer/:dealerId?' },
              ],
            },
          ],
        },
        { id: 'api', path: 'api/:role/events' },
      ],
    },
  ] as R[];
}

const PATHS = [
  '/',
  '/fr',
  '/about/overview',
  '/fr/about/overview',
  '/events',
  '/events/event/12',
  '/fr/events/event/7',
  '/nope/deeper',
  '/auth/admin',
  '/fr/auth/admin/dealer',
  '/auth/admin/dealer/3',
  '/api/admin/events',
  '/events?x=1#h',
  '/fr/%C3%A9preuves',
];

describe('route-match cache', () => {
  it('returns what matchRoutes returns, on a miss and on a hit, with the route objects of each table', () => {
    const cached = cachedMatchRoutes(original as never, parsePath);
    for (let round = 0; round < 2; round++) {
      // A new table each round (Remix builds one per request): same shape, other objects.
      const routes = table();
      for (const p of PATHS) {
        const expected = original(routes, p);
        const got = cached(routes, p);
        expect(got, p).toEqual(expected);
        got?.forEach((m, i) => expect(m.route).toBe(expected![i]!.route));
      }
      expect(cached(routes, { pathname: '/events/event/5' })).toEqual(
        original(routes, { pathname: '/events/event/5' }),
      );
      expect(cached(routes, '/fr/events', '/fr')).toEqual(original(routes, '/fr/events', '/fr'));
    }
  });

  it('gives each caller its own params object (a change by one caller cannot leak)', () => {
    const cached = cachedMatchRoutes(original as never, parsePath);
    const routes = table();
    const a = cached(routes, '/events/event/12')!;
    (a[a.length - 1]!.params as Record<string, string>).eventId = 'changed';
    const b = cached(routes, '/events/event/12')!;
    expect(b[b.length - 1]!.params.eventId).toBe('12');
    expect(b[0]!.params).toBe(b[b.length - 1]!.params);
  });

  it('does not cache a table whose routes lack ids', () => {
    let calls = 0;
    const cached = cachedMatchRoutes(
      ((...a: Parameters<typeof original>) => (calls++, original(...a))) as never,
      parsePath,
    );
    const routes = [{ path: 'x' }];
    cached(routes as never, '/x');
    cached(routes as never, '/x');
    expect(calls).toBe(2);
  });

  it('is installed on the @remix-run/router exports the Remix packages call', () => {
    applyFrameworkPatches();
    const req = createRequire(createRequire(import.meta.url).resolve('@remix-run/server-runtime'));
    const router = req('@remix-run/router') as { matchRoutes: { cached?: boolean } };
    expect(router.matchRoutes.cached).toBe(true);
  });
});

describe("<RemixServer>'s route tree is built once per build", () => {
  it('returns the same tree for the same manifest and route modules, and builds anew for others', () => {
    let built = 0;
    const original = (manifest: object) => {
      built += 1;
      return [{ id: 'root', from: manifest }];
    };
    const memo = memoizedCreateServerRoutes(original as never);
    const manifest = { root: { id: 'root' } };
    const modules = { root: {} };
    const first = memo(manifest, modules, { v3_singleFetch: true }, false);
    expect(memo(manifest, modules, { v3_singleFetch: true }, false)).toBe(first);
    // The server runtime sends a new modules object per request, holding the same modules.
    expect(memo(manifest, { ...modules }, { v3_singleFetch: true }, false)).toBe(first);
    expect(built).toBe(1);
    // Another module under an id (a rebuilt route), or one more route, builds anew.
    expect(memo(manifest, { root: {} }, { v3_singleFetch: true }, false)).not.toBe(first);
    expect(memo(manifest, { ...modules, other: {} }, { v3_singleFetch: true }, false)).not.toBe(
      first,
    );
    expect(built).toBe(3);
    const second = memo(manifest, modules, { v3_singleFetch: true }, false);
    expect(built).toBe(4);
    // Another build (HMR in development) or another mode gets its own tree.
    expect(memo({ ...manifest }, modules, { v3_singleFetch: true }, false)).not.toBe(second);
    expect(memo(manifest, modules, { v3_singleFetch: true }, true)).not.toBe(second);
    // The recursive form (a parent id given) is never cached.
    memo(manifest, modules, {}, false, 'root');
    memo(manifest, modules, {}, false, 'root');
    expect(built).toBe(8);
  });
});

describe("the static router's data routes are copied once per route tree", () => {
  const mapper = (route: { hasErrorBoundary?: boolean }) => ({
    hasErrorBoundary: route.hasErrorBoundary === true,
  });

  it('gives what convertRoutesToDataRoutes gives, the same array each time, and fills each caller’s manifest', () => {
    let calls = 0;
    const memo = memoizedConvertRoutes(
      ((...a: Parameters<typeof convertRoutes>) => (calls++, convertRoutes(...a))) as never,
    );
    const routes = table();
    const expectedManifest = {};
    const expected = convertRoutes(routes, mapper as never, undefined, expectedManifest);
    const m1: Record<string, unknown> = {};
    const first = memo(routes, mapper, undefined, m1);
    expect(first).toEqual(expected);
    // Every route can be read by id from the caller's manifest, as from the original's.
    for (const [id, route] of Object.entries(expectedManifest)) expect(m1[id], id).toEqual(route);
    expect(m1.nope).toBeUndefined();
    const m2: Record<string, unknown> = {};
    expect(memo(routes, mapper, undefined, m2)).toBe(first);
    expect(m2.event).toBe(m1.event); // the manifest points into the shared data routes
    expect(calls).toBe(1);
    // Another tree or another property mapper is copied anew; the recursive form is never cached.
    memo(table(), mapper, undefined, {});
    memo(routes, () => ({}), undefined, {});
    memo(routes, mapper, ['0'], {});
    memo(routes, mapper, ['0'], {});
    expect(calls).toBe(5);
  });

  it('is installed on the @remix-run/router exports react-router-dom/server calls', () => {
    applyFrameworkPatches();
    const req = createRequire(createRequire(import.meta.url).resolve('react-router-dom/server'));
    const router = req('@remix-run/router') as {
      UNSAFE_convertRoutesToDataRoutes: { memoized?: boolean };
    };
    expect(router.UNSAFE_convertRoutesToDataRoutes.memoized).toBe(true);
  });
});

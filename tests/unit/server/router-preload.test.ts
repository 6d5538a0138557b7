/**
 * Rule: the static handler (every page and API request) matches routes through the router's
 * exports, where the per-path cache is installed — not through its module-local function, which
 * re-flattens and ranks every route on each call (scripts/router-preload.mjs).
 */
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { patchRouterSource } from '../../../scripts/router-preload.mjs';

const require = createRequire(path.join(process.cwd(), 'package.json'));
const routerFile = createRequire(require.resolve('@remix-run/server-runtime')).resolve(
  '@remix-run/router',
);

/** The router compiled from `source` into a module of its own (the test's, not the cache's). */
function compile(source: string) {
  const mod = new Module(routerFile, undefined) as Module & {
    _compile(s: string, f: string): void;
    paths: string[];
  };
  mod.filename = routerFile;
  mod.paths = (Module as unknown as { _nodeModulePaths(d: string): string[] })._nodeModulePaths(
    path.dirname(routerFile),
  );
  mod._compile(source, routerFile);
  return mod.exports as typeof import('@remix-run/router');
}

describe('router preload', () => {
  it('finds exactly the two matching sites of the installed @remix-run/router', () => {
    const { patched } = patchRouterSource(fs.readFileSync(routerFile, 'utf8'));
    expect(patched).toBe(2);
  });

  it("the patched static handler's query and queryRoute call exports.matchRoutes", async () => {
    const router = compile(patchRouterSource(fs.readFileSync(routerFile, 'utf8')).source);
    const routes = [
      {
        id: 'root',
        path: '/',
        children: [{ id: 'page', path: 'page', loader: () => Response.json({ ok: true }) }],
      },
    ];
    const handler = router.createStaticHandler(routes);
    const seen: string[] = [];
    const original = router.matchRoutes;
    (router as { matchRoutes: typeof original }).matchRoutes = ((r, loc, base) => {
      seen.push(typeof loc === 'string' ? loc : (loc.pathname ?? ''));
      return original(r, loc, base);
    }) as typeof original;
    await handler.query(new Request('http://x/page'));
    await handler.queryRoute(new Request('http://x/page'));
    expect(seen).toEqual(['/page', '/page']);
  });

  it('leaves a source it does not recognise unchanged', () => {
    expect(patchRouterSource('function matchRoutes() {}')).toEqual({
      source: 'function matchRoutes() {}',
      patched: 0,
    });
  });
});

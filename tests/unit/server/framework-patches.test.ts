/**
 * Every reach into a dependency's internals lives in server/framework-patches.ts. This test is
 * pinned to the installed versions: an upgrade of a patched package fails here first, loudly,
 * with the patch to re-read; and each patched site is checked to still be where the patch expects.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  applyFrameworkPatches,
  compileModule,
  interceptBodyChunks,
  PATCHED_VERSIONS,
  patchRouterSource,
  remixExpressHelpers,
} from '../../../server/framework-patches';

const require = createRequire(path.join(process.cwd(), 'package.json'));
const runtimeRequire = createRequire(require.resolve('@remix-run/server-runtime'));
const routerFile = runtimeRequire.resolve('@remix-run/router');

function installedVersion(name: string): string {
  // Each package's own package.json, found from its entry (some do not export './package.json').
  let dir = path.dirname(name === '@remix-run/router' ? routerFile : require.resolve(name));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  for (;;) {
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      name?: string;
      version: string;
    };
    if (pkg.name === name) return pkg.version;
    dir = path.dirname(dir);
  }
}

describe('framework patches', () => {
  it.each(Object.entries(PATCHED_VERSIONS))(
    '%s is the version the patches were written for (%s): re-read server/framework-patches.ts before changing it',
    (name, version) => {
      expect(installedVersion(name)).toBe(version);
    },
  );

  it('finds exactly the two matching sites of the installed @remix-run/router', () => {
    const { patched } = patchRouterSource(fs.readFileSync(routerFile, 'utf8'));
    expect(patched).toBe(2);
  });

  it("the patched static handler's query and queryRoute call exports.matchRoutes", async () => {
    const source = patchRouterSource(fs.readFileSync(routerFile, 'utf8')).source;
    const router = compileModule(routerFile, source).exports as typeof import('@remix-run/router');
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

  it('installs every patch on the exports objects, and says so', () => {
    const { applied, skipped } = applyFrameworkPatches();
    // The router was loaded unpatched by the test runner itself: only that one is skipped here.
    expect(skipped).toEqual(['router.staticHandlerMatching']);
    expect(applied).toEqual([
      'router.matchRoutesCache',
      'router.dataRoutesMemo',
      'react.serverRoutesMemo',
    ]);
    const router = runtimeRequire('@remix-run/router') as {
      matchRoutes: { cached?: boolean };
      UNSAFE_convertRoutesToDataRoutes: { memoized?: boolean };
    };
    expect(router.matchRoutes.cached).toBe(true);
    expect(router.UNSAFE_convertRoutesToDataRoutes.memoized).toBe(true);
    const remixRoutes = createRequire(require.resolve('@remix-run/react'))('./routes.js') as {
      createServerRoutes: { memoized?: boolean };
    };
    expect(remixRoutes.createServerRoutes.memoized).toBe(true);
  });

  it("@remix-run/express's request and response helpers are where the server reads them", () => {
    const helpers = remixExpressHelpers();
    expect(typeof helpers.createRemixRequest).toBe('function');
    expect(typeof helpers.sendRemixResponse).toBe('function');
  });

  it('no file outside framework-patches reaches into a dependency (dist/, _compile, private fields)', () => {
    const roots = ['app', 'server', 'scripts', 'db'];
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const f = path.join(dir, e.name);
        if (e.isDirectory()) walk(f);
        else if (/\.(ts|tsx|mjs|js)$/.test(e.name) && !f.endsWith('framework-patches.ts')) {
          const text = fs.readFileSync(f, 'utf8');
          if (
            /['"]@remix-run\/[a-z-]+\/dist\/|\._compile\(|Module\._cache|UNSAFE_convertRoutesToDataRoutes|\.session\?*\.client|['"]\.\/routes\.js['"]/.test(
              text,
            )
          )
            offenders.push(f);
        }
      }
    };
    for (const r of roots) walk(path.join(process.cwd(), r));
    expect(offenders).toEqual([]);
  });
});

describe("Node's request body: every chunk passes through interceptBodyChunks", () => {
  it('sees each chunk and the end, before the reader, and the reader still gets the body', async () => {
    const http = await import('node:http');
    const seen: number[] = [];
    let ended = false;
    const server = http.createServer((req, res) => {
      interceptBodyChunks(req, (chunk, encoding, push) => {
        if (chunk === null || chunk === undefined) ended = true;
        else seen.push((chunk as Buffer).length);
        return push(chunk, encoding);
      });
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (d: string) => (body += d));
      req.on('end', () => res.end(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const sent = 'x'.repeat(200_000);
    const answer = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: sent });
    expect(await answer.text()).toBe(sent);
    server.close();
    expect(seen.reduce((a, b) => a + b, 0)).toBe(sent.length);
    expect(ended).toBe(true);
  });
});

/**
 * Loads `@remix-run/router` (the copy the Remix server runtime requires) with its static handler
 * matching through the module's exports, before anything else requires it.
 *
 * The server installs a per-path cache on `exports.matchRoutes` (server/route-match-cache.ts);
 * every caller goes through the exports object except the static handler's own `query` and
 * `queryRoute`, which call the module-local function: a full flatten-and-rank of ~280 branches on
 * every page and every API request (a quarter of an API request's CPU). Their two call sites are
 * rewritten to `exports.matchRoutes(...)`; nothing else changes. If the source does not have
 * exactly those two sites (another version of the package), it is loaded as it is.
 */
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';

const SITE = 'let matches = matchRoutes(dataRoutes, location, basename);';

/** The router source with the static handler's two matching sites going through `exports`. */
export function patchRouterSource(source) {
  const count = source.split(SITE).length - 1;
  if (count !== 2) return { source, patched: 0 };
  return {
    source: source.replaceAll(
      SITE,
      'let matches = exports.matchRoutes(dataRoutes, location, basename);',
    ),
    patched: count,
  };
}

/** Compiles the patched router into the CommonJS cache; returns how many sites were patched. */
export function preloadRouter(fromDir = process.cwd()) {
  const require = createRequire(path.join(fromDir, 'package.json'));
  const runtime = require.resolve('@remix-run/server-runtime');
  const file = createRequire(runtime).resolve('@remix-run/router');
  if (Module._cache[file]) return 0; // already loaded: leave it
  const { source, patched } = patchRouterSource(fs.readFileSync(file, 'utf8'));
  if (!patched) return 0;
  const mod = new Module(file, null);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(path.dirname(file));
  mod._compile(source, file);
  mod.loaded = true;
  Module._cache[file] = mod;
  return patched;
}

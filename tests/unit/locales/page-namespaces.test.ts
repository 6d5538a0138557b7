/**
 * Rule: a page hydrates with every namespace its route and components translate from.
 * The browser only loads `namespacesForPath(pathname)` before hydrating; a key of any other
 * namespace renders on the server but falls back to its default in the browser, and the text
 * changes under the user's eyes (the public event page lost its "why no payout" words this way).
 * This walks each public and sign-in route, follows its `~/components` and `~/routes` imports
 * (lazy ones too), and collects the `t('ns:…')` and `<Trans i18nKey="ns:…">` namespaces it finds.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { namespacesForPath } from '~/i18n';

const APP = path.resolve(process.cwd(), 'app');
const ROUTES = path.join(APP, 'routes');

function resolveImport(spec: string): string | null {
  const rel = spec.replace(/^~\//, '');
  for (const ext of ['.tsx', '.ts', '/index.tsx', '/index.ts']) {
    const file = path.join(APP, rel + ext);
    if (existsSync(file)) return file;
  }
  return null;
}

/** Namespaces used by a file and the components it imports (transitively). */
function namespacesOf(file: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(file)) return found;
  seen.add(file);
  const src = readFileSync(file, 'utf8');
  for (const m of src.matchAll(/\bt\(\s*['"`]([a-zA-Z]+):/g)) found.add(m[1]);
  for (const m of src.matchAll(/i18nKey=\{?['"`]([a-zA-Z]+):/g)) found.add(m[1]);
  // Static imports, and dynamic ones (`React.lazy(() => import('~/components/…'))`): a lazy
  // chunk renders after hydration with the namespaces the page loaded.
  for (const m of src.matchAll(/(?:from |import\()'(~\/(?:components|routes)\/[^']+)'/g)) {
    if (m[1].endsWith('.server')) continue;
    const dep = resolveImport(m[1]);
    if (dep) for (const ns of namespacesOf(dep, seen)) found.add(ns);
  }
  return found;
}

/** A sample pathname for a route file: `($lang)._public.events.event.$eventId.tsx` → `/events/event/1`. */
function samplePath(routeFile: string): string {
  const segments = routeFile
    .replace(/\.tsx$/, '')
    .split('.')
    .filter((s) => s !== '($lang)' && !s.startsWith('_') && s !== '$')
    .map((s) => (s.startsWith('$') ? '1' : s));
  return `/${segments.join('/')}`;
}

const pageRoutes = readdirSync(ROUTES).filter(
  (f) => f.endsWith('.tsx') && /^\(\$lang\)\.(?:_public|_bare)\./.test(f),
);

describe('pages hydrate with the namespaces they use', () => {
  it('finds the public and sign-in pages', () => {
    expect(pageRoutes.length).toBeGreaterThan(15);
  });
  for (const route of pageRoutes) {
    it(`${route} (${samplePath(route)})`, () => {
      const loaded = namespacesForPath(samplePath(route));
      if (loaded === null) return; // a signed-in page loads every namespace
      const used = [...namespacesOf(path.join(ROUTES, route))].sort();
      expect(used.filter((ns) => !loaded.includes(ns))).toEqual([]);
    });
  }
});

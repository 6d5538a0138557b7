/**
 * docs/security.md's threat model names, for every route that takes a write (a route module that
 * exports an `action`), the properties that protect it. A new route with an action and no row
 * fails here, and so does a row left behind by a route that is gone: the table stays the list of
 * every state-changing path.
 */
import fs from 'node:fs';
import path from 'node:path';
import { UNSAFE_flatRoutes as flatRoutes } from '@remix-run/dev';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const ACTION = /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/;
/** The properties the threat model defines (its "Properties" list). */
const PROPERTIES = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8'];

type Manifest = Record<string, { id: string; parentId?: string; path?: string; file: string }>;

/** `/auth/admin/approvals`, `/api/:role/redeem`: each route's URL pattern, the language prefix left out. */
function routePath(manifest: Manifest, id: string): string {
  const parts: string[] = [];
  let r: Manifest[string] | undefined = manifest[id];
  while (r) {
    if (r.path) parts.unshift(r.path);
    r = r.parentId ? manifest[r.parentId] : undefined;
  }
  return ('/' + parts.join('/')).replace(/^\/:lang\?/, '') || '/';
}

/** Every route whose module exports an action, by URL pattern. */
function writingRoutes(): string[] {
  const manifest = flatRoutes(path.join(root, 'app')) as Manifest;
  return Object.values(manifest)
    .filter((r) => ACTION.test(fs.readFileSync(path.join(root, 'app', r.file), 'utf8')))
    .map((r) => routePath(manifest, r.id))
    .sort();
}

/** The rows of the threat model's path table: `| `/path` | methods | who | what | properties |`. */
function documentedPaths(markdown: string): Map<string, string> {
  const section = markdown.split(/^## Every path that writes$/m)[1]?.split(/^## /m)[0] ?? '';
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const m = /^\|\s*`([^`]+)`\s*\|(.*)\|\s*$/.exec(line);
    if (m) rows.set(m[1], m[2]);
  }
  return rows;
}

describe('the threat model lists every path that writes', () => {
  const doc = fs.readFileSync(path.join(root, 'docs/security.md'), 'utf8');
  const rows = documentedPaths(doc);
  const routes = writingRoutes();

  it('reads the routes and the table (a planted route without a row is seen)', () => {
    expect(routes).toContain('/auth/admin/approvals');
    expect(routes).toContain('/api/:role/redeem');
    expect(routes).not.toContain('/events');
    expect(
      documentedPaths('## Every path that writes\n| `/x` | POST | a | b | P2 |\n').has('/x'),
    ).toBe(true);
    expect(rows.size).toBeGreaterThan(0);
    expect([...routes, '/planted'].filter((p) => !rows.has(p))).toContain('/planted');
  });

  it('every route with an action has its row', () => {
    expect(routes.filter((p) => !rows.has(p))).toEqual([]);
  });

  it('every row is a route that still takes a write', () => {
    expect([...rows.keys()].filter((p) => !routes.includes(p))).toEqual([]);
  });

  it('every row names its properties, each one the model defines', () => {
    for (const [p, cells] of rows) {
      const last = cells.split('|').at(-1) ?? '';
      const named = last.match(/P\d+|—/g) ?? [];
      expect(named.length, `${p} names no property`).toBeGreaterThan(0);
      for (const n of named) if (n !== '—') expect(PROPERTIES, `${p}: ${n}`).toContain(n);
    }
  });

  it('each property the rows use is defined in the model', () => {
    for (const prop of PROPERTIES) expect(doc).toMatch(new RegExp(`^- \\*\\*${prop} `, 'm'));
  });
});

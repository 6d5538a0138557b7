/**
 * The accessibility sweep covers every page: each page route in app/routes (a route file with a
 * default export; resource routes draw nothing) is in the sweep's page list, or reached by its
 * stepped test, or named below with the reason it cannot be visited. A listed page that matches
 * no route fails too (a page renamed or removed).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGES, STEPPED_PAGES } from '../e2e/a11y-page-list';

const ROUTES = path.resolve(process.cwd(), 'app/routes');

/**
 * Pages the sweep does not visit, each with why (path pattern as the route files give it). Empty
 * on purpose: a new page goes into tests/e2e/a11y-page-list.ts, not here, unless no visit can
 * reach it.
 */
const NOT_SWEPT: Record<string, string> = {};

type Segment = { kind: 'static'; value: string } | { kind: 'param' } | { kind: 'splat' };

/** A flat-routes file name as the URL patterns it answers (two when a segment is optional). */
function routePatterns(file: string): Segment[][] {
  const name = file.replace(/\.tsx?$/, '');
  // Dots inside [] are literal (`dealer-refunds[.csv]`).
  const parts = name.match(/(\[[^\]]*\]|[^.[\]]+)+/g) ?? [];
  let patterns: Segment[][] = [[]];
  for (const raw of parts) {
    const part = raw.replace(/\[([^\]]*)\]/g, '$1');
    if (part === '($lang)') continue; // the optional language prefix: swept in both languages
    if (part.startsWith('_')) continue; // pathless layouts and _index
    const optional = /^\(.*\)$/.test(part);
    const bare = (optional ? part.slice(1, -1) : part).replace(/_$/, '');
    const seg: Segment =
      bare === '$'
        ? { kind: 'splat' }
        : bare.startsWith('$')
          ? { kind: 'param' }
          : { kind: 'static', value: bare };
    patterns = optional
      ? patterns.flatMap((p) => [p, [...p, seg]])
      : patterns.map((p) => [...p, seg]);
  }
  return patterns;
}

/** Does a listed page (a template: `:x` for an id, maybe a query or a note) fit the pattern? */
function fits(pattern: Segment[], page: string): boolean {
  const segs = page.split(/[?\s]/)[0].split('/').filter(Boolean);
  if (pattern.some((s) => s.kind === 'splat')) return segs.length >= pattern.length;
  if (segs.length !== pattern.length) return false;
  return pattern.every((s, i) =>
    s.kind === 'static' ? segs[i] === s.value : s.kind === 'param' ? segs[i].length > 0 : true,
  );
}

const show = (p: Segment[]) =>
  '/' + p.map((s) => (s.kind === 'static' ? s.value : s.kind === 'param' ? ':id' : '*')).join('/');

function pageRoutes() {
  return fs
    .readdirSync(ROUTES)
    .filter((f) => f.startsWith('($lang)') && /\.tsx?$/.test(f))
    .filter((f) => /export default/.test(fs.readFileSync(path.join(ROUTES, f), 'utf8')));
}

const LISTED = [...Object.values(PAGES).flat(), ...STEPPED_PAGES];

describe('the accessibility sweep covers every page', () => {
  it('reads route file names as their URL patterns', () => {
    expect(routePatterns('($lang).auth.admin.category.($categoryId).tsx').map(show)).toEqual([
      '/auth/admin/category',
      '/auth/admin/category/:id',
    ]);
    expect(
      routePatterns('($lang).auth.dealer_.redemptions.$redemptionId.print.tsx').map(show),
    ).toEqual(['/auth/dealer/redemptions/:id/print']);
    expect(routePatterns('($lang)._bare.login-code.tsx').map(show)).toEqual(['/login-code']);
    expect(routePatterns('($lang).auth.admin.dealer-refunds[.csv].tsx').map(show)).toEqual([
      '/auth/admin/dealer-refunds.csv',
    ]);
  });

  it('every page route is swept, stepped to, or named with its reason', () => {
    const routes = pageRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes
      .flatMap((f) => routePatterns(f).map((p) => ({ f, p })))
      .filter(({ f }) => !(f in NOT_SWEPT))
      // An optional segment: one of its two forms is enough.
      .filter(({ f }) => !routePatterns(f).some((p) => LISTED.some((page) => fits(p, page))))
      .map(({ f, p }) => `${f} (${show(p)})`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it('every listed page is a page some route draws', () => {
    // The catch-all answers any path: it cannot tell a stale entry.
    const patterns = pageRoutes()
      .flatMap(routePatterns)
      .filter((p) => !p.some((s) => s.kind === 'splat'));
    const stale = LISTED.filter(
      (page) => page !== '/no-such-page' && !patterns.some((p) => fits(p, page)),
    );
    expect(stale).toEqual([]);
    expect(Object.keys(NOT_SWEPT).filter((f) => !pageRoutes().includes(f))).toEqual([]);
  });
});

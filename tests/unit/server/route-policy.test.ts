/**
 * Routes declare their policy and title in their `handle` (~/lib/route-handle); the server reads
 * it from the build by path (server/route-policy.ts). Every route a visitor can reach without
 * signing in says whether it may be cached for anonymous visitors; every page names itself.
 */
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/titles.json';
import fr from '../../../locales/fr/titles.json';
import {
  directActions,
  pagePath,
  publicResourceLoaders,
  routePolicies,
} from '../../../server/route-policy';
import { appRouteTable } from '../helpers/route-table';

const table = appRouteTable();
const policy = routePolicies(table);
const pages = import.meta.glob<unknown>('/app/routes/*.tsx', { import: 'default', eager: true });
const fileOf = (id: string) => `/app/${id}.tsx`;
const parents = new Set(table.map((r) => r.parentId));
/** Signed-in areas: their guards answer every anonymous request before anything is cached. */
const signedIn = (id: string) => /^routes\/\(\$lang\)\.(?:auth\.|proxy-)/.test(id);

describe('route handles', () => {
  it('every route reachable without signing in has a cache decision', () => {
    const undecided = table
      .filter((r) => r.id !== 'root' && !signedIn(r.id))
      .filter((r) => {
        const cache = (r.module.handle as { cache?: string } | undefined)?.cache;
        return cache !== 'public' && cache !== 'none';
      })
      .map((r) => r.id);
    expect(undecided).toEqual([]);
  });

  it('every page names itself with a title key that exists in English and French', () => {
    const untitled: string[] = [];
    for (const r of table) {
      if (r.id === 'root' || parents.has(r.id) || !pages[fileOf(r.id)]) continue;
      const title = (r.module.handle as { title?: unknown } | undefined)?.title;
      if (typeof title === 'function') continue;
      if (typeof title !== 'string') {
        untitled.push(r.id);
        continue;
      }
      const key = title.replace(/^titles:/, '');
      if (!title.startsWith('titles:') || !(key in en) || !(key in fr)) untitled.push(r.id);
    }
    expect(untitled).toEqual([]);
  });

  it('titles are distinct pages in each language', () => {
    for (const dict of [en, fr] as Record<string, string>[]) {
      const values = Object.entries(dict).filter(([k]) => k !== 'format');
      expect(new Set(values.map(([, v]) => v)).size).toBe(values.length);
    }
  });

  it('the writes attackers hammer are in the sensitive tier, by their handles', () => {
    for (const p of [
      '/login',
      '/fr/login',
      '/login.data',
      '/forgot-password',
      '/password-lost-reset',
      '/forgot-password-reset',
      '/account-recovery',
      '/register',
      '/auth/email-verify',
      '/about/contact',
      '/api/contact-us',
      '/api/dealer/redeem',
      '/api/admin/redeem',
    ])
      expect(policy(p).rateLimit, p).toBe('sensitive');
    for (const p of ['/events', '/api/events', '/auth/rider/profile', '/api/admin/riders'])
      expect(policy(p).rateLimit, p).toBeUndefined();
  });

  it('upload-only routes say so; their neighbours do not', () => {
    for (const p of [
      '/api/vin-patterns/import',
      '/api/admin/rider/7/timecard',
      '/api/admin/serie/3/upload-events',
      '/api/event/5/upload-class',
      '/api/event/5/upload-class-result',
      '/api/event/5/upload-all-class-result',
      '/api/event/5/upload-all-formatted-class-result',
      '/api/rider/rider/9/upload-id-files',
    ])
      expect(policy(p).body, p).toBe('upload');
    for (const p of ['/api/admin/rider/7/timecard/a.png', '/api/event/5', '/api/vin-patterns'])
      expect(policy(p).body, p).not.toBe('upload');
  });

  it('a .data request follows its page', () => {
    expect(pagePath('/_root.data')).toBe('/');
    expect(pagePath('/fr.data')).toBe('/fr');
    expect(pagePath('/events.data')).toBe('/events');
    expect(pagePath('/events')).toBe('/events');
  });
});

describe('public reads called directly', () => {
  const loader = () => new Response('{}');
  const entries = [
    { id: 'root', path: '', module: { default: () => null } },
    {
      id: 'list',
      parentId: 'root',
      path: 'api/list',
      module: { handle: { cache: 'public' }, loader },
    },
    {
      id: 'one',
      parentId: 'root',
      path: 'api/one/:id',
      module: { handle: { cache: 'public' }, loader },
    },
    {
      id: 'mine',
      parentId: 'root',
      path: 'api/mine',
      module: { handle: { cache: 'none' }, loader },
    },
    {
      id: 'page',
      parentId: 'root',
      path: 'list',
      module: { handle: { cache: 'public' }, loader, default: () => null },
    },
  ];
  const direct = publicResourceLoaders(entries);

  it("are the resource routes whose handle says cache: 'public', with their params", () => {
    expect(direct('/api/list')?.loader).toBe(loader);
    expect(direct('/api/one/7')?.params).toEqual({ id: '7' });
  });

  it('never a route whose answer is per visitor, a page, or a path nothing matches', () => {
    expect(direct('/api/mine')).toBeNull();
    expect(direct('/list')).toBeNull();
    expect(direct('/api/none')).toBeNull();
  });
});

describe('actions called directly', () => {
  // The table carries the handles only: every route is given an action, so the handle decides.
  const action = () => null;
  const actions = directActions(table.map((r) => ({ ...r, module: { ...r.module, action } })));

  it("the counter's redemption is one, with its role", () => {
    const found = actions('/api/dealer/redeem');
    expect(found?.params).toEqual({ role: 'dealer' });
    expect(found?.action).toBe(action);
    expect(actions('/api/admin/redeem')?.params).toEqual({ role: 'admin' });
  });

  it('no other route of the app, and nothing a path does not match exactly', () => {
    const marked = table
      .filter((r) => (r.module.handle as { direct?: string } | undefined)?.direct)
      .map((r) => r.id);
    expect(marked).toEqual(['routes/api.$role.redeem']);
    expect(actions('/api/dealer/redeem/x')).toBeNull();
    expect(actions('/fr/api/dealer/redeem')).toBeNull();
    expect(actions('/api/admin/payout-claims')).toBeNull();
  });
});

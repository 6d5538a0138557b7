/** Admin lists: the query string (filters, page, whitelisted sort) and the links that change it. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listParams, parseSearch, sortSearch, withParams } from '~/lib/list-query';
import { dealerFilterSchema } from '~/lib/schemas/admin';

const schema = z.object({
  name: z.string().trim().max(5, 'x:tooLong').optional(),
  ...listParams(['name', 'created'] as const, 'created', 'desc'),
});

describe('list query (docs/architecture.md "Admin lists")', () => {
  it('a sort outside the whitelist, or a bad direction, falls back to the default', () => {
    expect(parseSearch(schema, '?sort=name&dir=asc').sort).toEqual({ key: 'name', dir: 'asc' });
    expect(parseSearch(schema, '').sort).toEqual({ key: 'created', dir: 'desc' });
    expect(parseSearch(schema, '?sort=name;DROP TABLE users&dir=up').sort).toEqual({
      key: 'created',
      dir: 'desc',
    });
    expect(parseSearch(dealerFilterSchema, '?sort=password').values.sort).toBe('name');
  });

  it('a bad filter is reported and dropped, the others are kept; a bad page means page 1', () => {
    const r = parseSearch(schema, '?name=toolongname&sort=name&page=abc');
    expect(r.errors).toEqual({ name: 'x:tooLong' });
    expect(r.values).toEqual({ sort: 'name', dir: 'desc', page: undefined });
    expect(parseSearch(schema, '?page=3').values.page).toBe(3);
  });

  it('a header link toggles the direction of the current sort, starts others at firstDir, drops page', () => {
    const current = { key: 'name', dir: 'asc' } as const;
    expect(sortSearch('?q=ann&page=3&sort=name&dir=asc', current, 'name')).toBe(
      '?q=ann&sort=name&dir=desc',
    );
    expect(sortSearch('?q=ann', current, 'created', 'desc')).toBe('?q=ann&sort=created&dir=desc');
    expect(sortSearch('?confirm=4', current, 'created', 'asc', ['confirm'])).toBe(
      '?sort=created&dir=asc',
    );
  });

  it('withParams sets and removes parameters', () => {
    expect(withParams('?a=1&b=2', { a: null, c: '3' })).toBe('?b=2&c=3');
    expect(withParams('?a=1', { a: null })).toBe('');
  });
});

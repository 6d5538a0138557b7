import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  dealerSearchSchema,
  earningsFilterSchema,
  pageOnlySchema,
  parseFilters,
  redemptionsFilterSchema,
} from '~/lib/schemas/rider-area';

describe('a list’s filters from its query string', () => {
  it('no query string: the unfiltered list, a fresh answer every time', () => {
    const first = parseFilters(new URLSearchParams(), earningsFilterSchema);
    expect(first).toEqual({ value: {}, errors: {} });
    // A caller changing its answer never changes the next one.
    (first.value as Record<string, unknown>).status = 'expired';
    first.errors.page = ['x'];
    expect(parseFilters(new URLSearchParams(), earningsFilterSchema)).toEqual({
      value: {},
      errors: {},
    });
  });

  it('a bad filter is reported and left out; the good ones still apply', () => {
    const { value, errors } = parseFilters(
      new URLSearchParams({ status: 'nonsense', type: 'bonus', page: '2' }),
      earningsFilterSchema,
    );
    expect(value).toEqual({ type: 'bonus', page: 2 });
    expect(Object.keys(errors)).toEqual(['status']);
  });

  it('no query string: the answer memoized per schema is the one a full parse gives', () => {
    for (const schema of [
      earningsFilterSchema,
      redemptionsFilterSchema,
      dealerSearchSchema,
      pageOnlySchema,
    ]) {
      const full = parseFilters(new URLSearchParams({ unknown: '' }), schema);
      expect(parseFilters(new URLSearchParams(), schema)).toEqual(full);
    }
    // A schema whose bare list is itself invalid reports it each time, each a fresh copy.
    const required = z.object({ q: z.string() });
    const first = parseFilters(new URLSearchParams(), required);
    expect(Object.keys(first.errors)).toEqual(['q']);
    first.errors.q!.push('changed');
    expect(parseFilters(new URLSearchParams(), required).errors.q).toHaveLength(1);
  });
});

/**
 * The rider area's list filters (GET query strings): a bad field is reported and left out, the
 * rest still filters; the answer is the one Conform's `parseWithZod` gives for the same query.
 */
import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  dealerSearchSchema,
  earningsFilterSchema,
  pageOnlySchema,
  parseFilters,
  redemptionsFilterSchema,
} from '~/lib/schemas/rider-area';

/** What the filters were before: Conform's parse, twice (the second without the bad fields). */
function conformFilters(search: URLSearchParams, schema: z.ZodTypeAny) {
  const first = parseWithZod(search, { schema });
  if (first.status === 'success') return { value: first.value, errors: {} };
  const errors: Record<string, string[]> = {};
  const kept = new URLSearchParams(search);
  for (const [key, list] of Object.entries(first.error ?? {})) {
    if (!list?.length) continue;
    errors[key] = list;
    kept.delete(key);
  }
  const second = parseWithZod(kept, { schema });
  return { value: second.status === 'success' ? second.value : {}, errors };
}

const CASES: [string, z.ZodTypeAny, string][] = [
  ['earnings', earningsFilterSchema, ''],
  ['earnings', earningsFilterSchema, 'type=cash&status=earned&page=2'],
  ['earnings', earningsFilterSchema, 'type=&status=&page='],
  ['earnings', earningsFilterSchema, 'type=gold&page=2'],
  ['earnings', earningsFilterSchema, 'type=cash&type=credit'],
  ['earnings', earningsFilterSchema, 'page=0'],
  ['earnings', earningsFilterSchema, 'page=abc&status=spent'],
  ['earnings', earningsFilterSchema, 'unknown=1&status=current'],
  ['redemptions', redemptionsFilterSchema, 'from=2026-01-01&to=2026-02-01'],
  ['redemptions', redemptionsFilterSchema, 'from=2026-03-01&to=2026-02-01'],
  ['redemptions', redemptionsFilterSchema, 'from=yesterday&to=2026-02-01&page=3'],
  ['redemptions', redemptionsFilterSchema, 'from=%20&to='],
  ['dealers', dealerSearchSchema, 'name=%20Moto%20&country=ca&state=QC'],
  ['dealers', dealerSearchSchema, 'country=Canada&zipcode=H2X'],
  ['dealers', dealerSearchSchema, `name=${'x'.repeat(101)}`],
  ['page only', pageOnlySchema, 'page=4'],
  ['page only', pageOnlySchema, 'page=-1'],
];

describe('rider list filters', () => {
  it.each(CASES)('%s ?%s: the same value and errors as Conform', (_, schema, query) => {
    const search = new URLSearchParams(query);
    expect(parseFilters(search, schema)).toEqual(conformFilters(search, schema));
  });

  it('reports a bad field and keeps filtering by the others', () => {
    const r = parseFilters(
      new URLSearchParams('type=gold&status=earned&page=2'),
      earningsFilterSchema,
    );
    expect(Object.keys(r.errors)).toEqual(['type']);
    expect(r.value).toEqual({ status: 'earned', page: 2 });
  });

  it('a range whose end comes before its start is reported on the end, and the end is dropped', () => {
    const r = parseFilters(
      new URLSearchParams('from=2026-03-01&to=2026-02-01'),
      redemptionsFilterSchema,
    );
    expect(r.errors).toEqual({ to: ['riderArea:redemptions.badRange'] });
    expect(r.value).toMatchObject({ from: '2026-03-01' });
    expect(r.value).not.toHaveProperty('to');
  });
});

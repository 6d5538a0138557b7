/**
 * ORDER BY for a sortable list: the service names, per sort key, the columns (or SQL
 * expressions it built itself) to order by. Only those keys can order a list; an unknown key
 * (from an API caller that skipped the schema) falls back to the default. Nothing the user typed
 * is ever written into SQL.
 */
import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SortInput } from '~/lib/list-query';

type Orderable = AnyColumn | SQL | SQL.Aliased;

/** The sort columns of a list: each key → its columns, most significant first. */
export type SortColumns<K extends string> = Record<K, readonly Orderable[]>;

/**
 * The ORDER BY terms for `input` (the parsed `sort`/`dir`), falling back to `fallback`; `tiebreak`
 * columns (ascending) follow, so pages never overlap.
 */
/**
 * The sort a list is shown in, as `key.dir` (the key whitelisted as orderFor does): what a list
 * built once per connection names its cached statement by.
 */
export function orderShape<K extends string>(
  columns: SortColumns<K>,
  input: SortInput<K>,
  fallback: { key: NoInfer<K>; dir?: 'asc' | 'desc' },
): string {
  const known = input.sort !== undefined && Object.hasOwn(columns, input.sort);
  const key = known ? (input.sort as K) : fallback.key;
  const dir = known ? (input.dir ?? 'asc') : (input.dir ?? fallback.dir ?? 'asc');
  return `${key}.${dir === 'desc' ? 'desc' : 'asc'}`;
}

export function orderFor<K extends string>(
  columns: SortColumns<K>,
  input: SortInput<K>,
  fallback: { key: NoInfer<K>; dir?: 'asc' | 'desc' },
  tiebreak: readonly Orderable[] = [],
): SQL[] {
  const known = input.sort !== undefined && Object.hasOwn(columns, input.sort);
  const key = known ? (input.sort as K) : fallback.key;
  const dir = known ? (input.dir ?? 'asc') : (input.dir ?? fallback.dir ?? 'asc');
  const order = dir === 'desc' ? desc : asc;
  return [...columns[key].map((c) => order(c)), ...tiebreak.map((c) => asc(c))];
}

/**
 * The query string of a list page: its filters, its page and its sort, read by one zod schema
 * (docs/architecture.md "Admin lists"). Pure: used by loaders and by the list components.
 *
 * Sorting is a whitelist twice over: the schema accepts only the list's sort keys (anything else
 * falls back to the default), and the service maps each key to its columns. User input never
 * reaches SQL as text.
 */
import { z } from 'zod';
import { withParams } from './search-params';

const SORT_DIRS = ['asc', 'desc'] as const;
export type SortDir = (typeof SORT_DIRS)[number];

/** The sort of a list: one of its keys and a direction. */
export type ListSort<K extends string = string> = { key: K; dir: SortDir };

/** What a service accepts to order a list (the parsed `sort` and `dir` parameters). */
export type SortInput<K extends string> = { sort?: K; dir?: SortDir };

/** A 1-based page number; anything else means page 1 (undefined). */
export const pageParam = z.coerce.number().int().min(1).max(1_000_000).optional().catch(undefined);

/**
 * The schema fields of a list's page and sort: `page`, `sort` (one of `keys`, else `initial`)
 * and `dir` (else `initialDir`). Spread them into the list's z.object next to its filters.
 */
export function listParams<K extends string>(
  keys: readonly [K, ...K[]],
  initial: NoInfer<K>,
  initialDir: SortDir = 'asc',
) {
  return {
    page: pageParam,
    sort: z.enum(keys).catch(initial),
    dir: z.enum(SORT_DIRS).catch(initialDir),
  };
}

/** The query string of a request, URL or search string as a plain object (first value wins). */
function paramsOf(input: Request | URL | URLSearchParams | string): Record<string, string> {
  const params =
    input instanceof URLSearchParams
      ? input
      : input instanceof Request
        ? new URL(input.url).searchParams
        : input instanceof URL
          ? input.searchParams
          : new URLSearchParams(input);
  const out: Record<string, string> = {};
  for (const [k, v] of params) if (!(k in out)) out[k] = v;
  return out;
}

export type ParsedSearch<T> = {
  /** The parsed values: a field that did not parse is left out (its default applies). */
  values: T;
  /** Field name → i18n key of the message, for each field that did not parse. */
  errors: Record<string, string>;
  /** The list's sort when the schema has `sort` and `dir` fields (see listParams), else null. */
  sort: ListSort | null;
};

/**
 * Parses a list's query string with its schema, field by field: a bad field is reported (its
 * message next to the field) and ignored, the other filters are kept.
 */
export function parseSearch<S extends z.AnyZodObject>(
  schema: S,
  input: Request | URL | URLSearchParams | string,
): ParsedSearch<z.infer<S>> {
  const params = paramsOf(input);
  const first = schema.safeParse(params);
  let values: z.infer<S>;
  const errors: Record<string, string> = {};
  if (first.success) {
    values = first.data;
  } else {
    const clean = { ...params };
    for (const issue of first.error.issues) {
      const key = String(issue.path[0] ?? '');
      errors[key] ??= issue.message;
      delete clean[key];
    }
    const second = schema.safeParse(clean);
    values = (second.success ? second.data : (schema.safeParse({}).data ?? {})) as z.infer<S>;
  }
  const { sort: key, dir } = values as { sort?: unknown; dir?: unknown };
  const sort: ListSort | null =
    typeof key === 'string' && (dir === 'asc' || dir === 'desc') ? { key, dir } : null;
  return { values, errors, sort };
}

export { withParams } from './search-params';

/**
 * The search string a column header links to: sort by `key` (the other direction when it is
 * already the sort, else `firstDir`), back to page 1, one-off parameters (`drop`) removed.
 */
export function sortSearch(
  search: string,
  current: ListSort | null,
  key: string,
  firstDir: SortDir = 'asc',
  drop: readonly string[] = [],
): string {
  const dir = current?.key === key ? (current.dir === 'asc' ? 'desc' : 'asc') : firstDir;
  return withParams(search, {
    sort: key,
    dir,
    page: null,
    ...Object.fromEntries(drop.map((k) => [k, null])),
  });
}

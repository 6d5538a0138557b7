/**
 * What a route declares about itself in its `handle`, read by the server (once per path, from the
 * build) and by the root layout: whether anonymous visitors may be served a cached copy, its
 * rate-limit tier, whether it takes only uploads, and the page's title. A new route says these
 * here instead of in a list in server/ (tests/unit/architecture.test.ts checks that it does).
 */

/**
 * A page title: a `titles:` key, a key with values, or a name shown as it is (an event's). `item`
 * names what a detail page shows, before the kind of page: « Jordan Hayes — Rider record », so two
 * riders' records never share a title.
 */
export type TitleSpec =
  string | { key: string; values?: Record<string, string | number>; item?: string | null };

/** The item a page's loader data names (a rider, an event), read with `pick`; null when none. */
function itemOf(data: unknown, pick: (data: Record<string, unknown>) => unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const item = pick(data as Record<string, unknown>);
  return typeof item === 'string' && item.trim() !== '' ? item.trim() : null;
}

/** A detail page's title: its kind of page (`key`) after the item its loader data names. */
export function itemTitle(key: string, pick: (data: Record<string, unknown>) => unknown) {
  return (data: unknown): TitleSpec => ({ key, item: itemOf(data, pick) });
}

/** A nested value of loader data, or undefined where a step is missing: `at(d, 'rider', 'name')`. */
export function at(data: unknown, ...path: string[]): unknown {
  let value = data;
  for (const step of path) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

/** Every route writes its handle `export const handle = { ... } as const satisfies RouteHandle`. */
export type RouteHandle = {
  /**
   * For anonymous visitors: 'public' pages (and their `.data`) may be served again while the
   * database is unchanged (server/perf/page-cache.ts); 'none' never. Only a page that reads nothing
   * but the database and the day can be 'public': no form, token or anything per visitor.
   */
  cache?: 'public' | 'none';
  /** 'sensitive': the writes attackers hammer (sign-in, codes, recovery, contact, redeem). */
  rateLimit?: 'sensitive';
  /**
   * 'upload': the route takes only a multipart upload (anything else is refused with 415);
   * 'any' undoes a parent's 'upload' for a nested route.
   */
  body?: 'upload' | 'any';
  /**
   * 'action': a JSON write the server may answer by calling this resource route's action itself
   * (server/perf/api-writes.ts), without Remix's static handler around it. Only for an action that
   * returns or throws a Response, never a redirect, and reads no query string.
   */
  direct?: 'action';
  /** The page's name: a `titles:` key, or built from the page's loader data. */
  title?: string | ((data: unknown) => TitleSpec | null | undefined);
};

/** The product's name, the end of every page title. */
export const APP_TITLE = 'contingency cash';

/** The title a page's handle gives for its loader data, or null. */
export function titleOf(handle: unknown, data: unknown): TitleSpec | null {
  const title = (handle as RouteHandle | undefined)?.title;
  if (title === undefined) return null;
  if (typeof title === 'function') return title(data) ?? null;
  return { key: title };
}

/**
 * The title of a page that adds a record or edits one (one route, an optional id): the two are
 * named apart, « Add a dealer » and « Dealer », so each page's title says which it is.
 */
export function addOrEditTitle(
  isNew: (data: Record<string, unknown>) => boolean,
  addKey: string,
  editKey: string,
  /** What the edited record is called (a dealer's name), read from the loader data. */
  pick?: (data: Record<string, unknown>) => unknown,
) {
  return (data: unknown): TitleSpec => {
    const adding = !!data && typeof data === 'object' && isNew(data as Record<string, unknown>);
    if (adding) return { key: addKey };
    return pick ? { key: editKey, item: itemOf(data, pick) } : { key: editKey };
  };
}

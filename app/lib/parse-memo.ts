/**
 * A bounded memo for parsing a query string with a pure schema: the same few filter strings come
 * back on every call of a list, and a zod parse that fills defaults through `.catch` builds an
 * issue (and its message) per missing field each time. What it keeps is frozen: shared by every
 * request that sends the same string.
 */
import { LRUCache } from 'lru-cache';

export function memoizedParse<T extends object>(
  parse: (search: string) => T,
  max = 500,
): (search: string) => T {
  const memo = new LRUCache<string, T>({ max });
  return (search) => {
    const hit = memo.get(search);
    if (hit !== undefined) return hit;
    // A refusal throws: nothing is memoized for it.
    const value = parse(search);
    Object.freeze(value);
    memo.set(search, value);
    return value;
  };
}

/**
 * Work done once per HTTP request and shared by every loader of it. A document request runs the
 * root loader, the layout's and the page's in parallel, and each one asks who is signed in (every
 * child checks the role itself): the answer is the same for all of them, so it is computed once.
 *
 * Memoized on the request's context (the AsyncLocalStorage the server starts for each request, see
 * log.server), so it ends with the request; outside a request (jobs, scripts, tests) nothing is
 * memoized. Callers use it only for reads that nothing else in the request changes first: a request
 * whose action may change them (a POST) computes afresh.
 */
import { currentRequest } from '~/services/platform/log.server';

const memos = new WeakMap<object, Map<string, unknown>>();

/** `compute()`'s value, computed at most once per request and `key`. */
export function oncePerRequest<T>(key: string, compute: () => T): T {
  const ctx = currentRequest();
  if (!ctx) return compute();
  let memo = memos.get(ctx);
  if (!memo) memos.set(ctx, (memo = new Map()));
  if (memo.has(key)) return memo.get(key) as T;
  const value = compute();
  memo.set(key, value);
  return value;
}

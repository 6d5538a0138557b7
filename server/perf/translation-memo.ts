/**
 * Remembers an i18next instance's answers to plain lookups.
 *
 * The server keeps one i18next instance per language for the life of the process, and its
 * resources never change after start-up. A page asks it for the same few hundred keys on every
 * request, and each lookup walks i18next's whole path (key parsing, namespace and language
 * fallbacks, nesting, interpolation of a string with no variables): about a seventh of a public
 * page's CPU. A lookup whose options say only which language, namespace or key prefix to use (or
 * that it wants the object under a key) always gives the same answer, so it is kept. One with
 * plain values (variables, `count`, `context`, `defaultValue`) gives the same answer for the same
 * values: kept in a bounded memo of its own; one with an object among its options goes straight
 * to i18next.
 */
import type { i18n } from 'i18next';

/** Written against this (it replaces an instance's `t` and `getFixedT`): tests/unit/server/perf-pins.test.ts. */
export const WRITTEN_FOR = { i18next: '23.16.8' } as const;

/** Options that only choose where to look, not what to produce. */
const WHERE = new Set(['lng', 'lngs', 'ns', 'keyPrefix', 'returnObjects']);

/** Most different lookups kept per instance (a bound, not an expected size: ~2,000 keys exist). */
const MAX_LOOKUPS = 20_000;

const part = (v: unknown): string | null => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.join(',');
  return null;
};

/** The cache key of a lookup, or null when the lookup must not be remembered. */
export function lookupKey(key: unknown, options: unknown): string | null {
  if (typeof key !== 'string') return null;
  if (options === undefined) return key;
  if (typeof options !== 'object' || options === null) return null;
  const o = options as Record<string, unknown>;
  for (const name in o) if (o[name] !== undefined && !WHERE.has(name)) return null;
  const parts = [
    key,
    part(o.lng),
    part(o.lngs),
    part(o.ns),
    part(o.keyPrefix),
    part(o.returnObjects),
  ];
  return parts.includes(null) ? null : parts.join('\u0001');
}

/** Most lookups with values kept at once (then they are all dropped and kept anew). */
export const MAX_VALUED_LOOKUPS = 5_000;

/**
 * The cache key of a lookup whose options give values (`count`, a variable, a context, a default),
 * or null: only when every option is null, a string, a number, a boolean or a list of strings (an
 * object, such as `interpolation` or `replace`, is never kept). The same key and values always
 * give the same text; the values vary (a name, a date, an amount), so these are kept apart from
 * the plain lookups, in a memo that is emptied when full.
 */
export function valuedLookupKey(key: unknown, options: unknown): string | null {
  if (typeof key !== 'string' || typeof options !== 'object' || options === null) return null;
  const o = options as Record<string, unknown>;
  const parts = [key];
  for (const name of Object.keys(o).sort()) {
    const v = o[name];
    if (v === undefined) continue;
    // null is a value of its own (i18next's fixed functions pass `lngs: null`).
    const text =
      v === null
        ? 'z'
        : typeof v === 'string'
          ? `s${v}`
          : typeof v === 'number'
            ? `n${v}`
            : typeof v === 'boolean'
              ? `b${v ? 1 : 0}`
              : Array.isArray(v) && v.every((x) => typeof x === 'string')
                ? `a${v.join('\u0002')}`
                : null;
    // The separators themselves in a value could make two lookups one key: not kept.
    if (text === null || text.includes('\u0001') || text.includes('\u0002')) return null;
    parts.push(name, text);
  }
  return parts.join('\u0001');
}

/**
 * Makes `instance.t` (which every `useTranslation` and `getFixedT` function calls) remember
 * lookups: plain ones for good, ones with values in a bounded memo of their own. Only for an
 * instance whose language and resources never change afterwards.
 */
export function memoizeLookups(instance: i18n): i18n {
  const original = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  const seen = new Map<string, unknown>();
  const valued = new Map<string, unknown>();
  const t = (...args: unknown[]) => {
    if (args.length > 2) return original(...args);
    const k = lookupKey(args[0], args[1]);
    if (k === null) {
      const v = valuedLookupKey(args[0], args[1]);
      if (v === null) return original(...args);
      if (valued.has(v)) return valued.get(v);
      const value = original(...args);
      if (valued.size >= MAX_VALUED_LOOKUPS) valued.clear();
      valued.set(v, value);
      return value;
    }
    if (seen.has(k)) return seen.get(k);
    const value = original(...args);
    if (seen.size < MAX_LOOKUPS) seen.set(k, value);
    return value;
  };
  (instance as unknown as { t: typeof t }).t = t;
  memoizeFixedT(instance);
  return instance;
}

/** Most fixed translation functions kept per instance (one per language, namespaces and prefix). */
const MAX_FIXED = 500;

/**
 * Makes `instance.getFixedT` hand out one function per language, namespaces and key prefix, which
 * answers a lookup by key alone from its own memory. Every `useTranslation` of a server render asks
 * for a fixed function, and each of its lookups otherwise builds i18next's options anew before
 * reaching the memo of `t`. Lookups with options go to i18next's fixed function as before.
 */
function memoizeFixedT(instance: i18n) {
  const original = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => FixedT;
  const fixed = new Map<string, FixedT>();
  const getFixedT = (...args: unknown[]) => {
    const [lng, ns, keyPrefix] = args;
    const k = args.length <= 3 ? [part(lng), part(ns), part(keyPrefix)] : [null];
    if (k.includes(null)) return original(...args);
    const id = k.join('\u0001');
    let f = fixed.get(id);
    if (!f) {
      f = rememberingFixedT(original(...args));
      if (fixed.size < MAX_FIXED) fixed.set(id, f);
    }
    return f;
  };
  (instance as unknown as { getFixedT: typeof getFixedT }).getFixedT = getFixedT;
}

type FixedT = ((...args: unknown[]) => unknown) & Record<string, unknown>;

/**
 * A fixed function that remembers its answers: to a key alone for good, to a key with plain
 * values in a bounded memo (as the instance does). A valued lookup through i18next's own fixed
 * function rebuilt its options (language, namespaces, prefix) on every call before the instance's
 * memo could answer it; a page's rows and titles make such lookups many times per render.
 */
function rememberingFixedT(inner: FixedT): FixedT {
  const seen = new Map<string, unknown>();
  const valued = new Map<string, unknown>();
  // Named parameters, not a rest array: a page calls this hundreds of times per render.
  const f = function (this: unknown, key: unknown, options?: unknown) {
    // eslint-disable-next-line prefer-rest-params -- rare calls with more arguments pass them on
    if (arguments.length > 2 || typeof key !== 'string') return inner(...arguments);
    if (options === undefined) {
      if (seen.has(key)) return seen.get(key);
      const value = inner(key);
      if (seen.size < MAX_LOOKUPS) seen.set(key, value);
      return value;
    }
    const v = valuedLookupKey(key, options);
    if (v === null) return inner(key, options);
    if (valued.has(v)) return valued.get(v);
    const value = inner(key, options);
    if (valued.size >= MAX_VALUED_LOOKUPS) valued.clear();
    valued.set(v, value);
    return value;
  } as FixedT;
  // What i18next and react-i18next read off a fixed function (its language, namespaces, prefix).
  for (const name of Object.keys(inner)) f[name] = inner[name];
  return f;
}

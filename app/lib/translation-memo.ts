/**
 * Remembers an i18next instance's answers to plain lookups.
 *
 * The server keeps one i18next instance per language for the life of the process, and its
 * resources never change after start-up. A page asks it for the same few hundred keys on every
 * request, and each lookup walks i18next's whole path (key parsing, namespace and language
 * fallbacks, nesting, interpolation of a string with no variables): about a seventh of a public
 * page's CPU. A lookup whose options say only which language, namespace or key prefix to use (or
 * that it wants the object under a key) always gives the same answer, so it is kept; any other
 * option (variables, `count`, `context`, `defaultValue`, …) goes straight to i18next.
 */
import type { i18n } from 'i18next';

/** Options that only choose where to look, not what to produce. */
const WHERE = new Set(['lng', 'lngs', 'ns', 'keyPrefix', 'returnObjects']);

/** Most different lookups kept per instance (a bound, not an expected size: ~2,000 keys exist). */
export const MAX_LOOKUPS = 20_000;

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

/**
 * Makes `instance.t` (which every `useTranslation` and `getFixedT` function calls) remember plain
 * lookups. Only for an instance whose language and resources never change afterwards.
 */
export function memoizeLookups(instance: i18n): i18n {
  const original = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  const seen = new Map<string, unknown>();
  const t = (...args: unknown[]) => {
    const k = args.length <= 2 ? lookupKey(args[0], args[1]) : null;
    if (k === null) return original(...args);
    if (seen.has(k)) return seen.get(k);
    const value = original(...args);
    if (seen.size < MAX_LOOKUPS) seen.set(k, value);
    return value;
  };
  (instance as unknown as { t: typeof t }).t = t;
  return instance;
}

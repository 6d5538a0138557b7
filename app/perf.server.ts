/**
 * The switch over every mechanism that exists only for speed. `PERF_OFF=all` turns them all off,
 * so a dependency upgrade can be tried without any of them; `PERF_OFF=name,name` turns off the
 * ones named (how `npm run bench:mechanisms` measures what each one wins). Read from the process
 * environment, not `env()`: the server, the Remix build and the start script each ask before any
 * of them has parsed the rest of the settings.
 *
 * The one door from app/ to the mechanisms themselves (server/perf/): the app installs them only
 * through the functions here.
 */
import type { i18n } from 'i18next';
import { memoizeLookups } from '../server/perf/translation-memo';

export const PERF_MECHANISMS = [
  // Anonymous answers kept whole until the data changes (server/perf/page-cache.ts).
  'page-cache',
  // The router's matching and route trees computed once (server/perf/framework-patches.ts).
  'router-patches',
  // Public API reads answered by their loader directly, API writes' actions called directly.
  'api-direct',
  // i18next lookups remembered per language.
  'translation-memo',
  // drizzle queries built once per call site (`prepared`).
  'prepared-queries',
  // Service answers kept until their slice of the data (or, for reports, anything) changes.
  'data-memos',
  // Small answers remembered per process: session cookies checked, weak-PIN answers, a month's
  // bounds, route policies by path, rate-limit keys by client address.
  'small-memos',
] as const;
export type PerfMechanism = (typeof PERF_MECHANISMS)[number];

let lastSetting: string | undefined;
let off = new Set<string>();

/** Whether `name` is switched on (every mechanism is, unless `PERF_OFF` says otherwise). */
export function perfOn(name: PerfMechanism): boolean {
  const setting = process.env.PERF_OFF ?? '';
  if (setting !== lastSetting) {
    lastSetting = setting;
    off = new Set(setting.split(',').map((s) => s.trim()));
  }
  return !off.has('all') && !off.has(name);
}

/** The server's i18next instance for a language, its plain lookups remembered when switched on. */
export function withTranslationMemo(instance: i18n): i18n {
  return perfOn('translation-memo') ? memoizeLookups(instance) : instance;
}

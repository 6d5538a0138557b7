/**
 * The browser's i18next: translations are fetched as one JSON file per language and namespace
 * (emitted by Vite with a content hash, so cached for good), not carried in the JavaScript every
 * page loads. A namespace added under `locales/<lng>/` is picked up by itself.
 */
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { i18nConfig, namespacesForPath } from '~/i18n';
import type { Lang } from '~/lib/lang';

// Only the files' URLs are in the bundle (a few bytes each), not their content.
const urls = import.meta.glob<string>('../locales/*/*.json', {
  query: '?url',
  import: 'default',
  eager: true,
});

/** Every namespace there is (from the English files' names). */
const allNamespaces = Object.keys(urls)
  .map((p) => /\/locales\/en\/([^/]+)\.json$/.exec(p)?.[1])
  .filter((ns): ns is string => !!ns);

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng: string, ns: string, callback: ReadCallback) {
    const url = urls[`../locales/${lng}/${ns}.json`];
    if (!url) return callback(null, {});
    fetch(url)
      .then((r) =>
        r.ok
          ? (r.json() as Promise<Record<string, unknown>>)
          : Promise.reject(new Error(`${url}: ${r.status}`)),
      )
      .then(
        (data) => callback(null, data),
        (err: Error) => callback(err, false),
      );
  },
};

/** Starts i18next with what the current page needs; resolves once those namespaces are in. */
export async function initClientI18n(lang: Lang, pathname: string) {
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      ...i18nConfig,
      lng: lang,
      ns: namespacesForPath(pathname) ?? allNamespaces,
      fallbackLng: false,
    });
  return i18next;
}

/** Loads every other namespace when the browser is idle, so client-side navigations find them. */
export function loadRemainingNamespaces() {
  const run = () => void i18next.loadNamespaces(allNamespaces);
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 1000);
}

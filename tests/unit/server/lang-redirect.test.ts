/**
 * The language is remembered: the `lang` cookie, or on a first visit the
 * Accept-Language header, sends an unprefixed page to /fr/...; English stays English when chosen;
 * crawlers, the API, files, data requests and POSTs are never redirected.
 */
import { describe, expect, it } from 'vitest';
import {
  acceptedLang,
  cookieLang,
  langRedirectTarget,
  type LangRequest,
} from '../../../server/lang-redirect';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const page = (over: Partial<LangRequest>): LangRequest => ({
  method: 'GET',
  path: '/events',
  search: '',
  accept: HTML,
  userAgent: CHROME,
  ...over,
});

describe('language redirect', () => {
  it('reads the cookie and the Accept-Language preference', () => {
    expect(cookieLang('a=1; lang=fr; b=2')).toBe('fr');
    expect(cookieLang('lang=de')).toBeUndefined();
    expect(acceptedLang('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(acceptedLang('en-US,en;q=0.9,fr;q=0.8')).toBe('en');
    expect(acceptedLang('de-DE,fr;q=0.5,en;q=0.7')).toBe('en');
    expect(acceptedLang('de-DE')).toBeUndefined();
  });

  it('the French cookie sends an unprefixed page to /fr with its query', () => {
    expect(langRedirectTarget(page({ cookie: 'lang=fr', search: '?page=2' }))).toBe(
      '/fr/events?page=2',
    );
    expect(langRedirectTarget(page({ path: '/', cookie: 'lang=fr' }))).toBe('/fr');
  });

  it('a first visit from a French browser goes to /fr; an English one stays', () => {
    expect(langRedirectTarget(page({ acceptLanguage: 'fr-CA,fr;q=0.9,en;q=0.8' }))).toBe(
      '/fr/events',
    );
    expect(langRedirectTarget(page({ acceptLanguage: 'en-US,en;q=0.9' }))).toBeNull();
  });

  it('choosing English sticks: cookie en wins over a French browser', () => {
    expect(langRedirectTarget(page({ cookie: 'lang=en', acceptLanguage: 'fr-FR,fr' }))).toBeNull();
  });

  it('crawlers, French URLs, the API, files, data requests, assets and POSTs are left alone', () => {
    const fr = { cookie: 'lang=fr' };
    expect(
      langRedirectTarget(
        page({
          ...fr,
          userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
        }),
      ),
    ).toBeNull();
    expect(langRedirectTarget(page({ ...fr, path: '/fr/events' }))).toBeNull();
    expect(langRedirectTarget(page({ ...fr, path: '/fr' }))).toBeNull();
    expect(langRedirectTarget(page({ ...fr, path: '/api/events' }))).toBeNull();
    expect(langRedirectTarget(page({ ...fr, path: '/files/documents/3' }))).toBeNull();
    expect(langRedirectTarget(page({ ...fr, path: '/events.data' }))).toBeNull();
    expect(langRedirectTarget(page({ ...fr, path: '/favicon.ico' }))).toBeNull();
    expect(langRedirectTarget(page({ ...fr, method: 'POST' }))).toBeNull();
    expect(langRedirectTarget(page({ ...fr, accept: '*/*' }))).toBeNull();
  });
});

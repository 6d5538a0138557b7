/**
 * Rule: every redirect target taken from a request goes through `safeRedirect` and ends on our
 * own origin, as a browser would read the Location header; set-lang checks its localized target
 * again (`/fr//x` is safe, its English form `//x` is not).
 */
import { describe, expect, it } from 'vitest';
import { safeRedirect } from '~/lib/lang';
import { loader as setLang } from '~/routes/api.set-lang';
import { OPEN_REDIRECT_PAYLOADS } from '../../fixtures/open-redirects';

const OURS = 'https://ours.example';

/** What a browser makes of a Location header value, from one of our pages. */
function sameOrigin(location: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(location)) return false;
  if (!location.startsWith('/') || /^\/[/\\]/.test(location)) return false;
  return new URL(location, `${OURS}/some/page`).origin === OURS;
}

describe('safeRedirect keeps every redirect on our origin', () => {
  it('the corpus holds at least 100 payloads', () => {
    expect(new Set(OPEN_REDIRECT_PAYLOADS).size).toBeGreaterThanOrEqual(100);
  });

  it.each(OPEN_REDIRECT_PAYLOADS.map((p) => [JSON.stringify(p).slice(0, 80), p]))(
    '%s gives a same-origin path',
    (_name, payload) => {
      const out = safeRedirect(payload, '/fallback');
      expect(sameOrigin(out), out).toBe(true);
    },
  );

  it('the known bypass `/.//evil.example` gives the fallback', () => {
    expect(safeRedirect('/.//evil.example', '/home')).toBe('/home');
    expect(safeRedirect('/.//evil.example/x', '/home')).toBe('/home');
  });

  it('our own paths are kept whole (query and fragment too)', () => {
    expect(safeRedirect('/events')).toBe('/events');
    expect(safeRedirect('/fr/auth/admin/riders?page=2&sort=name#list')).toBe(
      '/fr/auth/admin/riders?page=2&sort=name#list',
    );
    expect(safeRedirect('/a/./b/../c')).toBe('/a/c');
  });
});

describe('GET /api/set-lang with any redirectTo stays on our origin', () => {
  it.each(['en', 'fr'])('lang=%s: every payload of the corpus', async (lang) => {
    for (const payload of OPEN_REDIRECT_PAYLOADS) {
      const url = `${OURS}/api/set-lang?lang=${lang}&redirectTo=${encodeURIComponent(payload)}`;
      const res = (await setLang({
        request: new Request(url),
        params: {},
        context: {},
      })) as Response;
      expect(res.status, payload).toBe(302);
      const location = res.headers.get('Location') ?? '';
      expect(sameOrigin(location), `${payload} → ${location}`).toBe(true);
    }
  });
});

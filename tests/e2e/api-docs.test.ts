/**
 * The API reference (/api/docs) fits a phone: at 390 px nothing scrolls sideways, in English and
 * French (long addresses and patterns wrap; each table row becomes a card). And a wrong method
 * on /api is a 405 before its body is read, in the caller's language, on both server paths.
 */
import { describe, expect, it } from 'vitest';
import { baseURL, newPage, useBrowser } from './helpers';

const browser = useBrowser();

describe('/api/docs on a phone', () => {
  it('fits 390 px without sideways scrolling (en, fr)', async () => {
    const { context, page } = await newPage(browser(), { javaScript: false });
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      // Both languages: the French text is longer, and the page is not in the sweep's list.
      for (const [lang, title] of [
        ['en', 'contingency cash API reference'],
        ['fr', 'Référence de l’API de contingency cash'],
      ] as const) {
        await page.goto(`/api/docs?lang=${lang}`);
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(title);
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        expect(clientWidth, lang).toBe(390);
        expect(scrollWidth, lang).toBeLessThanOrEqual(clientWidth);
      }
    } finally {
      await context.close();
    }
  });
});

/**
 * The same refusal whichever way the server answers: run once as is and once with
 * PERF_OFF=api-direct (the redemption's action and public reads called without Remix, or through it).
 */
describe('/api refusals through the server', () => {
  const send = (address: string, method: string, language: string) =>
    fetch(`${baseURL()}${address}`, {
      method,
      headers: { 'Content-Type': 'application/json', 'Accept-Language': language },
      body: '{"not json',
    });

  for (const [address, method, allow] of [
    ['/api/events', 'PATCH', 'GET, HEAD'],
    ['/api/dealer/redeem', 'PUT', 'POST'],
  ] as const) {
    it(`${method} ${address} is a 405 naming ${allow} before its body is read, in the caller's language`, async () => {
      const fr = await send(address, method, 'fr-CA,fr;q=0.9,en;q=0.5');
      expect(fr.status).toBe(405);
      expect(fr.headers.get('Allow')).toBe(allow);
      expect(fr.headers.get('Content-Language')).toBe('fr');
      const frBody = (await fr.json()) as { error: string; code: string };
      expect(frBody.error).toMatch(/méthode/);
      const en = await send(address, method, 'en-US');
      expect(en.status).toBe(405);
      const enBody = (await en.json()) as { error: string; code: string };
      expect(enBody.error).toMatch(/method/);
      expect(enBody.code).toBe(frBody.code);
    });
  }
});

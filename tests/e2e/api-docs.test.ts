/**
 * The API reference (/api/docs) fits a phone: at 390 px nothing scrolls sideways, in English and
 * French (long addresses and patterns wrap; each table row becomes a card).
 */
import { describe, expect, it } from 'vitest';
import { newPage, useBrowser } from './helpers';

const browser = useBrowser();

describe('/api/docs on a phone', () => {
  for (const [lang, title] of [
    ['en', 'contingency cash API reference'],
    ['fr', 'Référence de l’API de contingency cash'],
  ] as const) {
    it(`fits 390 px without sideways scrolling (${lang})`, async () => {
      const { context, page } = await newPage(browser(), { javaScript: false });
      try {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(`/api/docs?lang=${lang}`);
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(title);
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        expect(clientWidth).toBe(390);
        expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      } finally {
        await context.close();
      }
    });
  }
});
